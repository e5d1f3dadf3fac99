import { formatPounds } from "../../../shared/money";
import { useCart } from "../../hooks/use-cart";
import { Button } from "../ui/button";
import { CartIcon, CloseIcon } from "../ui/icons";
import { CartLine } from "./cart-line";

export function checkoutLabel(count: number): string {
  return `Proceed to Checkout (${count} ${count === 1 ? "item" : "items"})`;
}

/** The contents of the header's cart dropdown. */
export function CartPanel({ onClose }: { onClose: () => void }) {
  const { items, itemCount, totalPence } = useCart();

  const goToCheckout = () => {
    onClose();
    // A full page load, as the spec asks, so checkout starts from fresh state.
    window.location.href = "/checkout";
  };

  return (
    <div className="flex max-h-96 flex-col">
      <div className="flex items-center justify-between border-b border-cream-200 px-4 py-3">
        <h2 className="font-sans text-base font-bold text-field-900">Your Cart</h2>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex size-9 items-center justify-center rounded-md text-stone-600 hover:bg-cream-100 hover:text-stone-900"
          aria-label="Close cart"
        >
          <CloseIcon />
        </button>
      </div>

      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
          <CartIcon className="size-10 text-stone-400" />
          <p className="font-semibold text-stone-900">Your cart is empty</p>
          <p className="text-sm text-stone-600">Add some competitions to get started!</p>
        </div>
      ) : (
        <>
          <ul className="max-h-64 divide-y divide-cream-200 overflow-y-auto overscroll-contain px-4">
            {items.map((item) => (
              <CartLine key={item.competitionId} item={item} />
            ))}
          </ul>
          <div className="border-t border-cream-200 px-4 py-3">
            <div className="mb-3 flex items-center justify-between">
              <span className="font-semibold text-stone-800">Total</span>
              <span className="text-lg font-bold tabular-nums text-field-900" data-testid="cart-total">
                {formatPounds(totalPence)}
              </span>
            </div>
            <Button variant="primary" fullWidth onClick={goToCheckout}>
              {checkoutLabel(itemCount)}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
