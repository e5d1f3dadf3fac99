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
    <div className="flex min-w-0 flex-col gap-1 rounded-2xl border border-cream-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-stone-700">{label}</p>
        {icon ? <span className="text-field-600">{icon}</span> : null}
      </div>
      <p className="text-2xl font-bold tabular-nums break-words text-field-900 sm:text-3xl">{value}</p>
      {detail ? <p className="text-sm text-stone-600">{detail}</p> : null}
    </div>
  );
}

export function StatGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section aria-label={label} className="mb-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {children}
    </section>
  );
}
