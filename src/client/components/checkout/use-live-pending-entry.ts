import { useMemo, useSyncExternalStore } from "react";
import { parsePendingEntry, readStoredPendingEntry, subscribePendingEntry, type PendingEntry } from "../../lib/pending-entry";

/**
 * The direct checkout's entry as it is stored now: a replacement for a number lost to another buyer
 * changes it, and the summary and the payment form both follow. `initial` is what the page read.
 */
export function useLivePendingEntry(initial: PendingEntry): PendingEntry {
  const raw = useSyncExternalStore(subscribePendingEntry, readStoredPendingEntry);
  return useMemo(() => {
    const read = parsePendingEntry(raw);
    return read.kind === "ok" && read.entry.competitionId === initial.competitionId ? read.entry : initial;
  }, [raw, initial]);
}
