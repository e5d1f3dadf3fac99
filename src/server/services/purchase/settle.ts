import { eq, sql } from "drizzle-orm";
import { inGroupCommit, transaction, type Db, type Tx } from "../../../../db/client";
import { uuidv7 } from "../../../../db/ids";
import { competitions, entries, orders, type Order } from "../../../../db/schema";
import { penceToDecimal } from "../../../shared/money";
import type { OrderResult } from "../../../shared/schemas/entry";
import { AppError } from "../../errors";
import { orderConfirmationMail } from "../../mail/templates";
import type { ChargeResult } from "../../payments/provider";
import { releaseTickets, ticketNumbersByEntry } from "../tickets";
import type { OrderDeps } from "./types";

/*
 * Step 3, one short write: turn held numbers into sold ones and queue the confirmation, or give
 * the numbers back. Also how a provider's later report of a payment (a webhook, the sweep) is
 * recorded.
 */

export const PAYMENT_FAILED_MESSAGE = "Your payment could not be processed. Please try again.";

export type Settled = { outcome: "paid"; result: OrderResult } | { outcome: "failed" | "gone" };

/** Runs inside a transaction, like holdOrder. An order no longer pending is "gone". */
export function settleOrder(tx: Tx, orderId: string, result: ChargeResult, now: Date): Settled {
  const st = tx.statements;
  const order = st.orderById.get({ id: orderId });
  if (!order || order.status !== "pending") return { outcome: "gone" };
  const lines = st.entriesByOrder.all({ orderId });
  if (result.status === "succeeded") {
    st.markOrderPaid.run({ id: orderId, paymentId: result.paymentId, cardBrand: result.cardBrand, cardLast4: result.last4, updatedAt: now.getTime() });
    st.markEntriesPaid.run({ orderId, paymentId: result.paymentId });
    for (const e of lines) st.heldToSold.run({ id: e.competitionId, count: e.ticketCount });
    const numbers = ticketNumbersByEntry(
      tx,
      lines.map((l) => l.id),
    );
    const titles = new Map([...new Set(lines.map((l) => l.competitionId))].map((id) => [id, st.competitionById.get({ id })?.title ?? ""]));
    const paid: OrderResult = {
      orderId: order.id,
      status: "paid",
      amount: penceToDecimal(order.totalPence),
      lines: lines.map((l) => ({
        entryId: l.id,
        competitionId: l.competitionId,
        competitionTitle: titles.get(l.competitionId) ?? "",
        ticketNumbers: numbers.get(l.id) ?? [],
        amount: penceToDecimal(l.amountPence),
      })),
    };
    const mail = orderConfirmationMail({
      to: order.customerEmail,
      name: order.customerName,
      orderId: order.id,
      total: paid.amount,
      lines: paid.lines.map((l) => ({ title: l.competitionTitle, ticketNumbers: l.ticketNumbers, amount: l.amount })),
    });
    st.queueMail.run({ id: uuidv7(), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, createdAt: now.getTime() });
    return { outcome: "paid", result: paid };
  }
  failOrderInTx(tx, order, lines, result.status === "declined" ? result.reason : `error: ${result.message}`, now);
  return { outcome: "failed" };
}

function failOrderInTx(tx: Tx, order: Order, lines: Array<{ id: string; competitionId: string; ticketCount: number }>, reason: string, now: Date): void {
  tx.update(orders).set({ status: "failed", failureReason: reason, holdExpiresAt: null, updatedAt: now }).where(eq(orders.id, order.id)).run();
  tx.update(entries).set({ paymentStatus: "failed" }).where(eq(entries.orderId, order.id)).run();
  for (const e of lines) {
    releaseTickets(tx, e.competitionId, e.id);
    tx.update(competitions)
      .set({ heldTickets: sql`${competitions.heldTickets} - ${e.ticketCount}` })
      .where(eq(competitions.id, e.competitionId))
      .run();
  }
}

export function paymentFailed(orderId: string, reason?: string | null): AppError {
  return new AppError("PAYMENT_DECLINED", PAYMENT_FAILED_MESSAGE, { orderId, paymentStatus: "failed", reason: reason ?? null });
}

/**
 * A provider's own report of a payment (a webhook, or the sweep asking), for orders whose answer
 * never reached us or could not be written. A success for an order already failed is refunded: its
 * numbers may be resold.
 */
export async function settleFromProvider(deps: OrderDeps, orderId: string, result: ChargeResult): Promise<"paid" | "failed" | "gone"> {
  const order = deps.db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order) return "gone";
  if (order.status === "paid" && result.status === "succeeded" && order.paymentId === result.paymentId) return "paid";
  const at = deps.now?.() ?? new Date();
  const { outcome } = await inGroupCommit(deps.db, (tx) => settleOrder(tx, orderId, result, at));
  if (outcome === "gone" && result.status === "succeeded" && order.paymentId !== result.paymentId) {
    await deps.payments.refund(result.paymentId, order.totalPence).catch(() => {});
  }
  if (outcome === "paid") deps.mailer.poke();
  return outcome;
}

/** Gives back the numbers of a pending order that will never be paid. */
export function failPendingOrder(db: Db, orderId: string, reason: string, now: Date): boolean {
  return transaction(db, (tx) => {
    const current = tx.select().from(orders).where(eq(orders.id, orderId)).get();
    if (!current || current.status !== "pending") return false;
    const lines = tx.select().from(entries).where(eq(entries.orderId, orderId)).all();
    failOrderInTx(tx, current, lines, reason, now);
    return true;
  });
}
