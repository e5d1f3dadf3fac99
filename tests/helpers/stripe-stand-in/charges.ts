import { invalidRequest, noSuch } from "./errors";
import { listOf, newId, nowSeconds, type Charge, type Dispute, type Json, type PaymentIntent, type PaymentMethod, type Refund } from "./objects";
import { metadataOf, str, type Params } from "./params";

export interface ChargeBookOptions {
  emit: (type: string, object: Json, previousAttributes?: Json) => void;
  findPaymentIntent: (id: string) => PaymentIntent | undefined;
  /**
   * "expandable" is Stripe since API version 2022-11-15: a charge (also in a charge.refunded event)
   * carries no `refunds` list unless it is expanded. "included" is the older shape.
   */
  chargeRefunds: "included" | "expandable";
}

const money = (pence: number, currency: string) => (currency === "gbp" ? `£${(pence / 100).toFixed(2)}` : `${(pence / 100).toFixed(2)} ${currency}`);
const clone = <T>(value: T): T => structuredClone(value);

/** What happens to money once a payment has been attempted: charges, refunds (the dashboard's too) and disputes. */
export class ChargeBook {
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  readonly disputes = new Map<string, Dispute>();
  /** See ChargeBookOptions; a test may switch it. */
  chargeRefunds: ChargeBookOptions["chargeRefunds"];

  constructor(private readonly options: ChargeBookOptions) {
    this.chargeRefunds = options.chargeRefunds;
  }

  /** The charge of a payment attempt: succeeded, or failed (a decline). */
  create(pi: PaymentIntent, pm: PaymentMethod, status: "succeeded" | "failed", authenticated: boolean): Charge {
    const charge: Charge = {
      id: newId("ch"),
      object: "charge",
      amount: pi.amount,
      amount_captured: status === "succeeded" ? pi.amount : 0,
      amount_refunded: 0,
      balance_transaction: status === "succeeded" ? newId("txn") : null,
      captured: status === "succeeded",
      created: nowSeconds(),
      currency: pi.currency,
      description: pi.description,
      disputed: false,
      livemode: false,
      metadata: { ...pi.metadata },
      outcome:
        status === "succeeded"
          ? { network_status: "approved_by_network", reason: null, risk_level: "normal", seller_message: "Payment complete.", type: "authorized" }
          : {
              network_status: "declined_by_network",
              reason: null,
              risk_level: "normal",
              seller_message: "The bank did not return any further details with this decline.",
              type: "issuer_declined",
            },
      paid: status === "succeeded",
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details: {
        type: "card",
        card: { ...pm.card, three_d_secure: authenticated ? { authentication_flow: "challenge", result: "authenticated", version: "2.2.0" } : null },
      },
      receipt_email: pi.receipt_email,
      refunded: false,
      status,
    };
    this.charges.set(charge.id, charge);
    return charge;
  }

  charge(id: string): Charge {
    const charge = this.charges.get(id);
    if (!charge) throw noSuch("charge", id);
    return charge;
  }

  refundsOf(chargeId: string): Refund[] {
    return [...this.refunds.values()].filter((r) => r.charge === chargeId).reverse();
  }

  renderCharge(charge: Charge, expand: string[] = []): Json {
    const out: Json = clone(charge);
    if (this.chargeRefunds === "included" || expand.includes("refunds"))
      out.refunds = listOf(this.refundsOf(charge.id).map(clone), `/v1/charges/${charge.id}/refunds`);
    return out;
  }

