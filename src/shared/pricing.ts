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

/**
 * A discount code as pricing needs it: a whole percentage (1–100) or an amount in pence off the
 * order's lines in its competitions or categories (every line when both lists are empty), with an
 * optional minimum spend on those lines.
 */
export interface DiscountRule {
  kind: "percent" | "fixed";
  value: number;
  minSpendPence: number | null;
  competitionIds: readonly string[];
  categories: readonly string[];
}

export interface OrderLineToPrice {
  competitionId: string;
  category: string;
  basePence: number;
  tiers: readonly PriceTier[];
  quantity: number;
}

export interface OrderLinePrice extends LinePrice {
  /** The line's share of the code's discount. */
  discountPence: number;
  /** What the line costs after its multibuy price and the code: what is charged for it, and refunded at most. */
  payPence: number;
}

/** Why a code gives nothing on an order (the message says what to change), or null when it applies. */
export type DiscountProblem = { reason: "not_eligible" | "min_spend"; message: string } | null;

export interface OrderPrice {
  lines: OrderLinePrice[];
  /** After multibuy prices, before the code. */
  subtotalPence: number;
  discountPence: number;
  totalPence: number;
  problem: DiscountProblem;
}

/** Whether a code's competitions and categories take a line (every line when it names none). */
export function discountTakesLine(rule: DiscountRule, line: { competitionId: string; category: string }): boolean {
  if (rule.competitionIds.length === 0 && rule.categories.length === 0) return true;
  return rule.competitionIds.includes(line.competitionId) || rule.categories.includes(line.category);
}

/**
 * An order's price, in one place, in this order:
 * 1. each line's multibuy price for its quantity (priceLine);
 * 2. then the discount code, on the lines it applies to, as they cost after step 1: a percentage of
 *    them (rounded down to the penny) or a fixed amount (never more than they cost);
 * 3. never taking a card payment below the card schemes' minimum (MIN_CARD_CHARGE_PENCE): the
 *    discount is made smaller so that what is left is at least that, and a code gives nothing on an
 *    order that costs less.
 * The discount is shared over its lines in proportion to what they cost (a refund of a line gives
 * back what was paid for it). The server charges this price; the checkouts show it.
 */
export function priceOrder(lines: readonly OrderLineToPrice[], rule: DiscountRule | null, minChargePence: number): OrderPrice {
  const priced = lines.map((l) => priceLine(l.basePence, l.tiers, l.quantity));
  const subtotalPence = priced.reduce((n, p) => n + p.totalPence, 0);
  const plain = (problem: DiscountProblem): OrderPrice => ({
    lines: priced.map((p) => ({ ...p, discountPence: 0, payPence: p.totalPence })),
    subtotalPence,
    discountPence: 0,
    totalPence: subtotalPence,
    problem,
  });
  if (!rule) return plain(null);
  const taken = lines.map((l) => discountTakesLine(rule, l));
  const eligiblePence = priced.reduce((n, p, i) => n + (taken[i] ? p.totalPence : 0), 0);
  if (eligiblePence === 0) return plain({ reason: "not_eligible", message: "This code does not apply to the competitions in your order" });
  if (rule.minSpendPence !== null && eligiblePence < rule.minSpendPence) {
    const spend = `Spend ${formatPounds(rule.minSpendPence)} or more`;
    const message =
      rule.competitionIds.length || rule.categories.length ? `${spend} on the competitions this code covers to use it` : `${spend} to use this code`;
    return plain({ reason: "min_spend", message });
  }
  const wanted = rule.kind === "percent" ? Math.floor((eligiblePence * Math.min(rule.value, 100)) / 100) : Math.min(rule.value, eligiblePence);
  const discountPence = Math.max(0, Math.min(wanted, subtotalPence - minChargePence));
  // Shared in proportion to each line's cost, the pennies left by rounding down going to the largest remainders.
  const shares = priced.map((p, i) => (taken[i] ? (discountPence * p.totalPence) / eligiblePence : 0));
  const whole = shares.map(Math.floor);
  let left = discountPence - whole.reduce((n, s) => n + s, 0);
  const byRemainder = shares.map((s, i) => ({ i, r: s - whole[i]! })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    if (taken[i]) {
      whole[i] = whole[i]! + 1;
      left -= 1;
    }
  }
  return {
    lines: priced.map((p, i) => ({ ...p, discountPence: whole[i]!, payPence: p.totalPence - whole[i]! })),
    subtotalPence,
    discountPence,
    totalPence: subtotalPence - discountPence,
    problem: null,
  };
}
