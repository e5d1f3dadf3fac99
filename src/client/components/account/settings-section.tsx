import type { ReactNode } from "react";
import { Card } from "../ui/card";

/** One block of the account settings under the profile form: a heading, a line on what it does, the controls. */
export function SettingsSection({ id, title, lead, children }: { id?: string; title: string; lead?: ReactNode; children: ReactNode }) {
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, "-")}-heading`;
  return (
    <Card id={id} aria-labelledby={headingId} role="region" className="max-w-3xl scroll-mt-24">
      <h2 id={headingId} className="font-sans text-xl font-bold text-field-900">
        {title}
      </h2>
      {lead ? <p className="mt-1 text-stone-700">{lead}</p> : null}
      <div className="mt-5">{children}</div>
    </Card>
  );
}
