import { formatPounds } from "../../../shared/money";
import { useCart } from "../../hooks/use-cart";
import { linePrice } from "../cart/cart-items";
import { CartLine } from "../cart/cart-line";
import { Card } from "../ui/card";

/** The cart as an editable order summary: lines, subtotal at ticket prices, multibuy savings, a discount code's saving, the (zero) processing fee and total. */
export function CartOrderSummary({ unavailable, discount }: { unavailable: Map<string, string>; discount?: { code: string; pence: number } | null }) {
  const { items, totalPence } = useCart();
  const discountPence = discount?.pence ?? 0;
  const savingPence = items.reduce((sum, i) => sum + linePrice(i).savingPence, 0);
  return (
    <Card>
      <h2 className="text-xl font-bold">Order Summary</h2>
      <ul className="mt-2 divide-y divide-cream-200">
        {items.map((item) => (
          <CartLine key={item.competitionId} item={item} />
        ))}
      </ul>
      {unavailable.size > 0 ? (
        <ul role="alert" className="mt-2 flex flex-col gap-1 rounded-lg bg-danger-50 px-3 py-2 text-sm font-medium text-danger-700">
          {[...unavailable.values()].map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <dl className="mt-2 flex flex-col gap-2 border-t border-cream-200 pt-4 tabular-nums">
        <div className="flex justify-between">
          <dt className="text-stone-700">Subtotal</dt>
          <dd className="font-semibold">{formatPounds(totalPence + savingPence)}</dd>
        </div>
        {savingPence > 0 ? (
          <div className="flex justify-between text-field-700">
            <dt>Multibuy savings</dt>
            <dd className="font-semibold" data-testid="checkout-saving">
              −{formatPounds(savingPence)}
            </dd>
          </div>
        ) : null}
        {discount && discountPence > 0 ? (
          <div className="flex justify-between text-field-700">
            <dt>Discount ({discount.code})</dt>
            <dd className="font-semibold" data-testid="checkout-discount">
              −{formatPounds(discountPence)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt className="text-stone-700">Processing Fee</dt>
          <dd className="font-semibold">£0.00</dd>
        </div>
        <div className="flex justify-between border-t border-cream-200 pt-2 text-lg">
          <dt className="font-bold text-field-900">Total</dt>
          <dd className="font-bold text-field-900" data-testid="checkout-total">
            {formatPounds(totalPence - discountPence)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
