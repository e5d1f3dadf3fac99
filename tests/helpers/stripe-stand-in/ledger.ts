import { ChargeBook, type ChargeBookOptions } from "./charges";
import { testCard, type CardBehaviour, type CardFunding, type TestCard } from "./cards";
import { docUrl, invalidRequest, missingParam, noSuch, StripeApiError } from "./errors";
import { confirmationTokenOf, newId, nowSeconds, paymentMethodOf, type ConfirmationToken, type Json, type PaymentIntent, type PaymentMethod } from "./objects";
import { flag, list, metadataOf, obj, parseSearchQuery, str, type Params } from "./params";

export interface LedgerOptions {
  /** The stand-in's own address, for the 3D Secure page a next action points to. */
  baseUrl: () => string;
  /** Every event Stripe would send, with its object as events carry it (nothing expanded). */
  emit: (type: string, object: Json, previousAttributes?: Json) => void;
  chargeRefunds: ChargeBookOptions["chargeRefunds"];
}

const CANCELABLE = new Set(["requires_payment_method", "requires_confirmation", "requires_action", "processing", "requires_capture"]);
const AUTHENTICATION_FAILED =
  "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.";

const clone = <T>(value: T): T => structuredClone(value);

/** Stripe's state, in memory: confirmation tokens, payment methods and payment intents and the moves between their statuses; the money itself in `charges`. */
export class StripeLedger {
  readonly confirmationTokens = new Map<string, ConfirmationToken>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  /** Charges, refunds and disputes. */
  readonly charges: ChargeBook;
  /** The test card behind each confirmation token and payment method: what decides its payments. */
  private readonly cards = new Map<string, TestCard>();

  constructor(private readonly options: LedgerOptions) {
    this.charges = new ChargeBook({ emit: options.emit, findPaymentIntent: (id) => this.paymentIntents.get(id), chargeRefunds: options.chargeRefunds });
  }

  // ── Confirmation tokens and payment methods ─────────────────────────────────────────────────

  createConfirmationToken(input: { card: string; funding?: CardFunding; returnUrl?: string | null }): ConfirmationToken {
    const card = testCard(input.card);
    if (!card) {
      throw new StripeApiError(402, {
        type: "card_error",
        code: "incorrect_number",
        param: "number",
        message: "Your card number is incorrect.",
        doc_url: docUrl("incorrect_number"),
      });
    }
    const token = confirmationTokenOf(card, input.funding ?? card.funding, input.returnUrl ?? null);
    this.confirmationTokens.set(token.id, token);
    this.cards.set(token.id, card);
    return clone(token);
  }

  /** POST /v1/test_helpers/confirmation_tokens: `payment_method=pm_card_…` or `payment_method_data[card][number]`. */
  confirmationTokenFrom(p: Params): ConfirmationToken {
    const number = str(obj(obj(p, "payment_method_data"), "card"), "number") ?? str(p, "card");
    const card = str(p, "payment_method") ?? number;
    if (!card) throw missingParam("payment_method");
    const funding = str(p, "funding") as CardFunding | undefined;
    return this.createConfirmationToken({ card, funding, returnUrl: str(p, "return_url") ?? null });
  }

  confirmationToken(id: string): ConfirmationToken {
    const token = this.confirmationTokens.get(id);
    if (!token) throw noSuch("confirmationtoken", id);
    return clone(token);
  }

  /** A stored payment method, or a new one for a test id such as `pm_card_visa` (as Stripe makes one). */
  paymentMethod(id: string, param?: string): PaymentMethod {
    const stored = this.paymentMethods.get(id);
    if (stored) return stored;
    const card = testCard(id);
    if (!card || !id.startsWith("pm_")) throw noSuch("PaymentMethod", id, param);
    return this.storePaymentMethod(paymentMethodOf(card, card.funding), card);
  }

  private storePaymentMethod(pm: PaymentMethod, card: TestCard): PaymentMethod {
    this.paymentMethods.set(pm.id, pm);
    this.cards.set(pm.id, card);
    return pm;
  }

  // ── Payment intents ─────────────────────────────────────────────────────────────────────────

