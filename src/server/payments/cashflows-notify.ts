import type { Logger } from "../logger";
import { handlePaymentEvent, type OrderDeps } from "../services/purchase";
import type { EventOutcome } from "../services/purchase/events";
import { inFlight } from "../services/purchase/idempotency";
import { paidPayment, verifyNotificationSignature, type CashflowsPaymentProvider } from "./cashflows";
import type { GatewayJob } from "./gateway-records";
import type { PaymentEvent } from "./provider";

/**
 * The job's state as the shop's payment events, each with an id derived from that state: a
 * notification repeated (or sent late, for a state already recorded) yields ids already processed,
 * and a later change (captured, refunded in the Portal, charged back) yields new ones.
 */
export function paymentEventsOf(job: GatewayJob, orderId: string): PaymentEvent[] {
  const ref = job.reference;
  const events: PaymentEvent[] = [];
  const lastPayment = job.payments.at(-1);
  const reserved = job.payments.some((p) => p.status === "Reserved") || job.lastPaymentStatus === "Reserved";
  const state = job.status === "Pending" && reserved ? "Reserved" : job.status;
  const type: Extract<PaymentEvent, { orderId: string | null }>["type"] =
    job.status === "Paid" || job.status === "Verified" || state === "Reserved"
      ? "payment.succeeded"
      : job.status === "Pending"
        ? "payment.requires_action"
        : "payment.failed";
  events.push({ id: `cashflows:${ref}:payment:${state}:${lastPayment?.reference ?? "-"}`, type, paymentId: ref, orderId });
  // The refunds of the payment the shop keeps: another payment's (one the job should not have taken) are not the order's.
  const refunds = (paidPayment(job)?.refunds ?? []).filter((r) => !r.status || !/fail|reject|declin/i.test(r.status));
  const refunded = refunds.reduce((sum, r) => sum + r.amountPence, 0);
  if (refunded > 0) {
    events.push({
      id: `cashflows:${ref}:refunded:${refunded}`,
      type: "charge.refunded",
      paymentId: ref,
      amountRefundedPence: refunded,
      refundId: refunds.at(-1)?.reference || null,
      // Each refund on its own: one made here and one made in the Portal at the same time are two refunds, recorded once each.
      refunds: refunds.map((r, i) => ({
        refundId: r.reference || r.refundNumber || `${ref}:refund:${i}`,
        amountPence: r.amountPence,
        requestKey: r.refundNumber,
      })),
    });
  }
  for (const chargeback of job.payments.flatMap((p) => p.chargebacks)) {
    const common = { paymentId: ref, disputeId: chargeback.reference, amountPence: chargeback.amountPence };
    events.push({ id: `cashflows:${ref}:chargeback:${chargeback.reference}:opened`, type: "dispute.created", disputeStatus: "Open", ...common });
    if (chargeback.status !== "Open") {
      events.push({
        id: `cashflows:${ref}:chargeback:${chargeback.reference}:${chargeback.status}`,
        type: "dispute.closed",
        disputeStatus: chargeback.status,
        ...common,
      });
    }
  }
  return events;
}

export interface NotifyAnswer {
  status: number;
  body: unknown;
  /** What each of the job's events did (tests and the log line). */
  outcomes?: EventOutcome[];
}

const refusal = (status: number, code: string, message: string): NotifyAnswer => ({ status, body: { message, code } });

/**
 * Cashflows' notification `{paymentJobReference, paymentReference}` POSTed to the address given with
 * the payment. The address's signature is checked before anything is read; the notification itself
 * is only a prompt: the job is read back from the Gateway API (a signed call) and only that is
 * trusted. Answered 200 echoing the references once processed; anything else makes Cashflows retry.
 */
