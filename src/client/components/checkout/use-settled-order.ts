import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isAwaitingPayment } from "../../lib/order-status";
import { useTRPC } from "../../lib/trpc";
import { appErrorCode } from "../../lib/trpc-errors";

export const SETTLE_POLL_MS = 2000;
export const SETTLE_TIMEOUT_MS = 2 * 60 * 1000;

/** Answers that asking again will not change: no such order (of yours), or not signed in. */
export function isFinalOrderError(error: unknown): boolean {
  const code = appErrorCode(error);
  return code === "NOT_FOUND" || code === "INVALID_INPUT" || code === "NOT_YOURS" || code === "SIGN_IN_REQUIRED";
}

/**
 * One order, asked for again every 2 s while its payment is still waiting (each ask makes the server
 * check with the payment provider), for up to 2 minutes; a network hiccup does not stop it. `gaveUp`
 * once that time has passed with the order still waiting; `restart` waits another 2 minutes.
 */
export function useSettledOrder(orderId: string, enabled: boolean) {
  const trpc = useTRPC();
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    setTimedOut(false);
    const timer = window.setTimeout(() => setTimedOut(true), SETTLE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [enabled, orderId, round]);

  const query = useQuery(
    trpc.customer.orders.get.queryOptions(
      { id: orderId },
      {
        enabled: enabled && orderId !== "",
        staleTime: 0,
        refetchInterval: (q) => {
          if (timedOut || isFinalOrderError(q.state.error)) return false;
          const status = q.state.data?.status;
          return status === undefined || isAwaitingPayment(status) ? SETTLE_POLL_MS : false;
        },
      },
    ),
  );
  const waiting = query.data ? isAwaitingPayment(query.data.status) : false;
  return {
    query,
    timedOut,
    gaveUp: timedOut && waiting,
    restart: () => {
      setRound((n) => n + 1);
      void query.refetch();
    },
  };
}