  /** POST /v1/payment_intents. A decline is thrown as Stripe answers it: 402 with the intent inside. */
  createPaymentIntent(p: Params): Json {
    const amountText = str(p, "amount");
    if (amountText === undefined) throw missingParam("amount");
    if (!/^\d+$/.test(amountText)) throw invalidRequest(`Invalid integer: ${amountText}`, { code: "parameter_invalid_integer", param: "amount" });
    const currency = str(p, "currency");
    if (!currency) throw missingParam("currency");
    const amount = Number(amountText);
    if (currency === "gbp" && amount < 30) throw invalidRequest("Amount must be at least £0.30 gbp", { code: "amount_too_small", param: "amount" });
    const confirm = flag(p, "confirm");
    const automatic = obj(p, "automatic_payment_methods");
    const returnUrl = str(p, "return_url") ?? null;
    if (confirm && flag(automatic, "enabled") && str(automatic, "allow_redirects") !== "never" && !returnUrl) {
      throw invalidRequest(
        "This PaymentIntent is configured to accept payment methods enabled in your Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
        { param: "return_url" },
      );
    }
    let pm: PaymentMethod | null = null;
    const tokenId = str(p, "confirmation_token");
    const token = tokenId ? this.confirmationTokens.get(tokenId) : undefined;
    if (tokenId) {
      if (!token) throw noSuch("confirmationtoken", tokenId, "confirmation_token");
      if (!confirm) throw invalidRequest("`confirmation_token` can only be used when `confirm` is true.", { param: "confirmation_token" });
      if (token.payment_intent) throw invalidRequest(`ConfirmationToken ${tokenId} has already been used. Create a new one.`, { param: "confirmation_token" });
      pm = this.storePaymentMethod(paymentMethodOf(this.cards.get(tokenId)!, token.payment_method_preview.card.funding), this.cards.get(tokenId)!);
    } else if (str(p, "payment_method")) {
      pm = this.paymentMethod(str(p, "payment_method")!, "payment_method");
    }
    const id = newId("pi");
    const pi: PaymentIntent = {
      id,
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: flag(automatic, "enabled") ? { allow_redirects: str(automatic, "allow_redirects") ?? "always", enabled: true } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: "automatic_async",
      client_secret: `${id}_secret_${newId("x", 25).slice(2)}`,
      confirmation_method: "automatic",
      created: nowSeconds(),
      currency,
      customer: null,
      description: str(p, "description") ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: metadataOf(p),
      next_action: null,
      payment_method: pm?.id ?? null,
      payment_method_types: ["card"],
      receipt_email: str(p, "receipt_email") ?? null,
      return_url: returnUrl,
      status: pm ? "requires_confirmation" : "requires_payment_method",
    };
    this.paymentIntents.set(id, pi);
    if (token) token.payment_intent = id;
    this.options.emit("payment_intent.created", clone(pi));
    const expand = list(p, "expand");
    if (confirm && pm) {
      const behaviour = this.cards.get(pm.id)!.behaviour;
      if (behaviour.kind === "decline") {
        const error = this.decline(pi, pm, behaviour);
        throw new StripeApiError(402, { ...error, payment_intent: this.renderPaymentIntent(pi, expand) });
      }
      if (behaviour.kind === "authenticate") this.askToAuthenticate(pi, flag(p, "use_stripe_sdk"));
      else this.succeed(pi, pm, false);
    }
    return this.renderPaymentIntent(pi, expand);
  }

  paymentIntent(id: string): PaymentIntent {
    const pi = this.paymentIntents.get(id);
    if (!pi) throw noSuch("payment_intent", id);
    return pi;
  }

  /** A payment intent as the API answers it, with `payment_method` / `latest_charge` expanded when asked. */
  renderPaymentIntent(pi: PaymentIntent, expand: string[] = []): Json {
    const out: Json = clone(pi);
    if (expand.includes("payment_method") && pi.payment_method) out.payment_method = clone(this.paymentMethods.get(pi.payment_method));
    if (expand.includes("latest_charge") && pi.latest_charge) out.latest_charge = this.charges.renderCharge(this.charges.charge(pi.latest_charge));
    return out;
  }

