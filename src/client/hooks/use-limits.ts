import { trpc } from "../lib/trpc";
import { useAuth } from "./use-auth";

/** The signed-in customer's spending limit, spend this month and any break; never asked for a visitor. */
export function useLimits() {
  const { user } = useAuth();
  return trpc.customer.protection.limits.useQuery(undefined, { enabled: user !== null });
}

/** The customer's break, self-exclusion or restriction, or null while they may play. */
export function useSuspension() {
  return useLimits().data?.suspension ?? null;
}
