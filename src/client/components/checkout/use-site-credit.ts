import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { decimalToPence } from "../../../shared/money";
import { creditToUse } from "../../../shared/site-credit";
import { useAuth } from "../../hooks/use-auth";
import { useTRPC } from "../../lib/trpc";

export interface SiteCredit {
  /** The signed-in customer's balance (0 for a visitor). */
  balancePence: number;
  /** Whether the customer wants their credit used (on by default when there is some). */
  use: boolean;
  setUse: (use: boolean) => void;
  /** What credit pays of this order, as the server will take it: the balance first, at most the total, never leaving the card less than its minimum. */
  creditPence: number;
  /** What is left for the card. */
  cardPence: number;
  /** The order's total. */
  totalPence: number;
  /** Read the balance again (after a refusal, the server's may differ). */
  refresh: () => void;
}

/**
 * The customer's site credit at checkout. The server decides what is spent (it reads the balance
 * inside the order's own write); this is what the page shows and whether it asks for a card.
 */
export function useSiteCredit(totalPence: number): SiteCredit {
  const trpc = useTRPC();
  const { isAuthenticated } = useAuth();
  const wallet = useQuery(trpc.customer.wallet.get.queryOptions(undefined, { enabled: isAuthenticated, staleTime: 0 }));
  const [use, setUse] = useState(true);
  const balancePence = isAuthenticated ? (decimalToPence(wallet.data?.balance ?? "0") ?? 0) : 0;
  const creditPence = use ? creditToUse(balancePence, totalPence) : 0;
  return { balancePence, use, setUse, creditPence, cardPence: totalPence - creditPence, totalPence, refresh: () => void wallet.refetch() };
}