  private askToAuthenticate(pi: PaymentIntent, useSdk: boolean): void {
    const page = `${this.options.baseUrl()}/_test/3ds/${pi.id}`;
    pi.status = "requires_action";
    // Stripe.js handles `use_stripe_sdk`; without it a page with a return_url is a redirect.
    pi.next_action =
      useSdk || !pi.return_url
        ? { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: page, source: newId("src") } }
        : { type: "redirect_to_url", redirect_to_url: { url: page, return_url: pi.return_url } };
    this.options.emit("payment_intent.requires_action", clone(pi));
  }

  private succeed(pi: PaymentIntent, pm: PaymentMethod, authenticated: boolean): void {
    const charge = this.charges.create(pi, pm, "succeeded", authenticated);
    Object.assign(pi, {
      status: "succeeded",
      amount_received: pi.amount,
      latest_charge: charge.id,
      payment_method: pm.id,
      next_action: null,
      last_payment_error: null,
    });
    this.options.emit("charge.succeeded", this.charges.renderCharge(charge));
    this.options.emit("payment_intent.succeeded", clone(pi));
    const behaviour = this.cards.get(pm.id)?.behaviour;
    if (behaviour?.kind === "succeed" && behaviour.dispute) this.charges.createDispute(pi.id, "fraudulent");
  }

  private decline(pi: PaymentIntent, pm: PaymentMethod, behaviour: Extract<CardBehaviour, { kind: "decline" }>): Json & { type: string; message: string } {
    const charge = this.charges.create(pi, pm, "failed", false);
    const error = {
      type: "card_error",
      code: behaviour.code,
      ...(behaviour.declineCode ? { decline_code: behaviour.declineCode } : {}),
      message: behaviour.message,
      charge: charge.id,
      doc_url: docUrl(behaviour.code),
      payment_method: clone(pm),
    };
    Object.assign(pi, { status: "requires_payment_method", payment_method: null, latest_charge: charge.id, next_action: null, last_payment_error: error });
    this.options.emit("charge.failed", this.charges.renderCharge(charge));
    this.options.emit("payment_intent.payment_failed", clone(pi));
    return error;
  }

  /** The cardholder's answer to the 3D Secure challenge of a payment waiting on it. */
  authenticate(id: string, outcome: "approve" | "fail"): PaymentIntent {
    const pi = this.paymentIntent(id);
    if (pi.status !== "requires_action") {
      throw invalidRequest(`This PaymentIntent is not waiting on authentication; its status is ${pi.status}.`, {
        code: "payment_intent_unexpected_state",
        payment_intent: clone(pi),
      });
    }
    const pm = this.paymentMethods.get(pi.payment_method!)!;
    if (outcome === "approve") {
      this.succeed(pi, pm, true);
      return pi;
    }
    Object.assign(pi, {
      status: "requires_payment_method",
      payment_method: null,
      next_action: null,
      last_payment_error: {
        type: "invalid_request_error",
        code: "payment_intent_authentication_failure",
        doc_url: docUrl("payment_intent_authentication_failure"),
        message: AUTHENTICATION_FAILED,
        payment_method: clone(pm),
      },
    });
    this.options.emit("payment_intent.payment_failed", clone(pi));
    return pi;
  }

  cancel(id: string, p: Params): PaymentIntent {
    const pi = this.paymentIntent(id);
    if (!CANCELABLE.has(pi.status)) {
      throw invalidRequest(
        `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${[...CANCELABLE].join(", ")}.`,
        { code: "payment_intent_unexpected_state", payment_intent: clone(pi) },
      );
    }
    Object.assign(pi, { status: "canceled", canceled_at: nowSeconds(), cancellation_reason: str(p, "cancellation_reason") ?? null, next_action: null });
    this.options.emit("payment_intent.canceled", clone(pi));
    return pi;
  }

  /** GET /v1/payment_intents/search, newest first, read-after-write consistent (Stripe may lag up to a minute). */
  search(p: Params): Json {
    const query = str(p, "query");
    if (query === undefined) throw missingParam("query");
    const clauses = parseSearchQuery(query);
    if (!clauses) throw invalidRequest(`Invalid search query: ${query}`, { param: "query" });
    const limit = Number(str(p, "limit") ?? 10);
    const matches = [...this.paymentIntents.values()]
      .reverse()
      .filter((pi) => clauses.every((c) => (c.field === "metadata" ? pi.metadata[c.metadataKey!] === c.value : String(pi[c.field]) === c.value)));
    const expand = list(p, "expand").map((e) => e.replace(/^data\./, ""));
    return {
      object: "search_result",
      data: matches.slice(0, limit).map((pi) => this.renderPaymentIntent(pi, expand)),
      has_more: matches.length > limit,
      next_page: null,
      url: "/v1/payment_intents/search",
    };
  }
}
