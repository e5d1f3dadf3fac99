import { createContext, startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { penceToDecimal } from "../../../shared/money";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import * as cart from "./cart-items";
import { CART_STORAGE_KEY, loadCart, saveCart } from "./cart-storage";
import { useHydrating } from "../../lib/render-context";

const NO_ITEMS: cart.CartItem[] = [];

export interface CartContextValue {
  items: cart.CartItem[];
  /** Sum of quantities. */
  itemCount: number;
  totalPence: number;
  /** Total as a 2-decimal string, e.g. "12.50". */
  totalPrice: string;
  addItem: (item: cart.NewCartItem) => void;
  removeItem: (competitionId: string) => void;
  setQuantity: (competitionId: string, quantity: number) => void;
  increment: (competitionId: string) => void;
  decrement: (competitionId: string) => void;
  /** A line's chosen numbers: a replacement for one lost to another buyer, or fewer (the rest then drawn at random). */
  setNumbers: (competitionId: string, numbers: string[]) => void;
  /** Brings prices and multibuy prices up to date with the competitions as the server has them now. */
  syncPrices: (competitions: ReadonlyMap<string, PublicCompetition>) => void;
  clear: () => void;
  /** The header's cart dropdown. */
  isOpen: boolean;
  setOpen: (open: boolean) => void;
}

export const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  // A server-rendered page is drawn with an empty cart (the server cannot see this browser's storage),
  // so its first render matches the HTML; the stored cart is read just after, as a transition (its
  // re-render of the header and the page yields to the browser, as hydration does).
  const hydrating = useHydrating();
  const [stored, setItems] = useState<cart.CartItem[] | null>(() => (hydrating ? null : loadCart()));
  const [isOpen, setOpen] = useState(false);
  const items = stored ?? NO_ITEMS;

  useEffect(() => {
    if (stored === null) startTransition(() => setItems(loadCart()));
    else saveCart(stored);
  }, [stored]);

  // Keep several open tabs in step.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY) setItems(loadCart());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const addItem = useCallback((item: cart.NewCartItem) => setItems((prev) => cart.addItem(prev ?? loadCart(), item)), []);
  const removeItem = useCallback((id: string) => setItems((prev) => cart.removeItem(prev ?? loadCart(), id)), []);
  const setQuantity = useCallback((id: string, q: number) => setItems((prev) => cart.setQuantity(prev ?? loadCart(), id, q)), []);
  const increment = useCallback((id: string) => setItems((prev) => cart.incrementItem(prev ?? loadCart(), id)), []);
  const decrement = useCallback((id: string) => setItems((prev) => cart.decrementItem(prev ?? loadCart(), id)), []);
  const setNumbers = useCallback((id: string, numbers: string[]) => setItems((prev) => cart.setNumbers(prev ?? loadCart(), id, numbers)), []);
  const syncPrices = useCallback((live: ReadonlyMap<string, PublicCompetition>) => setItems((prev) => cart.withLivePrices(prev ?? loadCart(), live)), []);
  const clear = useCallback(() => setItems([]), []);

  const value = useMemo<CartContextValue>(() => {
    const total = cart.totalPence(items);
    return {
      items,
      itemCount: cart.countItems(items),
      totalPence: total,
      totalPrice: penceToDecimal(total),
      addItem,
      removeItem,
      setQuantity,
      increment,
      decrement,
      setNumbers,
      syncPrices,
      clear,
      isOpen,
      setOpen,
    };
  }, [items, isOpen, addItem, removeItem, setQuantity, increment, decrement, setNumbers, syncPrices, clear]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
