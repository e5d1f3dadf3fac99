import { formatPounds } from "../../../shared/money";
import type { LinePrice } from "../../../shared/pricing";

/** The entry form's total, and what a multibuy price saves on it. */
export function EntryTotal({ line }: { line: LinePrice | null }) {
  const saving = line && line.savingPence > 0 ? line.savingPence : 0;
  return (
    <div className="flex flex-col gap-0.5 rounded-xl bg-cream-100 px-4 py-3">
      <div className="flex items-center justify-between">
        <span className="font-semibold text-stone-800">Total</span>
        <span className="text-2xl font-bold tabular-nums text-field-900" aria-live="polite" data-testid="entry-total">
          {formatPounds(line?.totalPence ?? 0)}
        </span>
      </div>
      {saving > 0 ? (
        <p className="text-right text-sm font-semibold text-field-700" data-testid="entry-saving">
          You save {formatPounds(saving)}
        </p>
      ) : null}
    </div>
  );
}
