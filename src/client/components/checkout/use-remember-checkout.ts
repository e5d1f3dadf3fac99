import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useAuth } from "../../hooks/use-auth";
import { useTRPC } from "../../lib/trpc";
import type { CartItem } from "../cart/cart-items";

/** How long the checkout's items must stay the same before the server is told (typing a quantity sends one call). */
const SETTLE_MS = 800;

/**
 * Tells the server what a signed-in customer's checkout holds (PUT /api/user/checkout), for the one
 * reminder the operator may send if it is left unfinished (issue #33). Sent when the items change;
 * an empty checkout (after paying, or emptied) is sent too, so nothing is remembered. A failure is
 * not the customer's concern: the checkout works the same without it.
 */
export function useRememberCheckout(items: readonly CartItem[]): void {
  const trpc = useTRPC();
  const { user } = useAuth();
  const remember = useMutation(trpc.customer.account.rememberCheckout.mutationOptions({ retry: false, meta: { refreshes: [] } }));
  const sent = useRef<string | null>(null);
  const { mutate } = remember;
  const signedIn = user !== null;
  const lines = items.map((i) => ({ competitionId: i.competitionId, quantity: i.quantity }));
  const key = JSON.stringify(lines);

  useEffect(() => {
    if (!signedIn || key === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = key;
      mutate({ items: JSON.parse(key) as typeof lines });
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [signedIn, key, mutate]);
}
