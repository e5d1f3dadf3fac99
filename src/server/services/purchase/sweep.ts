import { and, inArray, lt } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { orders, type Order } from "../../../../db/schema";
import type { ChargeResult } from "../../payments/provider";
import { cardPenceOf } from "./charge";
import { buyerOfOrder } from "./guard";
import { inFlight } from "./idempotency";
import type { OrderDeps } from "./types";
import { failPendingOrder, settleFromProvider } from "./settle";

/** How long after its hold expired an order waits on an unreachable provider before it is failed. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** What the sweep settles with: the shop's purchase path (services/purchase/purchasing.ts), hold times included. */
export type SweepDeps = OrderDeps;

/**
 * Reconciles pending orders with the payment provider's record (every 30 s and at start-up):
 *
 * 1. payments approved whose settlement could not be written (a full disk) are recorded now;
 * 2. orders whose hold has expired (a crash, a lost answer, a buyer who never finished their bank's
 *    challenge) are settled from the provider's record when it has an approved payment for them,
 *    and failed (numbers given back) when it has none; a challenge still open is cancelled first,
 *    so it can no longer take money. Money that arrives anyway is refunded (settleFromProvider).
 *
 * A provider that cannot be asked, or cannot capture a payment it reserved, leaves the order pending
 * for the next sweep, for a day at most.
 */
export async function sweepPendingOrders(deps: SweepDeps, now = new Date()): Promise<{ settled: number; failed: number }> {
  const { db, payments } = deps;
  const registry = inFlight(db);
  let settled = 0;
  let failed = 0;
  for (const [orderId, result] of [...registry.unsettled]) {
    try {
      if ((await settleFromProvider({ ...deps, now: () => now }, orderId, result)) === "paid") settled++;
      registry.unsettled.delete(orderId);
    } catch {
      // Still unwritable: the next sweep tries again.
    }
  }
  for (const order of await expiredPendingOrders(db, now)) {
    // One still waiting on its payment call is failed too: a late approval is then refunded.
    if (registry.unsettled.has(order.id)) continue;
    let record: ChargeResult | null;
    try {
      record = cardPenceOf(order) === 0 ? null : order.paymentId ? await payments.retrieve(order.paymentId) : await payments.lookup(order.id);
    } catch {
      if (now.getTime() - (order.holdExpiresAt?.getTime() ?? 0) < GIVE_UP_AFTER_MS) continue;
      record = null;
    }
    if (record?.status === "succeeded") {
      // A reserved payment the provider could not capture now is tried again by the next sweep,
      // for a day at most: then it is released and the order's numbers go back.
      const outcome = await settleFromProvider({ ...deps, now: () => now }, order.id, record).catch(() => null);
      if (outcome === "paid") settled++;
      if (outcome !== null || record.captured !== false || now.getTime() - (order.holdExpiresAt?.getTime() ?? 0) < GIVE_UP_AFTER_MS) continue;
      await payments.cancel(record.paymentId);
      if (await failPendingOrder(db, order.id, "payment could not be captured", now)) {
        failed++;
        deps.onOutcome?.("expired", "hold_expired");
      }
      continue;
    }
    if (record?.status === "requires_action") await payments.cancel(record.paymentId);
    // An order that was waiting on the buyer's bank and never completed: the challenge was abandoned.
    const abandoned = record?.status === "requires_action" || order.status === "requires_action";
    if (await failPendingOrder(db, order.id, abandoned ? "authentication not completed in time" : "hold expired", now)) {
      failed++;
      deps.onOutcome?.("expired", abandoned ? "authentication_abandoned" : "hold_expired");
      if (abandoned) await deps.guard?.failedPayment(buyerOfOrder(order), now.getTime());
    }
  }
  return { settled, failed };
}

/** Orders still waiting on their payment (pending or authenticating) whose hold has expired, oldest first. */
export async function expiredPendingOrders(db: Db, now: Date): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ["pending", "requires_action"]), lt(orders.holdExpiresAt, now)));
}
