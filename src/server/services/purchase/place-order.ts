import { eq } from "drizzle-orm";
import { first, inGroupCommit, uniqueViolation } from "../../../../db/client";
import { orders, type Order } from "../../../../db/schema";
import type { OrderView } from "../../../shared/schemas/order";
import type { CardFunding, ChargeResult } from "../../payments/provider";
import { AppError } from "../../errors";
import { recordRefusal } from "../protection";
import { chargeOrder } from "./charge";
import { buyerOfOrder, checkAwaitingAuthentication, type Buyer } from "./guard";
import { holdOrder, mergeLines, sumOfTickets } from "./hold";
import { inFlight, keepCounted, replay, scopedKey as scopeKey } from "./idempotency";
import { loadOrderView } from "./result";
import { refundUnwanted } from "./refunds";
import { authHoldOf, paymentFailed, reportSettled, settleOrder, type Settled } from "./settle";
import { HOLD_MS, type OrderDeps, type PlaceOrderArgs } from "./types";

/**
 * Hold → charge → settle. The database write lock is held only for the two short transactions,
 * never across the payment call. Both steps go through group commit: at a peak, the holds (and the
 * settlements) of the buyers who arrive together share one commit, each in its own savepoint.
 */
export async function placeOrder(deps: OrderDeps, args: PlaceOrderArgs): Promise<OrderView> {
  const { db, payments } = deps;
  const now = deps.now?.() ?? new Date();
  const scopedKey = scopeKey(args.userId, args.customerEmail, args.idempotencyKey);
  const buyer = buyerOfOrder({ userId: args.userId, customerEmail: args.customerEmail, clientIp: args.ip ?? null });
  // An order over the per-order limit is refused as such, before the guard counts its tickets.
  const wanted = sumOfTickets(mergeLines(args.lines));

  if (scopedKey) {
    // A retry of an order already placed answers from that order, whatever the guard says now.
    const existing = await db.statements.orderByKey.get({ key: scopedKey });
    if (existing) return replay(deps, existing, args);
  }
  let release = () => {};
  if (deps.guard) {
    try {
      // Orders waiting on the bank first: their refusal says what to do about them.
      await checkAwaitingAuthentication(db, args, now);
      // Counted from the check on (in one process; across processes inside the hold): two orders sent at once cannot both pass it.
      release = await deps.guard.admit(buyer, now.getTime(), wanted);
    } catch (err) {
      reportRefused(deps, err);
      throw err;
    }
  }
  const registry = inFlight(db);
  let order: Order;
  try {
    const method = args.method;
    const funding: CardFunding = method ? await payments.cardFunding(method).catch((): CardFunding => "unknown") : "unknown";
    let held: { order: Order; existing: boolean };
    try {
      held = await inGroupCommit(db, (tx) => holdOrder(tx, args, scopedKey, now, funding, deps.holdMs ?? HOLD_MS, deps.guard));
    } catch (err) {
      await recordRefusal(db, args.userId, err, now);
      // Two identical submits raced past the look-up; the loser answers with the winner's result.
      if (scopedKey && uniqueViolation(err, "orders", "idempotency_key")) {
        const winner = await first(db.select().from(orders).where(eq(orders.idempotencyKey, scopedKey)));
        if (winner) {
          release();
          return replay(deps, winner, args);
        }
      }
      reportRefused(deps, err);
      throw err;
    }
    if (held.existing) {
      release();
      return replay(deps, held.order, args);
    }
    order = held.order;
  } catch (err) {
    release();
    throw err;
  }

  const running = chargeAndSettle(deps, order, args, buyer)
    .then((result) => {
      // An order waiting on the buyer's bank still holds tickets: it stays counted until it is settled or its hold ends.
      if (result.status === "requires_action") keepCounted(db, order.id, release, authHoldOf(deps));
      else release();
      return result;
    })
    .catch((err: unknown) => {
      release();
      throw err;
    })
    .finally(() => registry.running.delete(order.id));
  registry.running.set(order.id, running);
  return running;
}

/** A refusal before any money was asked for (a limit, sold out, a wrong answer), counted by its error code. */
function reportRefused(deps: OrderDeps, err: unknown): void {
  deps.onOutcome?.("refused", err instanceof AppError ? err.code : "INTERNAL");
}

async function chargeAndSettle(deps: OrderDeps, order: Order, args: PlaceOrderArgs, buyer: Buyer): Promise<OrderView> {
  const { db, payments } = deps;
  const result: ChargeResult = await chargeOrder(payments, order, args);
  const settledAt = deps.now?.() ?? new Date();
  // A processing error counts like a decline: a card that always errors holds tickets just the same.
  if (result.status === "declined" || result.status === "error") await deps.guard?.failedPayment(buyer, settledAt.getTime());

  let settled: Settled;
  try {
    settled = await inGroupCommit(db, (tx) => settleOrder(tx, order.id, result, settledAt, payments.name, deps.origin, authHoldOf(deps)));
  } catch {
    // The answer could not be written (a full disk, say). An approved payment is kept to be
    // recorded by the sweep once writes work again, and the buyer is told it is still processing;
    // a refused one leaves the hold to expire.
    if (result.status === "declined" || result.status === "error") throw paymentFailed(order.id, result.status === "declined" ? result.reason : "error");
    if (result.status === "succeeded") inFlight(db).unsettled.set(order.id, result);
    return loadOrderView(db, order.id);
  }
  if (settled.outcome === "refused") {
    // Paid with a card the hold could not check, which the credit-card rules refuse: given back.
    reportSettled(deps, "refused", result);
    await recordRefusal(db, order.userId, settled.error, settledAt);
    if (result.status === "succeeded" && settled.giveBack)
      await refundUnwanted(deps, (await db.statements.orderById.get({ id: order.id }))!, result, settled.error.message);
    throw settled.error;
  }
  if (settled.outcome === "gone") {
    // The provider's own report (a webhook) may have settled it first: that is this payment, not a second one.
    const now = await db.statements.orderById.get({ id: order.id });
    if (result.status === "succeeded" && now && now.status !== "failed" && now.paymentId === result.paymentId) return loadOrderView(db, order.id);
    deps.onOutcome?.("expired", "hold_expired");
    // The hold expired while the provider was answering: the numbers may be someone else's now.
    if (result.status === "succeeded") await refundUnwanted(deps, (await db.statements.orderById.get({ id: order.id }))!, result);
    else if (result.status === "requires_action") await payments.cancel(result.paymentId);
    throw paymentFailed(order.id, "hold expired");
  }
  reportSettled(deps, settled.outcome, result);
  if (settled.outcome === "requires_action") return settled.result;
  deps.mailer.poke();
  if (settled.outcome !== "paid") throw paymentFailed(order.id, result.status === "declined" ? result.reason : "error");
  return settled.result;
}
