import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { orders, type Order } from "../../../../db/schema";
import type { Mailer } from "../../mail/mailer";
import type { PaymentProvider } from "../../payments/provider";
import { inFlight } from "./idempotency";
import { failPendingOrder, settleFromProvider } from "./settle";

/** How long after its hold expired an order waits on an unreachable provider before it is failed. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

export interface SweepDeps {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
}

/**
 * Reconciles pending orders with the payment provider's record (every 30 s and at start-up):
 *
 * 1. payments approved whose settlement could not be written (a full disk) are recorded now;
 * 2. orders whose hold has expired (a crash, a lost answer) are settled from the provider's record
 *    when it has an approved payment for them, and failed (numbers given back) when it has none.
 *
 * A provider that cannot be asked leaves the order pending for the next sweep, for a day at most.
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
  for (const order of expiredPendingOrders(db, now)) {
    // One still waiting on its payment call is failed too: a late approval is then refunded.
    if (registry.unsettled.has(order.id)) continue;
    let record;
    try {
      record = order.totalPence === 0 ? null : await payments.lookup(order.id);
    } catch {
      if (now.getTime() - (order.holdExpiresAt?.getTime() ?? 0) < GIVE_UP_AFTER_MS) continue;
      record = null;
    }
    if (record?.status === "succeeded") {
      if ((await settleFromProvider({ ...deps, now: () => now }, order.id, record)) === "paid") settled++;
    } else if (failPendingOrder(db, order.id, "hold expired", now)) failed++;
  }
  return { settled, failed };
}

/** Pending orders whose hold has expired, oldest first. */
export function expiredPendingOrders(db: Db, now: Date): Order[] {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "pending"), lt(orders.holdExpiresAt, now)))
    .all();
}
