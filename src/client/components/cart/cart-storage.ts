import type { CartItem } from "./cart-items";

/** The local-storage key named for the product's giveaway cart (SPEC §9). */
export const CART_STORAGE_KEY = "giveaway_cart";

const isStringList = (v: unknown): boolean => Array.isArray(v) && v.every((n) => typeof n === "string");

const isTierList = (v: unknown): boolean =>
  Array.isArray(v) &&
  v.every(
    (t) =>
      typeof t === "object" &&
      t !== null &&
      typeof (t as Record<string, unknown>).minQuantity === "number" &&
      typeof (t as Record<string, unknown>).pricePerTicket === "string",
  );

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.competitionId === "string" &&
    typeof v.title === "string" &&
    typeof v.image === "string" &&
    typeof v.price === "string" &&
    typeof v.quantity === "number" &&
    Number.isSafeInteger(v.quantity) &&
    v.quantity > 0 &&
    (v.answer === undefined || typeof v.answer === "string") &&
    (v.priceTiers === undefined || isTierList(v.priceTiers)) &&
    (v.numbers === undefined || isStringList(v.numbers)) &&
    (v.numbersCleared === undefined || typeof v.numbersCleared === "boolean")
  );
}

/** Reads the saved cart; anything unreadable is logged and the cart starts empty. */
export function loadCart(): CartItem[] {
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error("Saved cart is not a list");
    return parsed.filter(isCartItem);
  } catch (err) {
    console.log("Error loading cart from localStorage:", err);
    return [];
  }
}

export function saveCart(items: CartItem[]): void {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked: the cart still works for this page view.
  }
}
