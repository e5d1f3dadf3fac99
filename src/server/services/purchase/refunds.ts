import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { changed, first, withTransaction, type Tx } from "../../../../db/client";
import { competitions, draws, entries, notifications, orders, refunds, users, type Order } from "../../../../db/schema";
import { decimalToPence, penceToDecimal } from "../../../shared/money";
import type { AdminOrderView } from "../../../shared/schemas/order";
import { AppError } from "../../errors";
import { MemoryCounters, type Counters } from "../../limits";
import { enqueueMail } from "../../mail/outbox";
import { refundMail, refundMessage } from "../../mail/templates";
import type { ChargeResult } from "../../payments/provider";
import { writeAudit, type Actor } from "../audit";
import { voidInstantWins, type InstantVoid } from "../competitions/instant-void";
import { releaseTickets } from "../competitions/tickets";
import { takeBackReferral, type ReferralTakeBack } from "../promotions/referral-rewards";
import { returnCredit } from "../wallet";
import { cardPenceOf } from "./charge";
import { lockOrderAndCompetitions } from "./locks";
import { CREDIT_REFUND_PREFIX, loadAdminOrderView, refundableOf } from "./result";
import type { OrderDeps } from "./types";

/** An urgent notification to every admin (a dispute, a refund the provider would not make). */
export async function notifyAdmins(tx: Tx, title: string, message: string, now: Date): Promise<void> {
  for (const admin of await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin"))) {
    await tx.insert(notifications).values({ userId: admin.id, type: "warning", priority: "urgent", title, message, createdAt: now });
  }
}

/** The actor named in the audit log for what the payment provider reported (webhooks, reconciliation). */
export const PROVIDER_ACTOR: Actor = { id: "system", email: "payment-provider" };

/**
 * Takes an order's tickets out of the draw: only for competitions whose pool is not frozen yet.
 * Once frozen, the pool (and its published hash) must not change, so the tickets stay in and the
 * money alone goes back. Instant prizes the order's entries won are void either way (the money
 * for the ticket that won them went back: decision 011). Returns the competitions whose tickets
 * were voided, and what became of the instant prizes.
 */
export async function voidTickets(tx: Tx, orderId: string, as: "refunded" | "disputed", now: Date): Promise<{ voided: string[]; instant: InstantVoid }> {
  const lines = await tx
    .select()
    .from(entries)
    .where(and(eq(entries.orderId, orderId), eq(entries.paymentStatus, "paid")));
  const instant = await voidInstantWins(
    tx,
    lines.map((l) => l.id),
    as,
    now,
  );
  if (!lines.length) return { voided: [], instant };
  const frozen = new Set(
    (
      await tx
        .select({ id: draws.competitionId })
        .from(draws)
        .where(
          inArray(
            draws.competitionId,
            lines.map((l) => l.competitionId),
          ),
        )
    ).map((d) => d.id),
  );
  const voided: string[] = [];
  for (const e of lines) {
    if (frozen.has(e.competitionId)) continue;
    const released = await releaseTickets(tx, e.competitionId, e.id);
    await tx
      .update(competitions)
      .set({ soldTickets: sql`case when ${competitions.soldTickets} > ${released} then ${competitions.soldTickets} - ${released} else 0 end` })
      .where(eq(competitions.id, e.competitionId));
    await tx.update(entries).set({ paymentStatus: as }).where(eq(entries.id, e.id));
    voided.push(e.competitionId);
  }
  return { voided, instant };
}

/** The audit row's words for an order's instant prizes made void (nothing when there were none). */
export function instantVoidDetails(v: InstantVoid) {
  if (!v.units.length) return {};
  return {
    instantPrizesVoided: v.units.length,
    creditTakenBack: penceToDecimal(v.takenBackPence),
    creditOwed: penceToDecimal(v.spentPence),
    claimsVoided: v.claimsVoided,
    ...(v.claimsFulfilled.length ? { claimsAlreadyFulfilled: v.claimsFulfilled } : {}),
  };
}

/** The audit row's words for a referral the order had qualified (nothing when it had none). */
export function referralDetails(r: ReferralTakeBack) {
  return {
    referral: r.referralId,
    referralStatus: r.status,
    ...(r.status === "reversed" ? { referralCreditTakenBack: penceToDecimal(r.takenBackPence), referralCreditOwed: penceToDecimal(r.spentPence) } : {}),
  };
}

