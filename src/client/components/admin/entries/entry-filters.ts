import { useEffect, useState } from "react";
import type { ENTRY_STATUS_VALUES, OrderStatusValue } from "../../../../shared/schemas/order";

export interface EntryFilterValues {
  search: string;
  competitionId: string;
  paymentStatus: "" | (typeof ENTRY_STATUS_VALUES)[number];
  entryMethod: "" | "online" | "postal";
  orderStatus: "" | OrderStatusValue;
  from: string;
  to: string;
}

export const NO_FILTERS: EntryFilterValues = { search: "", competitionId: "", paymentStatus: "", entryMethod: "", orderStatus: "", from: "", to: "" };

/** The filters as the server takes them: blanks left out. */
export function filterInput(f: EntryFilterValues) {
  return {
    search: f.search.trim() || undefined,
    competitionId: f.competitionId || undefined,
    paymentStatus: f.paymentStatus || undefined,
    entryMethod: f.entryMethod || undefined,
    orderStatus: f.orderStatus || undefined,
    from: f.from || undefined,
    to: f.to || undefined,
  };
}

/** The value once it has stopped changing for a moment, so typing a name sends one search, not ten. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
