import type { ReactNode } from "react";

/** One of the account page's summary tiles; two to a row on a phone, icon above the figure. */
export function StatTile({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-cream-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-field-50 text-field-700 sm:size-12">{icon}</span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-stone-600">{label}</p>
        <p className="text-lg font-bold tabular-nums text-field-900">{value}</p>
      </div>
    </div>
  );
}
