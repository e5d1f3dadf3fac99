import { z } from "zod";
import { decimalToPence } from "../../shared/money";
import { MAX_TICKETS, MIN_TICKETS } from "../../shared/schemas/entry";

/** The entry form hands over to /checkout/direct through session storage (SPEC §3 Pending entry). */
export const PENDING_ENTRY_KEY = "pendingEntry";

const pendingEntry = z.object({
  competitionId: z.string().min(1),
  competitionTitle: z.string().min(1),
  competitionImage: z.string(),
  customerName: z.string().min(1),
  customerEmail: z.string().min(1),
  answer: z.string().nullable().optional(),
  tickets: z.number().int().min(MIN_TICKETS).max(MAX_TICKETS),
  pricePerEntry: z.string().refine((v) => decimalToPence(v) !== null),
  totalAmount: z.string().refine((v) => decimalToPence(v) !== null),
});
export type PendingEntry = z.infer<typeof pendingEntry>;

export type PendingEntryRead = { kind: "none" } | { kind: "invalid" } | { kind: "ok"; entry: PendingEntry };

export function readPendingEntry(): PendingEntryRead {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(PENDING_ENTRY_KEY);
  } catch {
    return { kind: "none" };
  }
  if (!raw) return { kind: "none" };
  try {
    const parsed = pendingEntry.safeParse(JSON.parse(raw));
    return parsed.success ? { kind: "ok", entry: parsed.data } : { kind: "invalid" };
  } catch {
    return { kind: "invalid" };
  }
}

/** False when storage is unavailable, so the caller can say so instead of navigating to nothing. */
export function savePendingEntry(entry: PendingEntry): boolean {
  try {
    sessionStorage.setItem(PENDING_ENTRY_KEY, JSON.stringify(entry));
    return true;
  } catch {
    return false;
  }
}

export function clearPendingEntry(): void {
  try {
    sessionStorage.removeItem(PENDING_ENTRY_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
