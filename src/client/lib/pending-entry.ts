import { decimalToPence } from "../../shared/money";
import { priceLine, tiersFromView, type LinePrice } from "../../shared/pricing";
import { MAX_TICKETS, MIN_TICKETS } from "../../shared/ticket-limits";

/** The entry form hands over to /checkout/direct through session storage (SPEC §3 Pending entry). */
export const PENDING_ENTRY_KEY = "pendingEntry";

export interface PendingEntry {
  competitionId: string;
  competitionTitle: string;
  competitionImage: string;
  customerName: string;
  customerEmail: string;
  answer?: string | null;
  tickets: number;
  /** What each ticket costs: the multibuy price where one applies. */
  pricePerEntry: string;
  totalAmount: string;
  /** The competition's own ticket price and multibuy prices, so checkout prices the line as the server does. */
  basePrice?: string;
  priceTiers?: { minQuantity: number; pricePerTicket: string }[];
  /** Numbers the buyer chose (competitions with pickNumbers); fewer than `tickets` only while choosing again. */
  numbers?: string[];
  /** Chosen numbers another buyer took first, until the buyer picks others (the summary shows them struck out). */
  lostNumbers?: string[];
  /** A discount code typed on the entry form: the checkout prices it. */
  discountCode?: string;
}

// What storage hands back is checked by hand rather than with a schema: the competition page reads it,
// and this way the page's code loads without zod.
const isText = (v: unknown, min = 0): v is string => typeof v === "string" && v.length >= min;
const isMoney = (v: unknown): v is string => typeof v === "string" && decimalToPence(v) !== null;
const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const optional = (v: unknown, check: (v: unknown) => boolean) => v === undefined || check(v);
const isNumbers = (v: unknown) => Array.isArray(v) && v.length <= MAX_TICKETS && v.every((n) => isText(n));
const isTiers = (v: unknown) => Array.isArray(v) && v.every((t) => typeof t === "object" && t !== null && isInt(t.minQuantity) && isMoney(t.pricePerTicket));

function isPendingEntry(v: unknown): v is PendingEntry {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const e = v as Record<string, unknown>;
  return (
    isText(e.competitionId, 1) &&
    isText(e.competitionTitle, 1) &&
    isText(e.competitionImage) &&
    isText(e.customerName, 1) &&
    isText(e.customerEmail, 1) &&
    (e.answer === undefined || e.answer === null || isText(e.answer)) &&
    isInt(e.tickets) &&
    e.tickets >= MIN_TICKETS &&
    e.tickets <= MAX_TICKETS &&
    isMoney(e.pricePerEntry) &&
    isMoney(e.totalAmount) &&
    optional(e.basePrice, isMoney) &&
    optional(e.priceTiers, isTiers) &&
    optional(e.numbers, isNumbers) &&
    optional(e.lostNumbers, isNumbers) &&
    optional(e.discountCode, (v) => isText(v) && v.length <= 32)
  );
}

export type PendingEntryRead = { kind: "none" } | { kind: "invalid" } | { kind: "ok"; entry: PendingEntry };

/** The stored text as it is, for watchers that compare it (a string compares by value). */
export function readStoredPendingEntry(): string | null {
  try {
    return sessionStorage.getItem(PENDING_ENTRY_KEY);
  } catch {
    return null;
  }
}

export function parsePendingEntry(raw: string | null): PendingEntryRead {
  if (!raw) return { kind: "none" };
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPendingEntry(parsed) ? { kind: "ok", entry: parsed } : { kind: "invalid" };
  } catch {
    return { kind: "invalid" };
  }
}

export function readPendingEntry(): PendingEntryRead {
  return parsePendingEntry(readStoredPendingEntry());
}

// The checkout's summary and payment form both follow the entry as a replacement number changes it.
const listeners = new Set<() => void>();

export function subscribePendingEntry(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False when storage is unavailable, so the caller can say so instead of navigating to nothing. */
export function savePendingEntry(entry: PendingEntry): boolean {
  try {
    sessionStorage.setItem(PENDING_ENTRY_KEY, JSON.stringify(entry));
  } catch {
    return false;
  }
  for (const listener of listeners) listener();
  return true;
}

export function clearPendingEntry(): void {
  try {
    sessionStorage.removeItem(PENDING_ENTRY_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  for (const listener of listeners) listener();
}

/** The entry's line priced as the server prices it (shared/pricing.ts); an entry saved before multibuy prices has its unit price only. */
export function pendingEntryLine(entry: PendingEntry): LinePrice {
  const base = decimalToPence(entry.basePrice ?? entry.pricePerEntry) ?? 0;
  const tiers = entry.basePrice ? (tiersFromView(entry.priceTiers ?? []) ?? []) : [];
  return priceLine(base, tiers, entry.tickets);
}
