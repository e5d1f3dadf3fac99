import { eq, sql } from "drizzle-orm";
import { first, inGroupCommit, withTransaction, type Db, type Tx } from "../../../../db/client";
import { enqueueStoredMail } from "../../mail/outbox";
import { competitions, entries, orders, type Competition, type Order } from "../../../../db/schema";
import { penceToDecimal } from "../../../shared/money";
import { orderReference } from "../../../shared/order-reference";
import type { OrderView } from "../../../shared/schemas/order";
import { AppError } from "../../errors";
import { confirmationLine, orderConfirmationPlain } from "../../mail/templates";
import type { CardFunding, ChargeResult } from "../../payments/provider";
import { assertCreditCardAllowed, recordRefusal } from "../protection";
import { releaseTickets, ticketNumbersByEntry } from "../competitions/tickets";
import { awardInstantWins, claimInstantWins, instantWinView, publicNameOf } from "../competitions/instant-wins";
import { giveBackDiscount } from "../promotions/discount-codes";
import { returnCredit } from "../wallet";
import { cardPenceOf } from "./charge";
import { stopCounting } from "./idempotency";
import { refundUnwanted } from "./refunds";
import { lockOrder, lockOrderAndCompetitions } from "./locks";
import { loadOrderView, orderLineView } from "./result";
import { buyerOfOrder } from "./guard";
import { AUTH_HOLD_MS, HOLD_MS, type OrderDeps } from "./types";

/*
 * Step 3, one short write: turn held numbers into sold ones and queue the confirmation, keep them
 * held while the buyer authenticates, or give them back. Also how a provider's later report of a
 * payment (a webhook, the return from authentication, the sweep) is recorded, exactly once: only
 * an order still `pending` or `requires_action` can be settled.
 */

export const PAYMENT_FAILED_MESSAGE = "Your payment could not be processed. Please try again.";

/**
 * `refused`: an answer the shop does not sell on (a credit card the rules refuse, found only now; a
 * record for another amount or payment): the order failed, and `giveBack` says whether the money
 * taken is this order's to refund.
 */
export type Settled =
  { outcome: "paid" | "requires_action"; result: OrderView } | { outcome: "failed" | "gone" } | { outcome: "refused"; error: AppError; giveBack: boolean };

interface Refusal {
  error: AppError;
  /** Recorded on the order for the operator. */
  reason: string;
  giveBack: boolean;
}

/** Orders still waiting on the provider's answer. */
export function isUnsettled(status: Order["status"]): boolean {
  return status === "pending" || status === "requires_action";
}

/** How long an order waiting on 3-D Secure keeps its numbers: never longer than any hold. */
export function authHoldOf(deps: Pick<OrderDeps, "holdMs" | "authHoldMs">): number {
  return Math.min(deps.authHoldMs ?? AUTH_HOLD_MS, deps.holdMs ?? HOLD_MS);
}

