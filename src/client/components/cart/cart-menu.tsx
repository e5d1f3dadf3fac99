import { lazy, Suspense, useEffect, useRef } from "react";
import { useCart } from "../../hooks/use-cart";
import { CartIcon } from "../ui/icons";
import { Spinner } from "../ui/spinner";

// The dropdown's lines (pictures, quantity steppers) load when it is first opened, or pointed at:
// they are no part of a page's first load.
const loadPanel = () => import("./cart-panel");
const CartPanel = lazy(async () => ({ default: (await loadPanel()).CartPanel }));

/** The header's cart button and its dropdown; closes on outside click, Escape or its close button. */
export function CartMenu() {
  const { itemCount, isOpen, setOpen } = useCart();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [isOpen, setOpen]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const label = itemCount > 0 ? `Cart (${itemCount} ${itemCount === 1 ? "item" : "items"})` : "Cart";

  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen(!isOpen)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        aria-expanded={isOpen}
        aria-controls="cart-dropdown"
        aria-label={label}
        className="relative inline-flex size-11 items-center justify-center rounded-full text-field-800 hover:bg-field-50"
      >
        <CartIcon className="size-6" />
        {itemCount > 0 ? (
          <span
            data-testid="cart-badge"
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-wheat-400 px-1.5 text-xs font-bold leading-5 text-field-950 ring-2 ring-white"
          >
            {itemCount > 99 ? "99+" : itemCount}
          </span>
        ) : null}
      </button>
      {isOpen ? (
        <div
          ref={panelRef}
          id="cart-dropdown"
          role="dialog"
          aria-label="Shopping cart"
          tabIndex={-1}
          className="fixed inset-x-2 top-20 z-50 overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-xl outline-none sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96"
        >
          <Suspense
            fallback={
              <div className="flex justify-center p-6">
                <Spinner />
              </div>
            }
          >
            <CartPanel onClose={close} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
