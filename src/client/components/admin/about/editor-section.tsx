import type { ReactNode } from "react";
import { Card } from "../../ui/card";

export function EditorSection({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="text-xl font-bold">{title}</h2>
      {lead ? <p className="mb-4 text-sm text-stone-700">{lead}</p> : null}
      <div className="flex flex-col gap-5">{children}</div>
    </Card>
  );
}
