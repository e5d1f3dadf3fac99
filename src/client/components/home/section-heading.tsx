import type { ReactNode } from "react";

/** The heading block of a home-page section. */
export function SectionHeading({ id, title, lead, action }: { id: string; title: string; lead?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={id} className="text-3xl font-bold sm:text-4xl">
          {title}
        </h2>
        {lead ? <p className="mt-2 max-w-2xl text-lg text-stone-700">{lead}</p> : null}
      </div>
      {action}
    </div>
  );
}
