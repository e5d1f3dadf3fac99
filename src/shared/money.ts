/**
 * Money is integer pence everywhere except at the edge, where it becomes "12.50" (decision 004).
 * Every conversion between the two, and every sum or product of prices, goes through this module:
 * the server (services, mail) and the browser (forms, cart, checkout) import the same functions.
 */

export function penceToDecimal(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(pence));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Parses "12.5", "12.50" or "12" into pence; returns null for anything else. A JSON number is read
 * the same way when it has at most two decimals (19.99, or 0.1 + 0.2 as it arrives from a float sum);
 * one with more (1.999) is not money, never rounded to a price nobody typed.
 */
export function decimalToPence(value: string | number): number | null {
  if (typeof value === "number") return numberToPence(value);
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const frac = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + frac;
}

function numberToPence(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const scaled = value * 100;
  const pence = Math.round(scaled);
  // A float's error is far below a millionth of a penny; anything further off had a third decimal.
  if (Math.abs(scaled - pence) > 1e-6 || !Number.isSafeInteger(pence)) return null;
  return pence;
}

/** The pence of a decimal string the shop wrote itself (stored mail data, API fields): 0 when it is not money. */
export function penceOf(decimal: string | null | undefined): number {
  return decimal ? (decimalToPence(decimal) ?? 0) : 0;
}

/** A price times a quantity, in pence: exact, and refused when either is not a whole number. */
export function multiplyPence(unitPence: number, quantity: number): number {
  if (!Number.isSafeInteger(unitPence) || !Number.isSafeInteger(quantity)) throw new RangeError(`Not whole pence × whole quantity: ${unitPence} × ${quantity}`);
  const total = unitPence * quantity;
  if (!Number.isSafeInteger(total)) throw new RangeError(`Amount too large: ${unitPence} × ${quantity}`);
  return total;
}

/** The sum of amounts in pence. */
export function sumPence(amounts: Iterable<number>): number {
  let total = 0;
  for (const a of amounts) total += a;
  return total;
}

/** Decimal strings added up exactly: "0.10" + "0.20" is "0.30". */
export function addDecimals(...decimals: string[]): string {
  return penceToDecimal(sumPence(decimals.map(penceOf)));
}

export function formatPounds(pence: number): string {
  return `£${penceToDecimal(pence)}`;
}

/** "£192,231.78": pounds with thousands separators, for big figures (no Intl formatter: building one stalls a slow phone). */
export function formatPoundsGrouped(pence: number): string {
  const [whole = "0", frac = "00"] = penceToDecimal(Math.abs(pence)).split(".");
  return `${pence < 0 ? "-" : ""}£${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${frac}`;
}

/** Formats a decimal string such as "12.50" for display, e.g. "£12.50". */
export function formatPrice(decimal: string): string {
  const pence = decimalToPence(decimal);
  return pence === null ? `£${decimal}` : formatPounds(pence);
}

/**
 * How an order's total was paid: site credit first, the card the rest (never below zero). Takes the
 * API's decimal strings (`amount`, `creditUsed`).
 */
export function paymentSplit(total: string, creditUsed: string | null | undefined): { creditPence: number; cardPence: number } {
  const creditPence = penceOf(creditUsed);
  return { creditPence, cardPence: Math.max(0, penceOf(total) - creditPence) };
}
