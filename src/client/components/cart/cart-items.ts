import { decimalToPence } from "../../../shared/money";

/** One line of the cart (SPEC §3 Cart item). Price is a decimal string such as "2.50". */
export interface CartItem {
  competitionId: string;
  title: string;
  image: string;
  price: string;
  quantity: number;
  /** The qualifying answer given on the competition page, so checkout need not ask again. */
  answer?: string;
}

export type NewCartItem = Omit<CartItem, "quantity">;

/** Pure cart transitions (SPEC §4 Cart); the provider only stores their results. */
export function addItem(items: CartItem[], item: NewCartItem): CartItem[] {
  const { answer, ...line } = item;
  // A newer answer replaces the one remembered; adding again without one keeps it.
  const remembered = answer?.trim() ? { answer: answer.trim() } : {};
  if (items.some((i) => i.competitionId === item.competitionId)) {
    return items.map((i) => (i.competitionId === item.competitionId ? { ...i, quantity: i.quantity + 1, ...remembered } : i));
  }
  return [...items, { ...line, quantity: 1, ...remembered }];
}

export function removeItem(items: CartItem[], competitionId: string): CartItem[] {
  return items.filter((i) => i.competitionId !== competitionId);
}

export function setQuantity(items: CartItem[], competitionId: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeItem(items, competitionId);
  const whole = Math.floor(quantity);
  return items.map((i) => (i.competitionId === competitionId ? { ...i, quantity: whole } : i));
}

export function incrementItem(items: CartItem[], competitionId: string): CartItem[] {
  const item = items.find((i) => i.competitionId === competitionId);
  return item ? setQuantity(items, competitionId, item.quantity + 1) : items;
}

export function decrementItem(items: CartItem[], competitionId: string): CartItem[] {
  const item = items.find((i) => i.competitionId === competitionId);
  return item ? setQuantity(items, competitionId, item.quantity - 1) : items;
}

export function countItems(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

/** Line price in pence; an unreadable price counts as zero rather than breaking the total. */
export function linePence(item: CartItem): number {
  return (decimalToPence(item.price) ?? 0) * item.quantity;
}

export function totalPence(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + linePence(i), 0);
}
