import type { ReactNode } from "react";

interface StatTileProps {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon?: ReactNode;
}

/** One figure on a dashboard: the label, the number and a line of detail. */
export function StatTile({ label, value, detail, icon }: StatTileProps) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-cream-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-stone-700">{label}</p>
        {icon ? <span className="text-field-600">{icon}</span> : null}
      </div>
      <p className="text-3xl font-bold tabular-nums text-field-900">{value}</p>
      {detail ? <p className="text-sm text-stone-600">{detail}</p> : null}
    </div>
  );
}

export function StatGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section aria-label={label} className="mb-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {children}
    </section>
  );
}