interface RefundRecord {
  /** Given back to the card (0 when all of it goes back to site credit). */
  amountPence: number;
  /** Given back to the site credit: the part of the order site credit paid. */
  creditPence?: number;
  /** Our request's idempotency key, for refunds we asked for. */
  requestKey?: string;
  reason: string;
  /** The provider's refund id for the card's part (ours, `credit:…`, when there is none). */
  providerRefundId: string;
  actor: Actor;
  /** Said to the customer (notification and mail). */
  notice: string;
}

/** What of an order's refunds went back to site credit. */
export async function creditRefundedPence(tx: Tx, orderId: string): Promise<number> {
  const row = await first(
    tx
      .select({ n: sql<number>`coalesce(sum(${refunds.amountPence}), 0)` })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), sql`${refunds.providerRefundId} like ${`${CREDIT_REFUND_PREFIX}%`}`)),
  );
  return Number(row?.n ?? 0);
}

/** What of an order a card refund may still give back: the card's part less what the card already got back. */
export async function cardRefundablePence(tx: Tx, order: Order): Promise<number> {
  return Math.max(0, cardPenceOf(order) - (order.refundedPence - (await creditRefundedPence(tx, order.id))));
}

/**
 * Records money given back, once per provider refund id (and once per request for the site-credit
 * part, which goes into the wallet), and moves the order to refunded or partially_refunded (a
 * disputed order stays disputed). A full refund voids the tickets of pools not yet frozen.
 * Returns false when that refund was already recorded.
 */
export async function recordRefund(tx: Tx, order: Order, r: RefundRecord, now: Date): Promise<boolean> {
  const row = async (amountPence: number, providerRefundId: string, requestKey: string | null) =>
    changed(
      await tx
        .insert(refunds)
        .values({ orderId: order.id, amountPence, reason: r.reason, providerRefundId, requestKey, actorId: r.actor.id, createdAt: now })
        .onConflictDoNothing(),
    ) > 0;
  const toCard = r.amountPence > 0 && (await row(r.amountPence, r.providerRefundId, r.requestKey ?? null)) ? r.amountPence : 0;
  const creditKey = r.requestKey ?? r.providerRefundId;
  const toCredit =
    (r.creditPence ?? 0) > 0 &&
    (await row(r.creditPence!, `${CREDIT_REFUND_PREFIX}${creditKey}`, r.amountPence > 0 && r.requestKey ? `${r.requestKey}:credit` : (r.requestKey ?? null)))
      ? r.creditPence!
      : 0;
  if (toCredit) await returnCredit(tx, order, toCredit, `Refund: ${r.reason}`, now);
  if (!toCard && !toCredit) {
    // Already recorded from the provider's webhook: it was this request's, so it keeps its key, reason and admin.
    if (r.requestKey && r.amountPence > 0)
      await tx
        .update(refunds)
        .set({ requestKey: r.requestKey, reason: r.reason, actorId: r.actor.id })
        .where(and(eq(refunds.providerRefundId, r.providerRefundId), sql`${refunds.requestKey} is null`));
    return false;
  }
  const given = toCard + toCredit;
  const refundedPence = Math.min(order.totalPence, order.refundedPence + given);
  const full = refundedPence >= order.totalPence;
  const status = order.status === "disputed" ? "disputed" : full ? "refunded" : "partially_refunded";
  await tx.update(orders).set({ refundedPence, status, updatedAt: now }).where(eq(orders.id, order.id));
  const { voided, instant } = full ? await voidTickets(tx, order.id, "refunded", now) : { voided: [], instant: null };
  // A refund of any amount undoes the referral the order qualified.
  const referral = await takeBackReferral(tx, order.id, "refunded", now);
  await writeAudit(tx, r.actor, {
    action: "admin.orders.refund",
    targetType: "order",
    targetId: order.id,
    reason: r.reason,
    details: {
      amount: penceToDecimal(given),
      ...(toCredit ? { toCard: penceToDecimal(toCard), toSiteCredit: penceToDecimal(toCredit) } : {}),
      providerRefundId: toCard ? r.providerRefundId : null,
      status,
      ticketsVoided: voided.length > 0,
      ...(instant ? instantVoidDetails(instant) : {}),
      ...(referral ? referralDetails(referral) : {}),
    },
  });
  const words = { orderId: order.id, card: penceToDecimal(toCard), credit: penceToDecimal(toCredit), notice: r.notice };
  if (order.userId) {
    await tx
      .insert(notifications)
      .values({ userId: order.userId, type: "info", priority: "high", title: "Refund on its way", message: refundMessage(words), createdAt: now });
  }
  await enqueueMail(tx, { ...refundMail({ to: order.customerEmail, name: order.customerName, ...words }), userId: order.userId });
  return true;
}

