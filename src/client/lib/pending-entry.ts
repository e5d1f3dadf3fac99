import { z } from "zod";
import { decimalToPence } from "../../shared/money";
import { priceLine, tiersFromView, type LinePrice } from "../../shared/pricing";
import { MAX_TICKETS, MIN_TICKETS } from "../../shared/schemas/entry";

/** The entry form hands over to /checkout/direct through session storage (SPEC §3 Pending entry). */
export const PENDING_ENTRY_KEY = "pendingEntry";

const money = z.string().refine((v) => decimalToPence(v) !== null);

const pendingEntry = z.object({
  competitionId: z.string().min(1),
  competitionTitle: z.string().min(1),
  competitionImage: z.string(),
  customerName: z.string().min(1),
  customerEmail: z.string().min(1),
  answer: z.string().nullable().optional(),
  tickets: z.number().int().min(MIN_TICKETS).max(MAX_TICKETS),
  /** What each ticket costs: the multibuy price where one applies. */
  pricePerEntry: money,
  totalAmount: money,
  /** The competition's own ticket price and multibuy prices, so checkout prices the line as the server does. */
  basePrice: money.optional(),
  priceTiers: z.array(z.object({ minQuantity: z.number().int(), pricePerTicket: money })).optional(),
  /** Numbers the buyer chose (competitions with pickNumbers); fewer than `tickets` only while choosing again. */
  numbers: z.array(z.string()).max(MAX_TICKETS).optional(),
  /** Chosen numbers another buyer took first, until the buyer picks others (the summary shows them struck out). */
  lostNumbers: z.array(z.string()).max(MAX_TICKETS).optional(),
});
export type PendingEntry = z.infer<typeof pendingEntry>;

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
    const parsed = pendingEntry.safeParse(JSON.parse(raw));
    return parsed.success ? { kind: "ok", entry: parsed.data } : { kind: "invalid" };
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