  /** POST /v1/refunds, by `payment_intent` or `charge`; the whole remainder when no `amount` is given. */
  createRefund(p: Params): Refund {
    const piId = str(p, "payment_intent");
    const chargeId = str(p, "charge");
    if (!piId && !chargeId) throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.");
    let charge: Charge;
    if (piId) {
      const pi = this.options.findPaymentIntent(piId);
      if (!pi) throw noSuch("payment_intent", piId, "payment_intent");
      if (pi.status !== "succeeded" || !pi.latest_charge) {
        throw invalidRequest(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, {
          code: "charge_not_refundable",
          param: "payment_intent",
        });
      }
      charge = this.charges.get(pi.latest_charge)!;
    } else {
      charge =
        this.charges.get(chargeId!) ??
        (() => {
          throw noSuch("charge", chargeId!, "charge");
        })();
    }
    if (charge.disputed) throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, { code: "charge_disputed" });
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: "charge_already_refunded" });
    const amountText = str(p, "amount");
    if (amountText !== undefined && !/^[1-9]\d*$/.test(amountText))
      throw invalidRequest("Invalid positive integer", { code: "parameter_invalid_integer", param: "amount" });
    const amount = amountText === undefined ? remaining : Number(amountText);
    if (amount > remaining) {
      throw invalidRequest(
        `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(remaining, charge.currency)})`,
        {
          code: "amount_too_large",
          param: "amount",
        },
      );
    }
    const refund: Refund = {
      id: newId("re"),
      object: "refund",
      amount,
      balance_transaction: newId("txn"),
      charge: charge.id,
      created: nowSeconds(),
      currency: charge.currency,
      destination_details: { type: "card", card: { reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" } },
      metadata: metadataOf(p),
      payment_intent: charge.payment_intent,
      reason: str(p, "reason") ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: "succeeded",
      transfer_reversal: null,
    };
    this.refunds.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    this.options.emit("charge.refunded", this.renderCharge(charge), previous);
    this.options.emit("refund.created", clone(refund));
    return clone(refund);
  }

  /** GET /v1/refunds: of one charge (or payment intent's charge), newest first. */
  list(p: Params): Json {
    const piId = str(p, "payment_intent");
    const chargeId = str(p, "charge") ?? (piId ? (this.options.findPaymentIntent(piId)?.latest_charge ?? "") : undefined);
    const refunds = chargeId !== undefined ? this.refundsOf(chargeId) : [...this.refunds.values()].reverse();
    return listOf(refunds.slice(0, Number(str(p, "limit") ?? 10)).map(clone), "/v1/refunds");
  }

  refund(id: string): Refund {
    const refund = this.refunds.get(id);
    if (!refund) throw noSuch("refund", id);
    return clone(refund);
  }

  /** The cardholder's bank disputes a payment (as test card 4000 0000 0000 0259 does by itself). */
  createDispute(paymentIntentId: string, reason = "fraudulent"): Dispute {
    const pi = this.options.findPaymentIntent(paymentIntentId);
    if (!pi) throw noSuch("payment_intent", paymentIntentId);
    if (pi.status !== "succeeded" || !pi.latest_charge) throw invalidRequest(`PaymentIntent ${pi.id} has no successful charge to dispute.`);
    const charge = this.charges.get(pi.latest_charge)!;
    if (charge.disputed) throw invalidRequest(`Charge ${charge.id} is already disputed.`);
    const created = nowSeconds();
    const dispute: Dispute = {
      id: newId("dp"),
      object: "dispute",
      amount: charge.amount - charge.amount_refunded,
      balance_transactions: [],
      charge: charge.id,
      created,
      currency: charge.currency,
      evidence_details: { due_by: created + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: pi.id,
      reason,
      status: "needs_response",
    };
    this.disputes.set(dispute.id, dispute);
    charge.disputed = true;
    this.options.emit("charge.dispute.created", clone(dispute));
    return clone(dispute);
  }

  /** The bank's decision: the dispute is closed as won (money back to the shop) or lost. */
  closeDispute(id: string, status: "won" | "lost"): Dispute {
    const dispute = this.dispute(id);
    if (dispute.status === "won" || dispute.status === "lost") throw invalidRequest(`Dispute ${id} is already closed (${dispute.status}).`);
    const previous = { status: dispute.status };
    dispute.status = status;
    this.options.emit("charge.dispute.closed", clone(dispute), previous);
    return clone(dispute);
  }

  dispute(id: string): Dispute {
    const dispute = this.disputes.get(id) ?? [...this.disputes.values()].find((d) => d.payment_intent === id);
    if (!dispute) throw noSuch("dispute", id);
    return dispute;
  }
}
