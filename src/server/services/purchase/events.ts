import { eq, inArray, or } from "drizzle-orm";
import { transaction } from "../../../../db/client";
import { orders, paymentEvents, refunds, type Order } from "../../../../db/schema";
import { penceToDecimal } from "../../../shared/money";
import type { PaymentEvent } from "../../payments/provider";
import { writeAudit } from "../audit";
import { creditRefundedPence, instantVoidDetails, notifyAdmins, PROVIDER_ACTOR, recordRefund, voidTickets } from "./refunds";
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
  const fresh = db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().run().changes > 0;
  if (!fresh) return "duplicate";
  try {
    return await dispatch(deps, event);
  } catch (err) {
    // Not processed: forget it, so the provider's retry is processed.
    db.delete(paymentEvents).where(eq(paymentEvents.id, event.id)).run();
    throw err;
  }
}

function orderOfPayment(deps: OrderDeps, paymentId: string, orderId: string | null): Order | undefined {
  const byPayment = deps.db.select().from(orders).where(eq(orders.paymentId, paymentId)).get();
  return byPayment ?? (orderId ? deps.db.statements.orderById.get({ id: orderId }) : undefined);
}

async function dispatch(deps: OrderDeps, event: PaymentEvent): Promise<EventOutcome> {
  const now = deps.now?.() ?? new Date();
  switch (event.type) {
    case "payment.succeeded":
    case "payment.failed":
    case "payment.requires_action": {
      const order = orderOfPayment(deps, event.paymentId, event.orderId);
      if (!order) return "ignored";
      return settleFromProvider(deps, order.id, await deps.payments.retrieve(event.paymentId));
    }
    case "charge.refunded": {
      const order = orderOfPayment(deps, event.paymentId, null);
      if (!order) return "ignored";
      if (event.refunds) return recordListedRefunds(deps, order, event.refunds, now);
      // Refunds made elsewhere (the provider's dashboard) are recorded by the difference; one we
      // made ourselves carries the same refund id, so it is never counted twice.
      // What the card has had back is compared: parts paid by site credit went back to the wallet, not the card.
      const missing = event.amountRefundedPence - (order.refundedPence - creditRefundedPence(deps.db, order.id));
      if (missing <= 0) return "ignored";
      const recorded = transaction(deps.db, (tx) => {
        const current = tx.select().from(orders).where(eq(orders.id, order.id)).get()!;
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
      deps.mailer.poke();
      return recorded ? "refunded" : "ignored";
    }
    case "dispute.created":
    case "dispute.closed": {
      const order = orderOfPayment(deps, event.paymentId, null);
      if (!order) return "ignored";
      const created = event.type === "dispute.created";
      transaction(deps.db, (tx) => {
        tx.update(orders)
          .set({ ...(created ? { status: "disputed" as const } : {}), disputeId: event.disputeId, disputeStatus: event.disputeStatus, updatedAt: now })
          .where(eq(orders.id, order.id))
          .run();
        // A disputed payment's tickets leave the draw while its pool is open.
        const { voided, instant } = created ? voidTickets(tx, order.id, "disputed", now) : { voided: [], instant: null };
        writeAudit(tx, PROVIDER_ACTOR, {
          action: created ? "provider.dispute.created" : "provider.dispute.closed",
          targetType: "order",
          targetId: order.id,
          details: {
            disputeId: event.disputeId,
            status: event.disputeStatus,
            ticketsVoided: voided.length > 0,
            ...(instant ? instantVoidDetails(instant) : {}),
          },
        });
        if (created) {
          notifyAdmins(
            tx,
            "A payment was disputed",
            `Order ${order.id} (£${penceToDecimal(order.totalPence)}, ${order.customerEmail}) is disputed by the cardholder's bank.` +
              // A refund already made is the answer to a chargeback: without it the money could go back twice.
              (order.refundedPence > 0 ? ` It was already refunded £${penceToDecimal(order.refundedPence)}: give the refund as your evidence.` : "") +
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
function recordListedRefunds(
  deps: OrderDeps,
  order: Order,
  listed: Array<{ refundId: string; amountPence: number; requestKey?: string | null }>,
  now: Date,
): EventOutcome {
  let recorded = false;
  for (const r of listed) {
    recorded =
      transaction(deps.db, (tx) => {
        // One the shop asked for and recorded under its own key (its answer named no refund id) is the same refund.
        const ids = r.requestKey ? [r.refundId, r.requestKey] : [r.refundId];
        const known = tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(or(inArray(refunds.providerRefundId, ids), r.requestKey ? eq(refunds.requestKey, r.requestKey) : undefined))
          .get();
        if (known) return false;
        const current = tx.select().from(orders).where(eq(orders.id, order.id)).get()!;
        const amountPence = Math.min(r.amountPence, current.totalPence - current.refundedPence);
        if (amountPence <= 0) return false;
        return recordRefund(
          tx,
          current,
          { amountPence, reason: "Refunded by the payment provider", providerRefundId: r.refundId, actor: PROVIDER_ACTOR, notice: "" },
          now,
        );
      }) || recorded;
  }
  if (recorded) deps.mailer.poke();
  return recorded ? "refunded" : "ignored";
}