/** Runs inside a transaction, like holdOrder. An order no longer waiting on its payment is "gone". */
export async function settleOrder(
  tx: Tx,
  orderId: string,
  result: ChargeResult,
  now: Date,
  provider: string,
  origin = "",
  authHoldMs = AUTH_HOLD_MS,
): Promise<Settled> {
  const st = tx.statements;
  await lockOrder(tx, orderId);
  const order = await st.orderById.get({ id: orderId });
  if (!order || !isUnsettled(order.status)) return { outcome: "gone" };
  if (result.status === "requires_action") {
    // The numbers stay held while the buyer answers their bank, for a shorter time than a charge's
    // hold (an abandoned challenge gives them back sooner), and never longer than the hold already had.
    const expires = Math.min(order.holdExpiresAt?.getTime() ?? Infinity, now.getTime() + authHoldMs);
    await tx
      .update(orders)
      .set({ status: "requires_action", paymentProvider: provider, paymentId: result.paymentId, holdExpiresAt: new Date(expires), updatedAt: now })
      .where(eq(orders.id, orderId));
    return { outcome: "requires_action", result: await loadOrderView(tx, orderId, result.nextAction) };
  }
  const lines = await st.entriesByOrder.all({ orderId });
  if (result.status === "succeeded") {
    const refused = paymentRefusal(order, result) ?? (await cardRefusal(tx, order, lines, result.funding, now));
    if (refused) {
      const refusal = "reason" in refused ? refused : { error: refused, reason: refused.message, giveBack: true };
      await failOrderInTx(tx, order, lines, refusal.reason, now);
      return { outcome: "refused", error: refusal.error, giveBack: refusal.giveBack };
    }
    const cardPence = cardPenceOf(order);
    await st.markOrderPaid.run({
      id: orderId,
      provider: cardPence === 0 && order.creditPence > 0 ? "site_credit" : provider,
      paymentId: result.paymentId,
      cardBrand: result.cardBrand,
      cardLast4: result.last4,
      cardFunding: result.funding === "unknown" ? null : result.funding,
      cardFingerprint: result.fingerprint ?? null,
      updatedAt: now.getTime(),
    });
    await st.markEntriesPaid.run({ orderId, paymentId: result.paymentId });
    for (const e of lines) await st.heldToSold.run({ id: e.competitionId, count: e.ticketCount });
    const numbers = await ticketNumbersByEntry(
      tx,
      lines.map((l) => l.id),
    );
    const bought = new Map<string, Competition | undefined>();
    for (const id of new Set(lines.map((l) => l.competitionId))) bought.set(id, await st.competitionById.get({ id }));
    const titles = new Map([...bought].map(([id, c]) => [id, c?.title ?? ""]));
    // Instant wins: each paid ticket against the committed winning numbers, one look-up each.
    const instantWins: OrderView["instantWins"] = [];
    for (const l of lines) {
      const c = bought.get(l.competitionId);
      if (!c?.instantCommitmentRoot) continue;
      const won = await claimInstantWins(tx, c, l.id, numbers.get(l.id) ?? [], () => publicNameOf(tx, order), now);
      await awardInstantWins(tx, { competition: c, entry: l, won, now, origin });
      instantWins.push(...won.map(instantWinView));
    }
    const amount = penceToDecimal(order.totalPence);
    const paid: OrderView = {
      id: order.id,
      orderId: order.id,
      reference: orderReference(order.id),
      status: "paid",
      amount,
      currency: order.currency,
      createdAt: order.createdAt.toISOString(),
      lines: lines.map((l) => orderLineView({ ...l, paymentStatus: "paid" }, titles.get(l.competitionId) ?? "", numbers.get(l.id) ?? [])),
      creditUsed: penceToDecimal(order.creditPence),
      discount: penceToDecimal(order.discountPence),
      discountCode: order.discountCode,
      payment:
        cardPence === 0
          ? null
          : { provider, brand: result.cardBrand, last4: result.last4, funding: result.funding === "unknown" ? order.cardFunding : result.funding },
      refunds: [],
      nextAction: null,
      instantWins,
    };
    const mail = orderConfirmationPlain({
      to: order.customerEmail,
      name: order.customerName,
      orderId: order.id,
      total: amount,
      creditUsed: paid.creditUsed,
      ...(order.discountPence > 0 ? { discount: paid.discount, discountCode: order.discountCode } : {}),
      lines: paid.lines.map(confirmationLine),
    });
    await enqueueStoredMail(tx, { ...mail, userId: order.userId }, now);
    return { outcome: "paid", result: paid };
  }
  if (result.status === "declined" && result.paymentId && !order.paymentId) {
    await tx.update(orders).set({ paymentProvider: provider, paymentId: result.paymentId }).where(eq(orders.id, orderId));
  }
  await failOrderInTx(tx, order, lines, result.status === "declined" ? result.reason : `error: ${result.message}`, now);
  return { outcome: "failed" };
}

/**
 * A provider's record that is not this order's payment: another payment than the one the order was
 * given (nothing of it is refunded: it is someone else's), or one for another amount or currency
 * than the order's card part (refunded: whatever it was, it bought nothing). Nothing is sold on either.
 */
export function paymentRefusal(order: Order, result: Extract<ChargeResult, { status: "succeeded" }>): Refusal | null {
  // Made only for a refusal: an Error's stack is not free, and every paid order passes here.
  const error = () => new AppError("PAYMENT_DECLINED", PAYMENT_FAILED_MESSAGE, { orderId: order.id, paymentStatus: "failed" });
  if (order.paymentId && result.paymentId !== order.paymentId) {
    return { error: error(), reason: `payment mismatch: answered for ${result.paymentId}, the order's is ${order.paymentId}`, giveBack: false };
  }
  const amountDiffers = result.amountPence !== undefined && result.amountPence !== cardPenceOf(order);
  const currencyDiffers = result.currency !== undefined && result.currency.toUpperCase() !== order.currency;
  if (!amountDiffers && !currencyDiffers) return null;
  const paid = `${result.amountPence ?? cardPenceOf(order)} ${result.currency?.toUpperCase() ?? order.currency}`;
  return { error: error(), reason: `amount mismatch: the provider took ${paid} for ${cardPenceOf(order)} ${order.currency}`, giveBack: true };
}

