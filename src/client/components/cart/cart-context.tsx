import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { penceToDecimal } from "../../../shared/money";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import * as cart from "./cart-items";
import { CART_STORAGE_KEY, loadCart, saveCart } from "./cart-storage";

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
  const [items, setItems] = useState<cart.CartItem[]>(loadCart);
  const [isOpen, setOpen] = useState(false);

  useEffect(() => saveCart(items), [items]);

  // Keep several open tabs in step.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY) setItems(loadCart());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const addItem = useCallback((item: cart.NewCartItem) => setItems((prev) => cart.addItem(prev, item)), []);
  const removeItem = useCallback((id: string) => setItems((prev) => cart.removeItem(prev, id)), []);
  const setQuantity = useCallback((id: string, q: number) => setItems((prev) => cart.setQuantity(prev, id, q)), []);
  const increment = useCallback((id: string) => setItems((prev) => cart.incrementItem(prev, id)), []);
  const decrement = useCallback((id: string) => setItems((prev) => cart.decrementItem(prev, id)), []);
  const setNumbers = useCallback((id: string, numbers: string[]) => setItems((prev) => cart.setNumbers(prev, id, numbers)), []);
  const syncPrices = useCallback((live: ReadonlyMap<string, PublicCompetition>) => setItems((prev) => cart.withLivePrices(prev, live)), []);
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
