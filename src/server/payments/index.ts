import type { PaymentProvider } from "./provider";
import { SimulatedPaymentProvider } from "./simulated";

export interface PaymentEnv {
  PAYMENT_PROVIDER: "simulated" | "stripe";
  PAYMENT_LATENCY_MS: number;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
}

/** The Stripe SDK is loaded only when Stripe is the provider: a shop on the simulator never pays its memory. */
export async function createPaymentProvider(env: PaymentEnv): Promise<PaymentProvider> {
  if (env.PAYMENT_PROVIDER === "stripe") {
    if (!env.STRIPE_SECRET_KEY) throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY");
    const { StripePaymentProvider } = await import("./stripe");
    return new StripePaymentProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET });
  }
  return new SimulatedPaymentProvider(env.PAYMENT_LATENCY_MS);
}

export type { PaymentProvider } from "./provider";
export { SimulatedPaymentProvider } from "./simulated";
