import type { OrderView } from "../../../shared/schemas/order";
import { inFlight, nextActionOf } from "./idempotency";
import { loadOrderView } from "./result";
import { isUnsettled, settleFromProvider } from "./settle";
import type { OrderDeps } from "./types";

/**
 * An order as it stands, asking the provider first when it is still waiting on a payment the
 * provider knows (the buyer is back from their bank before the webhook, say). The browser's word
 * that it authenticated is never taken: only the provider's record settles the order.
 */
export async function refreshOrder(deps: OrderDeps, orderId: string): Promise<OrderView> {
  const { db } = deps;
  const order = await db.statements.orderById.get({ id: orderId });
  if (order && isUnsettled(order.status) && order.paymentId && !inFlight(db).running.has(order.id)) {
    const record = await deps.payments.retrieve(order.paymentId).catch(() => null);
    if (record?.status === "requires_action") return loadOrderView(db, orderId, record.nextAction);
    // A capture the provider could not make now leaves the order waiting: the next look (or the sweep) tries again.
    if (record) await settleFromProvider(deps, order.id, record).catch(() => undefined);
    return loadOrderView(db, orderId);
  }
  return loadOrderView(db, orderId, order ? await nextActionOf(deps, order) : null);
}
