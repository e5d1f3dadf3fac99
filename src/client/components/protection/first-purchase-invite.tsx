import { useQuery } from "@tanstack/react-query";
import type { OrderResult } from "../../../shared/schemas/entry";
import { useLimits } from "../../hooks/use-limits";
import { useTRPC } from "../../lib/trpc";
import { LimitInvite } from "./limit-invite";

/** After a customer's first paid order, and only while they have no limit, invite them to set one. */
export function FirstPurchaseInvite({ result }: { result: OrderResult }) {
  const trpc = useTRPC();
  const limits = useLimits();
  // The newest entries (the unpaged read): an earlier paid order would be among them.
  const entries = useQuery(trpc.customer.entries.list.queryOptions());
  if (!limits.data || !Array.isArray(entries.data)) return null;
  const thisOrder = new Set(result.lines.map((line) => line.entryId));
  const first = entries.data.filter((e) => e.entryMethod === "online" && e.paymentStatus === "paid").every((e) => thisOrder.has(e.id));
  const noLimit = limits.data.monthlyLimit === null && limits.data.pendingIncrease === null;
  if (!first || !noLimit) return null;
  return (
    <div className="mt-6 w-full">
      <LimitInvite />
    </div>
  );
}
