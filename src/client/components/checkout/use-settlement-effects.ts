import { useEffect, useRef } from "react";
import type { OrderResult } from "../../../shared/schemas/entry";
import { useCart } from "../../hooks/use-cart";
import { clearPendingEntry, readPendingEntry } from "../../lib/pending-entry";
import { toast } from "../../lib/toast";
import { orderPlacedToast, paymentSuccessToast, usePaidOrderRefresh } from "./paid-order";

/**
 * What the checkouts do when their payment ends, done once for an order settled after the bank's
 * page: paid clears what it paid for (the saved entry, those cart lines) and shows the success toast;
 * failed shows the spec's "Payment Failed" and keeps the entry and cart for another try.
 */
export function useSettlementEffects(order: OrderResult | undefined): void {
  const handled = useRef<string | null>(null);
  const refresh = usePaidOrderRefresh();
  const { removeItem } = useCart();

  useEffect(() => {
    if (!order || (order.status !== "paid" && order.status !== "failed")) return;
    const key = `${order.id}:${order.status}`;
    if (handled.current === key) return;
    handled.current = key;
    refresh();
    if (order.status === "failed") {
      toast.error("Payment Failed", "Your payment could not be processed. Please try again.");
      return;
    }
    const paidFor = new Set(order.lines.map((l) => l.competitionId));
    const pending = readPendingEntry();
    if (pending.kind === "ok" && paidFor.has(pending.entry.competitionId)) clearPendingEntry();
    for (const id of paidFor) removeItem(id);
    if (order.lines.length > 1) orderPlacedToast(order);
    else paymentSuccessToast(order);
    window.scrollTo({ top: 0 });
  }, [order, refresh, removeItem]);
}