/** Where refunds take their turn when the purchase path was given no counters of the shop's (server-side callers, tests). */
const ownCounters = new MemoryCounters();
/** A refund's turn lasts at most this long: a process that died mid-refund holds it no longer. */
const REFUND_TURN_MS = 2 * 60 * 1000;
/** How long a refund waits for the one before it before the admin is asked to try again. */
const REFUND_WAIT_MS = 30 * 1000;

/**
 * Refunds of one order run one after another, so two at once cannot both give back what is left:
 * each claims the order's turn in the shop's counters (shared by every process on PostgreSQL) and
 * waits while another has it.
 */
async function oneAtATime<T>(counters: Counters, orderId: string, work: () => Promise<T>): Promise<T> {
  const key = `refund:${orderId}`;
  const giveUpAt = Date.now() + REFUND_WAIT_MS;
  let token: number | null;
  while ((token = await counters.claim(key, REFUND_TURN_MS, Date.now())) === null) {
    if (Date.now() > giveUpAt) throw new AppError("REFUND_NOT_ALLOWED", "Another refund of this order is in progress. Please try again in a moment.");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  try {
    return await work();
  } finally {
    await counters.release(key, token).catch(() => {});
  }
}

/**
 * POST /api/admin/orders/{id}/refund: through the provider first, then recorded. The provider's
 * idempotency key is the caller's (the admin dialog sends one per refund it opens; a REST client
 * may send an Idempotency-Key), or else made of the order, amount and reason: either way a double
 * click, or a retry after a lost answer, is the same refund, and the provider's refund id makes
 * the record once, whichever of this call and the provider's webhook arrives first. Refunds of
 * one order are made one at a time, so the amount left is always read after the previous one.
 */
export function refundOrder(
  deps: OrderDeps,
  actor: Actor,
  input: { id: string; amount?: string; reason: string; idempotencyKey?: string },
  headerKey?: string | null,
): Promise<AdminOrderView> {
  return oneAtATime(deps.counters ?? ownCounters, input.id, () => refundNow(deps, actor, input, headerKey ?? input.idempotencyKey ?? null));
}

async function refundNow(deps: OrderDeps, actor: Actor, input: { id: string; amount?: string; reason: string }, key: string | null): Promise<AdminOrderView> {
  const { db, payments } = deps;
  const order = await db.statements.orderById.get({ id: input.id });
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  const amountAsked = input.amount === undefined ? "all" : input.amount;
  const idempotencyKey = `refund-${order.id}-${key ?? createHash("sha256").update(`${amountAsked}\n${input.reason}`).digest("hex").slice(0, 32)}`;
  // A repeat of a refund already made answers with the order as it stands, and refunds nothing.
  if (
    await first(
      db
        .select({ id: refunds.id })
        .from(refunds)
        .where(inArray(refunds.requestKey, [idempotencyKey, `${idempotencyKey}:credit`]))
        .limit(1),
    )
  )
    return loadAdminOrderView(db, order.id);
  const refundable = refundableOf(order);
  if (refundable === 0) {
    const why =
      order.status === "disputed"
        ? "This order is disputed: the card issuer decides the money now."
        : order.status === "refunded"
          ? "This order has already been refunded in full."
          : "Only a paid order can be refunded.";
    throw new AppError("REFUND_NOT_ALLOWED", why);
  }
  const amountPence = input.amount === undefined ? refundable : decimalToPence(input.amount);
  if (amountPence === null || amountPence <= 0) throw new AppError("INVALID_INPUT", "A refund must be more than £0.00.");
  if (amountPence > refundable) throw new AppError("REFUND_NOT_ALLOWED", `At most £${penceToDecimal(refundable)} can still be refunded on this order.`);
  // The card gets its part back first; what site credit paid goes back to the site credit (never to a card: credit is not cash).
  const toCard = Math.min(amountPence, await cardRefundablePence(db, order));
  const toCredit = amountPence - toCard;
  if (toCard > 0 && !order.paymentId) throw new AppError("REFUND_NOT_ALLOWED", "This order has no payment to refund.");
  let refund: { refundId: string; amountPence: number } = { refundId: `${CREDIT_REFUND_PREFIX}${idempotencyKey}`, amountPence: 0 };
  if (toCard > 0) {
    try {
      refund = await payments.refund({
        paymentId: order.paymentId!,
        amountPence: toCard,
        idempotencyKey,
        reason: input.reason,
      });
    } catch (err) {
      throw new AppError(
        "UNAVAILABLE",
        `The payment provider did not make the refund: ${err instanceof Error ? err.message : "no answer"}. Nothing was changed; try again.`,
      );
    }
  }
  const now = deps.now?.() ?? new Date();
  await withTransaction(db, async (tx) => {
    await lockOrderAndCompetitions(tx, order.id);
    const current = (await first(tx.select().from(orders).where(eq(orders.id, order.id))))!;
    await recordRefund(
      tx,
      current,
      {
        amountPence: refund.amountPence,
        creditPence: toCredit,
        reason: input.reason,
        providerRefundId: refund.refundId,
        requestKey: idempotencyKey,
        actor,
        notice: "",
      },
      now,
    );
  });
  deps.mailer.poke();
  return loadAdminOrderView(db, order.id);
}

/**
 * Money the provider took for an order that cannot have its tickets (it failed meanwhile and its
 * numbers may be someone else's now), or a second payment for an order already paid: refunded in
 * full. The failed order records it, so its buyer sees the money went back. False when the
 * provider did not make the refund now (it is asked again with the same key: never made twice).
 */
export async function refundUnwanted(
  deps: OrderDeps,
  order: Order,
  payment: Extract<ChargeResult, { status: "succeeded" }>,
  /** Why the tickets could not be kept, when it was not their hold ending (the card's funding, say). */
  refusal?: string,
): Promise<boolean> {
  const reason = refusal ? "Paid with a card the shop's rules refuse" : "Paid after its tickets were released";
  const refund = await deps.payments
    .refund({
      paymentId: payment.paymentId,
      // What the provider says it took, when it says (an answer for another amount is refunded as taken).
      amountPence: payment.amountPence ?? cardPenceOf(order),
      idempotencyKey: `unwanted-${payment.paymentId}`,
      reason,
    })
    .catch(() => null);
  if (!refund) return false;
  if (order.status !== "failed") return true;
  const now = deps.now?.() ?? new Date();
  if (refund.amountPence !== cardPenceOf(order)) {
    // Money taken for another amount than the order's (which bought nothing): given back as taken, the
    // order stays failed, and the operator is told, since it is not a refund of this order's price.
    await withTransaction(deps.db, async (tx) => {
      await writeAudit(tx, PROVIDER_ACTOR, {
        action: "provider.payment.refunded_unmatched",
        targetType: "order",
        targetId: order.id,
        details: { paymentId: payment.paymentId, refundId: refund.refundId, amountPence: refund.amountPence, orderCardPence: cardPenceOf(order) },
      });
      await notifyAdmins(
        tx,
        "A payment did not match its order",
        `Order ${order.id} was paid £${penceToDecimal(refund.amountPence)} instead of £${penceToDecimal(cardPenceOf(order))}; nothing was sold and the payment was refunded. Check it in the payment provider's dashboard.`,
        now,
      );
    });
    return true;
  }
  await withTransaction(deps.db, async (tx) => {
    await lockOrderAndCompetitions(tx, order.id);
    await tx
      .update(orders)
      .set({
        status: "paid",
        paymentProvider: deps.payments.name,
        paymentId: payment.paymentId,
        cardBrand: payment.cardBrand,
        cardLast4: payment.last4,
        cardFingerprint: payment.fingerprint ?? null,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, "failed")));
    const current = (await first(tx.select().from(orders).where(eq(orders.id, order.id))))!;
    if (current.paymentId !== payment.paymentId) return;
    await recordRefund(
      tx,
      current,
      {
        amountPence: refund.amountPence,
        reason,
        providerRefundId: refund.refundId,
        actor: PROVIDER_ACTOR,
        notice: refusal ?? "The payment completed after the tickets' hold had ended, so the tickets could not be kept.",
      },
      now,
    );
    // Its site credit went back to the wallet when the hold ended: the order is refunded in full.
    if (current.creditPence > 0) {
      await tx.update(orders).set({ status: "refunded", refundedPence: current.totalPence }).where(eq(orders.id, order.id));
    }
  });
  deps.mailer.poke();
  return true;
}
