import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../lib/trpc";
import { useAuth } from "./use-auth";

/** The signed-in customer's spending limit, spend this month and any break; never asked for a visitor. */
export function useLimits() {
  const trpc = useTRPC();
  const { user } = useAuth();
  return useQuery(trpc.customer.protection.limits.queryOptions(undefined, { enabled: user !== null }));
}

/** The customer's break, self-exclusion or restriction, or null while they may play. */
export function useSuspension() {
  return useLimits().data?.suspension ?? null;
}