export async function handleCashflowsNotification(
  deps: OrderDeps & { payments: CashflowsPaymentProvider; logger?: Logger },
  input: { orderId: string | null; signature: string | null; raw: Buffer; address: string },
): Promise<NotifyAnswer> {
  const log = deps.logger;
  const { orderId, signature } = input;
  if (!orderId || !signature || !verifyNotificationSignature(deps.payments.options.notificationSecret, orderId, signature)) {
    // The order id is the sender's own text until its signature holds: logged cut short.
    log?.warn("cashflows notification refused: invalid signature", { address: input.address, orderId: orderId?.slice(0, 64) ?? null });
    return refusal(401, "UNAUTHORIZED", "Invalid signature");
  }
  let references: { paymentJobReference: string; paymentReference: string | null };
  try {
    const parsed = JSON.parse(input.raw.toString("utf8")) as { paymentJobReference?: unknown; paymentReference?: unknown };
    if (typeof parsed?.paymentJobReference !== "string" || !parsed.paymentJobReference) throw new Error("no paymentJobReference");
    references = {
      paymentJobReference: parsed.paymentJobReference,
      paymentReference: typeof parsed.paymentReference === "string" ? parsed.paymentReference : null,
    };
  } catch {
    log?.warn("cashflows notification refused: not a notification", { address: input.address, orderId });
    return refusal(400, "BAD_REQUEST", "Expected {paymentJobReference, paymentReference}");
  }
  // The shop's own call for the order settles it first (as with Stripe's webhooks).
  const ownCall = inFlight(deps.db).running.get(orderId);
  if (ownCall) await ownCall.catch(() => undefined);
  const order = await deps.db.statements.orderById.get({ id: orderId });
  if (!order) {
    log?.warn("cashflows notification refused: unknown order", { address: input.address, orderId });
    return refusal(404, "NOT_FOUND", "Unknown order");
  }
  if (order.paymentId !== references.paymentJobReference) {
    log?.error("cashflows notification refused: a payment job of another order", {
      orderId,
      paymentJobReference: references.paymentJobReference,
      ordersPaymentJob: order.paymentId,
    });
    return refusal(409, "CONFLICT", "This payment job is not this order's");
  }
  let job: GatewayJob;
  try {
    job = await deps.payments.job(references.paymentJobReference);
  } catch (err) {
    log?.error("cashflows notification not processed: the payment job could not be read", {
      orderId,
      paymentJobReference: references.paymentJobReference,
      err: err instanceof Error ? err.message : String(err),
    });
    return refusal(500, "INTERNAL_SERVER_ERROR", "Not processed; Cashflows will retry");
  }
  if (job.orderNumber !== null && job.orderNumber !== orderId) {
    log?.error("cashflows notification refused: a payment job of another order", { orderId, paymentJobReference: job.reference, jobsOrder: job.orderNumber });
    return refusal(409, "CONFLICT", "This payment job is not this order's");
  }
  const outcomes: EventOutcome[] = [];
  try {
    for (const event of paymentEventsOf(job, orderId)) outcomes.push(await handlePaymentEvent(deps, event));
  } catch (err) {
    log?.error("cashflows notification not processed", { orderId, paymentJobReference: job.reference, err: err instanceof Error ? err.message : String(err) });
    return { status: 500, body: { message: "Not processed; Cashflows will retry", code: "INTERNAL_SERVER_ERROR" }, outcomes };
  }
  try {
    for (const extra of await deps.payments.refundExtraPayments(job)) {
      log?.warn("cashflows: a second payment on one payment job was refunded", { orderId, paymentJobReference: job.reference, ...extra });
    }
  } catch (err) {
    log?.error("cashflows notification not processed: a second payment on the job could not be refunded", {
      orderId,
      paymentJobReference: job.reference,
      err: err instanceof Error ? err.message : String(err),
    });
    return { status: 500, body: { message: "Not processed; Cashflows will retry", code: "INTERNAL_SERVER_ERROR" }, outcomes };
  }
  if (outcomes.includes("failed")) {
    // Money taken for another amount or currency than the order's sells nothing (and goes back): said once, plainly.
    const reason = (await deps.db.statements.orderById.get({ id: orderId }))?.failureReason ?? "";
    if (reason.startsWith("amount mismatch")) {
      log?.warn("cashflows payment refused: not this order's amount or currency", { orderId, paymentJobReference: job.reference, reason });
    }
  }
  log?.info("cashflows notification processed", { orderId, paymentJobReference: job.reference, status: job.status, outcomes });
  return { status: 200, body: references, outcomes };
}
