import { decimalToPence } from "../../../shared/money";
import { priceLine, tiersFromView, type LinePrice, type PriceTierView } from "../../../shared/pricing";
import type { PublicCompetition } from "../../../shared/schemas/competition";

/** One line of the cart (SPEC §3 Cart item). Price is a decimal string such as "2.50". */
export interface CartItem {
  competitionId: string;
  title: string;
  image: string;
  price: string;
  quantity: number;
  /** The qualifying answer given on the competition page, so checkout need not ask again. */
  answer?: string;
  /** The competition's multibuy prices, so the line is priced as the server will charge it. */
  priceTiers?: PriceTierView[];
  /** Numbers the buyer chose (competitions with pickNumbers): one per ticket, or fewer after some were lost to another buyer. */
  numbers?: string[];
  /** Chosen numbers were let go when the quantity changed: the line's numbers will be drawn at random. */
  numbersCleared?: boolean;
}

/** A line to add: `quantity` is how many tickets to add (1 unless told), with any chosen numbers among them. */
export type NewCartItem = Omit<CartItem, "quantity" | "numbersCleared"> & { quantity?: number };

/** A line without its chosen numbers, noting that they were let go. */
function withoutNumbers(item: CartItem): CartItem {
  if (!item.numbers?.length) return item;
  const { numbers: _numbers, ...rest } = item;
  return { ...rest, numbersCleared: true };
}

/**
 * Pure cart transitions (SPEC §4 Cart); the provider only stores their results. Adding puts the
 * tickets asked for on the line (one unless told: the entry form's "Number of Entries"). Chosen
 * numbers go on the line with any it has already; a number already on it is not a second ticket, and
 * tickets without a number are drawn at random. Adding without numbers to a line of chosen numbers
 * lets them go (the line no longer says which number each ticket has).
 */
export function addItem(items: CartItem[], item: NewCartItem): CartItem[] {
  const { answer, numbers, quantity: asked, ...line } = item;
  const adding = Math.max(1, Math.floor(asked ?? 1), numbers?.length ?? 0);
  // A newer answer replaces the one remembered; adding again without one keeps it.
  const remembered = answer?.trim() ? { answer: answer.trim() } : {};
  const existing = items.find((i) => i.competitionId === item.competitionId);
  if (numbers?.length) {
    const kept = existing?.numbers ?? [];
    const fresh = numbers.filter((n) => !kept.includes(n));
    const all = [...kept, ...fresh];
    const before: CartItem = existing ?? { ...line, quantity: 0 };
    const { numbersCleared: _cleared, ...base } = before;
    const quantity = Math.max(all.length, before.quantity + adding - (numbers.length - fresh.length));
    const next: CartItem = { ...base, ...line, ...remembered, quantity, numbers: all };
    return existing ? items.map((i) => (i === existing ? next : i)) : [...items, next];
  }
  if (existing) {
    return items.map((i) => (i === existing ? { ...withoutNumbers(i), ...tiersOf(line), quantity: i.quantity + adding, ...remembered } : i));
  }
  return [...items, { ...line, quantity: adding, ...remembered }];
}

const tiersOf = (line: Pick<CartItem, "priceTiers">) => (line.priceTiers ? { priceTiers: line.priceTiers } : {});

export function removeItem(items: CartItem[], competitionId: string): CartItem[] {
  return items.filter((i) => i.competitionId !== competitionId);
}

/** A new quantity lets the line's chosen numbers go (they no longer match it): its numbers are then drawn at random. */
export function setQuantity(items: CartItem[], competitionId: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeItem(items, competitionId);
  const whole = Math.floor(quantity);
  return items.map((i) => (i.competitionId === competitionId && i.quantity !== whole ? { ...withoutNumbers(i), quantity: whole } : i));
}

export function incrementItem(items: CartItem[], competitionId: string): CartItem[] {
  const item = items.find((i) => i.competitionId === competitionId);
  return item ? setQuantity(items, competitionId, item.quantity + 1) : items;
}

export function decrementItem(items: CartItem[], competitionId: string): CartItem[] {
  const item = items.find((i) => i.competitionId === competitionId);
  return item ? setQuantity(items, competitionId, item.quantity - 1) : items;
}

/** Sets a line's chosen numbers (a replacement for a lost one, or fewer after a loss); the quantity stays. */
export function setNumbers(items: CartItem[], competitionId: string, numbers: string[]): CartItem[] {
  return items.map((i) => {
    if (i.competitionId !== competitionId) return i;
    const { numbers: _old, numbersCleared: _cleared, ...rest } = i;
    return numbers.length > 0 ? { ...rest, numbers } : { ...rest, numbersCleared: true };
  });
}

export function countItems(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

/** The line priced as the server prices it (shared/pricing.ts); an unreadable price counts as zero rather than breaking the total. */
export function linePrice(item: CartItem): LinePrice {
  return priceLine(decimalToPence(item.price) ?? 0, tiersFromView(item.priceTiers ?? []) ?? [], item.quantity);
}

export function linePence(item: CartItem): number {
  return linePrice(item).totalPence;
}

export function totalPence(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + linePence(i), 0);
}

const sameTiers = (a: PriceTierView[] = [], b: PriceTierView[] = []) =>
  a.length === b.length && a.every((t, i) => t.minQuantity === b[i]?.minQuantity && t.pricePerTicket === b[i]?.pricePerTicket);

/**
 * Lines brought up to date with their competitions as the server has them now: price, multibuy
 * prices, and whether numbers may be chosen. The same array when nothing changed.
 */
export function withLivePrices(items: CartItem[], competitions: ReadonlyMap<string, PublicCompetition>): CartItem[] {
  let changed = false;
  const next = items.map((item) => {
    const c = competitions.get(item.competitionId);
    if (!c) return item;
    const numbersGone = !c.pickNumbers && item.numbers !== undefined;
    if (c.price === item.price && sameTiers(c.priceTiers, item.priceTiers) && !numbersGone) return item;
    changed = true;
    const { priceTiers: _tiers, ...rest } = numbersGone ? withoutNumbers(item) : item;
    return { ...rest, price: c.price, ...(c.priceTiers.length > 0 ? { priceTiers: c.priceTiers } : {}) };
  });
  return changed ? next : items;
}
