import type { ReactNode } from "react";
import { Card } from "../../ui/card";

/** One part of a customer's record: a heading (with an optional count and action) over its content. */
export function RecordSection({ title, count, action, children }: { title: string; count?: number; action?: ReactNode; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <Card aria-labelledby={id} role="region">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold">
          {title}
          {count !== undefined ? <span className="ml-2 text-base font-semibold text-stone-600">({count})</span> : null}
        </h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

export function Nothing({ children }: { children: ReactNode }) {
  return <p className="text-stone-700">{children}</p>;
}
