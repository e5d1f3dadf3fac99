import { eq, inArray, or } from "drizzle-orm";
import { changed, first, withTransaction } from "../../../../db/client";
import { orders, paymentEvents, refunds, type Order } from "../../../../db/schema";
import { penceToDecimal } from "../../../shared/money";
import type { PaymentEvent } from "../../payments/provider";
import { writeAudit } from "../audit";
import { creditRefundedPence, instantVoidDetails, notifyAdmins, PROVIDER_ACTOR, recordRefund, referralDetails, voidTickets } from "./refunds";
import { takeBackReferral } from "../promotions/referral-rewards";
import { lockOrderAndCompetitions } from "./locks";
import { settleFromProvider } from "./settle";
import type { OrderDeps } from "./types";

export type EventOutcome = "duplicate" | "ignored" | "paid" | "requires_action" | "failed" | "gone" | "refunded" | "disputed" | "dispute closed";

/**
 * A provider's report (a verified webhook, or the simulator's callback), processed once per event
 * id. The payment's own state is read back from the provider rather than taken from the event, so
 * an event that arrives late, early or twice settles the order to what the provider says now.
 */
export async function handlePaymentEvent(deps: OrderDeps, event: PaymentEvent): Promise<EventOutcome> {
  const { db } = deps;
  const fresh = changed(await db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing()) > 0;
  if (!fresh) return "duplicate";
  try {
    return await dispatch(deps, event);
  } catch (err) {
    // Not processed: forget it, so the provider's retry is processed.
    await db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
    throw err;
  }
}

async function orderOfPayment(deps: OrderDeps, paymentId: string, orderId: string | null): Promise<Order | undefined> {
  const byPayment = await first(deps.db.select().from(orders).where(eq(orders.paymentId, paymentId)).limit(1));
  return byPayment ?? (orderId ? await deps.db.statements.orderById.get({ id: orderId }) : undefined);
}

async function dispatch(deps: OrderDeps, event: PaymentEvent): Promise<EventOutcome> {
  const now = deps.now?.() ?? new Date();
  switch (event.type) {
    case "payment.succeeded":
    case "payment.failed":
    case "payment.requires_action": {
      const order = await orderOfPayment(deps, event.paymentId, event.orderId);
      if (!order) return "ignored";
      return settleFromProvider(deps, order.id, await deps.payments.retrieve(event.paymentId));
    }
    case "charge.refunded": {
      const order = await orderOfPayment(deps, event.paymentId, null);
      if (!order) return "ignored";
      if (event.refunds) return recordListedRefunds(deps, order, event.refunds, now);
      // Refunds made elsewhere (the provider's dashboard) are recorded by the difference; one we
      // made ourselves carries the same refund id, so it is never counted twice.
      // What the card has had back is compared: parts paid by site credit went back to the wallet, not the card.
      // Read in the same transaction as the record, so a refund recorded meanwhile is counted in the difference.
      const recorded = await withTransaction(deps.db, async (tx) => {
        await lockOrderAndCompetitions(tx, order.id);
        const current = (await first(tx.select().from(orders).where(eq(orders.id, order.id))))!;
        const missing = event.amountRefundedPence - (current.refundedPence - (await creditRefundedPence(tx, current.id)));
        if (missing <= 0) return null;
        return recordRefund(
          tx,
          current,
          {
            amountPence: Math.min(missing, current.totalPence - current.refundedPence),
            reason: "Refunded by the payment provider",
            providerRefundId: event.refundId ?? `${event.paymentId}:${event.amountRefundedPence}`,
            actor: PROVIDER_ACTOR,
            notice: "",
          },
          now,
        );
      });
      if (recorded === null) return "ignored";
      deps.mailer.poke();
      return recorded ? "refunded" : "ignored";
    }
    case "dispute.created":
    case "dispute.closed": {
      const order = await orderOfPayment(deps, event.paymentId, null);
      if (!order) return "ignored";
      const created = event.type === "dispute.created";
      await withTransaction(deps.db, async (tx) => {
        await lockOrderAndCompetitions(tx, order.id);
        // What the admins are told of its refunds is read in the same transaction as the dispute is marked.
        const current = (await first(tx.select().from(orders).where(eq(orders.id, order.id))))!;
        await tx
          .update(orders)
          .set({ ...(created ? { status: "disputed" as const } : {}), disputeId: event.disputeId, disputeStatus: event.disputeStatus, updatedAt: now })
          .where(eq(orders.id, order.id));
        // A disputed payment's tickets leave the draw while its pool is open.
        const { voided, instant } = created ? await voidTickets(tx, order.id, "disputed", now) : { voided: [], instant: null };
        const referral = created ? await takeBackReferral(tx, order.id, "disputed", now) : null;
        await writeAudit(tx, PROVIDER_ACTOR, {
          action: created ? "provider.dispute.created" : "provider.dispute.closed",
          targetType: "order",
          targetId: order.id,
          details: {
            disputeId: event.disputeId,
            status: event.disputeStatus,
            ticketsVoided: voided.length > 0,
            ...(instant ? instantVoidDetails(instant) : {}),
            ...(referral ? referralDetails(referral) : {}),
          },
        });
        if (created) {
          await notifyAdmins(
            tx,
            "A payment was disputed",
            `Order ${current.id} (£${penceToDecimal(current.totalPence)}, ${current.customerEmail}) is disputed by the cardholder's bank.` +
              // A refund already made is the answer to a chargeback: without it the money could go back twice.
              (current.refundedPence > 0 ? ` It was already refunded £${penceToDecimal(current.refundedPence)}: give the refund as your evidence.` : "") +
              " Respond in the payment provider's dashboard.",
            now,
          );
        }
      });
      return created ? "disputed" : "dispute closed";
    }
  }
}

/**
 * A provider that lists a payment's refunds (Cashflows): each refund not yet recorded is recorded by
 * its own id and amount, so a refund the shop is making right now (recorded under the same id when
 * its answer arrives) and one made in the provider's dashboard meanwhile are never mistaken for one
 * another, nor counted twice. Never more than the order has left to give back.
 */
async function recordListedRefunds(
  deps: OrderDeps,
  order: Order,
  listed: Array<{ refundId: string; amountPence: number; requestKey?: string | null }>,
  now: Date,
): Promise<EventOutcome> {
  let recorded = false;
  for (const r of listed) {
    recorded =
      (await withTransaction(deps.db, async (tx) => {
        await lockOrderAndCompetitions(tx, order.id);
        // One the shop asked for and recorded under its own key (its answer named no refund id) is the same refund.
        const ids = r.requestKey ? [r.refundId, r.requestKey] : [r.refundId];
        const known = await first(
          tx
            .select({ id: refunds.id })
            .from(refunds)
            .where(or(inArray(refunds.providerRefundId, ids), r.requestKey ? eq(refunds.requestKey, r.requestKey) : undefined))
            .limit(1),
        );
        if (known) return false;
        const current = (await first(tx.select().from(orders).where(eq(orders.id, order.id))))!;
        const amountPence = Math.min(r.amountPence, current.totalPence - current.refundedPence);
        if (amountPence <= 0) return false;
        return recordRefund(
          tx,
          current,
          { amountPence, reason: "Refunded by the payment provider", providerRefundId: r.refundId, actor: PROVIDER_ACTOR, notice: "" },
          now,
        );
      })) || recorded;
  }
  if (recorded) deps.mailer.poke();
  return recorded ? "refunded" : "ignored";
}
