import { MAX_TICKETS } from "./ticket-limits";
import { decimalToPence, formatPounds, multiplyPence, penceToDecimal } from "./money";

/**
 * Multibuy prices: one function for the server that charges, the competition page that shows the
 * tier buttons and the cart that adds it up, so the three can never disagree.
 */

/** A tier as stored: lines of at least minQuantity tickets cost pricePence each. */
export interface PriceTier {
  minQuantity: number;
  pricePence: number;
}

/** A tier as the API shows and takes it: `{ minQuantity: 10, pricePerTicket: "1.79" }`. */
export interface PriceTierView {
  minQuantity: number;
  pricePerTicket: string;
}

export interface LinePrice {
  quantity: number;
  /** What each ticket of the line costs. */
  unitPence: number;
  totalPence: number;
  /** The line at the base price, and what the tier saves on it. */
  fullPence: number;
  savingPence: number;
}

/** The price per ticket of a line of `quantity`: the tier with the largest minQuantity that applies, else the base price. */
export function unitPricePence(basePence: number, tiers: readonly PriceTier[], quantity: number): number {
  let unit = basePence;
  let reached = 0;
  for (const tier of tiers) {
    if (quantity >= tier.minQuantity && tier.minQuantity > reached) {
      unit = tier.pricePence;
      reached = tier.minQuantity;
    }
  }
  return unit;
}

export function priceLine(basePence: number, tiers: readonly PriceTier[], quantity: number): LinePrice {
  const unitPence = unitPricePence(basePence, tiers, quantity);
  const totalPence = multiplyPence(unitPence, quantity);
  const fullPence = multiplyPence(basePence, quantity);
  return { quantity, unitPence, totalPence, fullPence, savingPence: fullPence - totalPence };
}

export function tiersToView(tiers: readonly PriceTier[]): PriceTierView[] {
  return tiers.map((t) => ({ minQuantity: t.minQuantity, pricePerTicket: penceToDecimal(t.pricePence) }));
}

/** Tiers from the API's money strings; null when a price is not money. */
export function tiersFromView(tiers: readonly PriceTierView[]): PriceTier[] | null {
  const out: PriceTier[] = [];
  for (const t of tiers) {
    const pricePence = decimalToPence(t.pricePerTicket);
    if (pricePence === null) return null;
    out.push({ minQuantity: t.minQuantity, pricePence });
  }
  return out;
}

export const MAX_PRICE_TIERS = 10;

/**
 * Why a set of tiers cannot be used with a base price, or null: at most MAX_PRICE_TIERS, quantities
 * whole, above 1, ascending and within one order's limit, prices above zero, not above the base
 * price and each not above the one before.
 */
export function priceTierProblem(basePence: number, tiers: readonly PriceTier[]): string | null {
  if (tiers.length > MAX_PRICE_TIERS) return `At most ${MAX_PRICE_TIERS} multibuy prices`;
  let previous: PriceTier | null = null;
  for (const t of tiers) {
    if (!Number.isInteger(t.minQuantity) || t.minQuantity < 2) return "A multibuy price starts at 2 tickets or more";
    if (t.minQuantity > MAX_TICKETS) return `A multibuy price must start at ${MAX_TICKETS} tickets or fewer (the most one order can take)`;
    if (previous && t.minQuantity <= previous.minQuantity) return "Multibuy quantities must go up from one price to the next";
    if (!Number.isInteger(t.pricePence) || t.pricePence <= 0) return "A multibuy price must be above zero";
    if (t.pricePence > basePence) return "A multibuy price may not be above the ticket price";
    if (previous && t.pricePence > previous.pricePence) return "Each multibuy price must be no higher than the one before";
    previous = t;
  }
  return null;
}

/**
 * Once tickets are sold, a change may only make tickets cheaper: the first quantity (1..MAX_TICKETS)
 * that would cost more per ticket than before, or null.
 */
export function dearerQuantity(
  before: { basePence: number; tiers: readonly PriceTier[] },
  after: { basePence: number; tiers: readonly PriceTier[] },
): number | null {
  for (let q = 1; q <= MAX_TICKETS; q++) {
    if (unitPricePence(after.basePence, after.tiers, q) > unitPricePence(before.basePence, before.tiers, q)) return q;
  }
  return null;
}

/** "save £2.00" for a line, or null when it saves nothing. */
export function savingLabel(line: LinePrice): string | null {
  return line.savingPence > 0 ? `save ${formatPounds(line.savingPence)}` : null;
}
