import { useId } from "react";
import { formatPounds } from "../../../shared/money";
import { priceLine, savingLabel, type PriceTier } from "../../../shared/pricing";
import { cn } from "../../lib/cn";

interface MultibuyTiersProps {
  basePence: number;
  tiers: readonly PriceTier[];
  /** The most tickets this order may have: tiers above it are not offered. */
  limit: number;
  /** The quantity chosen now (0 while the field holds no whole number). */
  count: number;
  onPick: (quantity: number) => void;
}

/** "10 tickets · £1.79 each · save £2.00", priced by the same function the server charges with. */
export function tierLabel(basePence: number, tiers: readonly PriceTier[], quantity: number): string {
  const line = priceLine(basePence, tiers, quantity);
  const saving = savingLabel(line);
  return [`${quantity} ${quantity === 1 ? "ticket" : "tickets"}`, `${formatPounds(line.unitPence)} each`, ...(saving ? [saving] : [])].join(" · ");
}

/** One button per multibuy price (and one ticket at the ticket price); the one whose price applies now is pressed. */
export function MultibuyTiers({ basePence, tiers, limit, count, onPick }: MultibuyTiersProps) {
  const quantities = [1, ...tiers.map((t) => t.minQuantity).filter((q) => q > 1 && q <= limit)];
  const headingId = useId();
  if (quantities.length < 2) return null;
  const applies = count >= 1 ? quantities.findLast((q) => q <= count) : undefined;
  return (
    <div role="group" aria-labelledby={headingId} data-testid="multibuy-tiers" className="flex flex-col gap-2">
      <p id={headingId} className="text-sm font-semibold text-stone-800">
        Multibuy prices
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {quantities.map((q) => {
          const active = q === applies;
          return (
            <button
              key={q}
              type="button"
              aria-pressed={active}
              onClick={() => onPick(q)}
              className={cn(
                "min-h-11 rounded-lg border px-3 py-2 text-left text-sm font-semibold tabular-nums transition-colors",
                active
                  ? "border-field-700 bg-field-50 text-field-900 ring-2 ring-field-600"
                  : "border-stone-300 bg-white text-stone-800 hover:border-field-400 hover:bg-field-50",
              )}
            >
              {tierLabel(basePence, tiers, q)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