/**
 * A card the hold could not check (its provider says what it is only once it has paid or reserved
 * the money: Cashflows) is checked now against the credit-card rules, in the same write as the
 * settlement so that two orders cannot both fit under the cap. Null when it may pay.
 */
export async function cardRefusal(tx: Tx, order: Order, lines: Array<{ competitionId: string }>, funding: CardFunding, now: Date): Promise<AppError | null> {
  if (funding !== "credit" || order.cardFunding === "credit") return null;
  let instantWin = false;
  for (const l of lines) {
    if ((await tx.statements.competitionById.get({ id: l.competitionId }))?.instantWin) {
      instantWin = true;
      break;
    }
  }
  try {
    await assertCreditCardAllowed(tx, { userId: order.userId, cardPence: cardPenceOf(order), instantWin, now });
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

async function failOrderInTx(
  tx: Tx,
  order: Order,
  lines: Array<{ id: string; competitionId: string; ticketCount: number }>,
  reason: string,
  now: Date,
): Promise<void> {
  await tx.update(orders).set({ status: "failed", failureReason: reason, holdExpiresAt: null, updatedAt: now }).where(eq(orders.id, order.id));
  // The site credit it took goes back to the wallet.
  await returnCredit(tx, order, order.creditPence, "Order not completed: credit returned", now);
  // So does the use of its discount code.
  if (order.discountCode) await giveBackDiscount(tx, order.id);
  await tx.update(entries).set({ paymentStatus: "failed" }).where(eq(entries.orderId, order.id));
  for (const e of lines) {
    await releaseTickets(tx, e.competitionId, e.id);
    await tx
      .update(competitions)
      .set({ heldTickets: sql`${competitions.heldTickets} - ${e.ticketCount}` })
      .where(eq(competitions.id, e.competitionId));
  }
}

/** Tells the observer (the operator's metrics) how an order settled: paid, or why not. */
export function reportSettled(deps: Pick<OrderDeps, "onOutcome">, outcome: Settled["outcome"], result: ChargeResult): void {
  if (!deps.onOutcome) return;
  if (outcome === "paid") deps.onOutcome("paid");
  else if (outcome === "requires_action") deps.onOutcome("three_ds");
  else if (outcome === "refused") deps.onOutcome("refused", "CREDIT_CARD");
  else if (outcome === "failed") {
    if (result.status === "declined") deps.onOutcome("declined", result.reason);
    else deps.onOutcome("error");
  }
}

export function paymentFailed(orderId: string, reason?: string | null): AppError {
  return new AppError("PAYMENT_DECLINED", PAYMENT_FAILED_MESSAGE, { orderId, paymentStatus: "failed", reason: reason ?? null });
}

/**
 * A provider's own report of a payment (a webhook, the return from authentication, the sweep
 * asking), for orders whose answer never reached us, could not be written, or waited on the
 * buyer's bank. Recorded once: a second report of the same answer changes nothing. Money taken
 * for an order that can no longer have its tickets (failed meanwhile, its numbers perhaps resold)
 * is refunded and the refund recorded on the order.
 */
export async function settleFromProvider(deps: OrderDeps, orderId: string, answer: ChargeResult): Promise<"paid" | "requires_action" | "failed" | "gone"> {
  const order = await deps.db.statements.orderById.get({ id: orderId });
  if (!order) return "gone";
  if (order.status === "paid" && answer.status === "succeeded" && order.paymentId === answer.paymentId) return "paid";
  const at = deps.now?.() ?? new Date();
  // Money only reserved is checked before it is taken: a card the rules refuse is released, never captured.
  const result = answer.status === "succeeded" && answer.captured === false ? await captureReserved(deps, order, answer, at) : answer;
  if (!result) return "failed";
  const settled = await inGroupCommit(deps.db, (tx) => settleOrder(tx, orderId, result, at, deps.payments.name, deps.origin, authHoldOf(deps)));
  if (settled.outcome === "refused") {
    stopCounting(deps.db, orderId);
    reportSettled(deps, "refused", result);
    await recordRefusal(deps.db, order.userId, settled.error, at);
    if (result.status === "succeeded" && settled.giveBack)
      await mustRefund(deps, (await deps.db.statements.orderById.get({ id: orderId }))!, result, settled.error.message);
    return "failed";
  }
  const { outcome } = settled;
  if (outcome !== "requires_action") stopCounting(deps.db, orderId);
  // A challenge is counted when it begins (placeOrder); here only how it (or a late answer) ended.
  if (outcome !== "requires_action") reportSettled(deps, outcome, result);
  // A challenge the cardholder failed (or the bank refused after it) is a failed payment for the account and the address.
  if (outcome === "failed" && order.status === "requires_action") await deps.guard?.failedPayment(buyerOfOrder(order), at.getTime());
  if (outcome === "gone" && result.status === "succeeded") {
    const current = (await deps.db.statements.orderById.get({ id: orderId }))!;
    const ours = current.status !== "failed" && current.paymentId === result.paymentId;
    if (!ours) await mustRefund(deps, current, result);
  }
  if (outcome === "paid") deps.mailer.poke();
  return outcome;
}

/**
 * Money taken that this order cannot keep goes back; when the provider cannot refund it now, the
 * report is not processed (it throws), so the provider's retry of it (a webhook, a notification)
 * refunds it then.
 */
async function mustRefund(deps: OrderDeps, order: Order, payment: Extract<ChargeResult, { status: "succeeded" }>, refusal?: string): Promise<void> {
  if (!(await refundUnwanted(deps, order, payment, refusal))) {
    throw new Error(`${deps.payments.name} payment ${payment.paymentId} was taken for order ${order.id}, which cannot keep it, and could not be refunded now`);
  }
}

/**
 * A payment the provider only reserved: checked against the order's amount and currency and the
 * credit-card rules, then captured; a refused one (or one whose order is no longer waiting) is cancelled instead. Null when it was
 * refused; throws when the provider cannot capture now, or answers that it did without doing so
 * (the order stays waiting for the sweep).
 */
async function captureReserved(
  deps: OrderDeps,
  order: Order,
  reserved: Extract<ChargeResult, { status: "succeeded" }>,
  now: Date,
): Promise<ChargeResult | null> {
  const lines = await deps.db.statements.entriesByOrder.all({ orderId: order.id });
  const waiting = isUnsettled(order.status);
  // A reservation for another amount or currency than the order's is released, never captured;
  // another payment's record is settled (refused) as it is, and nothing of it is touched.
  const mismatch = waiting ? paymentRefusal(order, reserved) : null;
  if (mismatch && !mismatch.giveBack) return reserved;
  const card = waiting && !mismatch ? await cardRefusal(deps.db, order, lines, reserved.funding, now) : null;
  const refusal = mismatch ?? (card ? { error: card, reason: card.message } : null);
  if (refusal || !waiting) {
    await deps.payments.cancel(reserved.paymentId);
    if (refusal && (await failPendingOrder(deps.db, order.id, refusal.reason, now))) {
      reportSettled(deps, "refused", reserved);
      await recordRefusal(deps.db, order.userId, refusal.error, now);
    }
    return null;
  }
  if (!deps.payments.capture) throw new Error(`${deps.payments.name} reserved a payment but cannot capture it`);
  const captured = await deps.payments.capture(reserved.paymentId, cardPenceOf(order));
  // A capture answered but not made (the payment still only reserved) sells nothing: the order keeps waiting.
  if (captured.status === "succeeded" && captured.captured === false) {
    throw new Error(`${deps.payments.name} payment ${reserved.paymentId} is still only reserved after its capture`);
  }
  return captured;
}

/** Gives back the numbers of an order still waiting on its payment that will never be paid. */
export async function failPendingOrder(db: Db, orderId: string, reason: string, now: Date): Promise<boolean> {
  const failed = await withTransaction(db, async (tx) => {
    await lockOrderAndCompetitions(tx, orderId);
    const current = await first(tx.select().from(orders).where(eq(orders.id, orderId)));
    if (!current || !isUnsettled(current.status)) return false;
    const lines = await tx.select().from(entries).where(eq(entries.orderId, orderId));
    await failOrderInTx(tx, current, lines, reason, now);
    return true;
  });
  if (failed) stopCounting(db, orderId);
  return failed;
}
