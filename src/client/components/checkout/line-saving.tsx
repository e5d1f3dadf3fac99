import { decimalToPence, formatPounds, formatPrice } from "../../../shared/money";
import type { OrderView } from "../../../shared/schemas/order";

type Line = Pick<OrderView["lines"][number], "quantity" | "unitPrice" | "saving">;

/** On a receipt line bought at a multibuy price: "10 × £1.79 · Multibuy saving: −£2.00". Nothing for a line at the ticket price. */
export function LineSaving({ line, className }: { line: Line; className?: string }) {
  const saving = decimalToPence(line.saving) ?? 0;
  if (saving <= 0) return null;
  return (
    <p className={className ?? "text-sm text-stone-700"}>
      <span className="tabular-nums" data-testid="line-unit-price">
        {line.quantity} × {formatPrice(line.unitPrice)}
      </span>
      {" · "}
      <span className="font-semibold text-field-700" data-testid="line-saving">
        Multibuy saving: −{formatPounds(saving)}
      </span>
    </p>
  );
}
