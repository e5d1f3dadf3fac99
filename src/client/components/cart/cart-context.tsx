import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { penceToDecimal } from "../../../shared/money";
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
      clear,
      isOpen,
      setOpen,
    };
  }, [items, isOpen, addItem, removeItem, setQuantity, increment, decrement, clear]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
