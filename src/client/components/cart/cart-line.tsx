import { Link } from "react-router-dom";
import { formatPounds } from "../../../shared/money";
import { savingLabel } from "../../../shared/pricing";
import { useCart } from "../../hooks/use-cart";
import { IMAGE_SIZES } from "../../lib/picture";
import { CompetitionImage } from "../competition/competition-image";
import { TicketChips } from "../competition/ticket-chips";
import { MinusIcon, PlusIcon, TrashIcon } from "../ui/icons";
import { linePrice, type CartItem } from "./cart-items";

const stepButton = "inline-flex size-9 items-center justify-center rounded-md border border-stone-300 bg-white text-field-800 hover:bg-field-50";

/** The line's chosen numbers, or why it has none: they were let go, and will be drawn at random. */
function LineNumbers({ item }: { item: CartItem }) {
  const { setOpen } = useCart();
  const numbers = item.numbers ?? [];
  const random = item.quantity - numbers.length;
  if (numbers.length === 0 && !item.numbersCleared) return null;
  return (
    <div className="mt-1.5 flex flex-col gap-1">
      <TicketChips numbers={numbers.map((n) => `#${n}`)} label={`Your numbers for ${item.title}`} testId="cart-number" />
      {numbers.length === 0 ? (
        <p className="text-xs text-stone-700" data-testid="cart-random-note">
          Numbers will be drawn at random.{" "}
          <Link
            to={`/competition/${item.competitionId}`}
            onClick={() => setOpen(false)}
            className="font-semibold text-field-700 underline underline-offset-2 hover:text-field-900"
          >
            Choose numbers
          </Link>
        </p>
      ) : random > 0 ? (
        <p className="text-xs text-stone-700" data-testid="cart-random-note">
          {random === 1 ? "1 more number will be drawn at random." : `${random} more numbers will be drawn at random.`}
        </p>
      ) : null}
    </div>
  );
}

export function CartLine({ item }: { item: CartItem }) {
  const { increment, decrement, removeItem } = useCart();
  const line = linePrice(item);
  const saving = savingLabel(line);
  return (
    <li className="flex gap-3 py-3">
      <CompetitionImage src={item.image} alt="" sizes={IMAGE_SIZES.thumb} width={56} height={56} className="size-14 shrink-0 overflow-hidden rounded-lg" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="line-clamp-2 text-sm font-semibold text-stone-900">{item.title}</p>
          <button
            type="button"
            onClick={() => removeItem(item.competitionId)}
            className="-mr-1 -mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-stone-600 hover:bg-danger-50 hover:text-danger-700"
            aria-label={`Remove ${item.title} from cart`}
          >
            <TrashIcon className="size-4" />
          </button>
        </div>
        <p className="text-xs text-stone-600">
          {formatPounds(line.unitPence)} each
          {saving ? (
            <>
              {" · "}
              <span className="font-semibold text-field-700" data-testid="cart-line-saving">
                {saving}
              </span>
            </>
          ) : null}
        </p>
        <LineNumbers item={item} />
        <div className="mt-2 flex items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <button type="button" className={stepButton} onClick={() => decrement(item.competitionId)} aria-label={`Decrease quantity of ${item.title}`}>
              <MinusIcon className="size-4" />
            </button>
            <span className="min-w-6 text-center text-sm font-semibold tabular-nums" aria-label={`Quantity ${item.quantity}`}>
              {item.quantity}
            </span>
            <button type="button" className={stepButton} onClick={() => increment(item.competitionId)} aria-label={`Increase quantity of ${item.title}`}>
              <PlusIcon className="size-4" />
            </button>
          </div>
          <p className="text-sm font-semibold tabular-nums text-field-900">{formatPounds(line.totalPence)}</p>
        </div>
      </div>
    </li>
  );
}
