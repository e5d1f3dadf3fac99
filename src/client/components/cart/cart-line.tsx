import { formatPounds, formatPrice } from "../../../shared/money";
import { useCart } from "../../hooks/use-cart";
import { CompetitionImage } from "../competition/competition-image";
import { MinusIcon, PlusIcon, TrashIcon } from "../ui/icons";
import { linePence, type CartItem } from "./cart-items";

const stepButton = "inline-flex size-9 items-center justify-center rounded-md border border-stone-300 bg-white text-field-800 hover:bg-field-50";

export function CartLine({ item }: { item: CartItem }) {
  const { increment, decrement, removeItem } = useCart();
  return (
    <li className="flex gap-3 py-3">
      <CompetitionImage src={item.image} alt="" className="size-14 shrink-0 overflow-hidden rounded-lg" />
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
        <p className="text-xs text-stone-600">{formatPrice(item.price)} each</p>
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
          <p className="text-sm font-semibold tabular-nums text-field-900">{formatPounds(linePence(item))}</p>
        </div>
      </div>
    </li>
  );
}
