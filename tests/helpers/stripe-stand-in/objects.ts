import { randomBytes } from "node:crypto";
import type { CardFunding, TestCard } from "./cards";

/**
 * The API objects the stand-in keeps, in the shapes of Stripe's API reference (only the fields a
 * shop reads, plus the ones that make an object recognisable). Amounts are in the currency's
 * smallest unit; times are Unix seconds.
 */
export type Json = Record<string, unknown>;

export interface PaymentMethod extends Json {
  id: string;
  object: "payment_method";
  type: "card";
  card: { brand: string; country: string; exp_month: number; exp_year: number; funding: CardFunding; last4: string; display_brand: string } & Json;
}

export interface ConfirmationToken extends Json {
  id: string;
  object: "confirmation_token";
  payment_intent: string | null;
  payment_method_preview: { type: "card"; card: PaymentMethod["card"] } & Json;
  return_url: string | null;
}

export interface PaymentIntent extends Json {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  client_secret: string;
  status: "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "succeeded" | "canceled";
  metadata: Record<string, string>;
  next_action: Json | null;
  last_payment_error: Json | null;
  latest_charge: string | null;
  payment_method: string | null;
  return_url: string | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
}

export interface Charge extends Json {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  payment_method: string;
  status: "succeeded" | "failed";
  refunded: boolean;
  disputed: boolean;
  metadata: Record<string, string>;
}

export interface Refund extends Json {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  payment_intent: string;
  status: "succeeded";
}

export interface Dispute extends Json {
  id: string;
  object: "dispute";
  amount: number;
  charge: string;
  payment_intent: string;
  reason: string;
  status: "warning_needs_response" | "needs_response" | "under_review" | "won" | "lost";
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** An id like Stripe's: a type prefix and 24 letters and digits. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export function cardDetails(card: TestCard, funding: CardFunding): PaymentMethod["card"] {
  return {
    brand: card.brand,
    display_brand: card.brand,
    country: card.country,
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 5,
    funding,
    last4: card.number.slice(-4),
    fingerprint: card.number.slice(-8).split("").reverse().join("") + card.brand.slice(0, 4),
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
    generated_from: null,
    networks: { available: [card.brand], preferred: null },
    three_d_secure_usage: { supported: true },
    wallet: null,
  };
}

export function paymentMethodOf(card: TestCard, funding: CardFunding, id = newId("pm")): PaymentMethod {
  return {
    id,
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name: null, phone: null },
    card: cardDetails(card, funding),
    created: nowSeconds(),
    customer: null,
    livemode: false,
    metadata: {},
    type: "card",
  };
}

export function confirmationTokenOf(card: TestCard, funding: CardFunding, returnUrl: string | null): ConfirmationToken {
  const created = nowSeconds();
  return {
    id: newId("ctoken"),
    object: "confirmation_token",
    created,
    expires_at: created + 12 * 60 * 60,
    livemode: false,
    mandate_data: null,
    payment_intent: null,
    payment_method_preview: {
      type: "card",
      allow_redisplay: "unspecified",
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: null,
        name: null,
        phone: null,
      },
      card: cardDetails(card, funding),
      customer: null,
    },
    return_url: returnUrl,
    setup_future_usage: null,
    setup_intent: null,
    shipping: null,
    use_stripe_sdk: true,
  };
}

/** A list object (`object: "list"`), as nested lists and list endpoints answer. */
export function listOf<T>(data: T[], url: string): Json {
  return { object: "list", data, has_more: false, total_count: data.length, url };
}
