import type { Db } from "../../../db/client";
import type { Logger } from "../logger";
import type { PaymentProvider } from "./provider";
import { SimulatedPaymentProvider } from "./simulated";
import { sqliteSimulatedStore } from "./simulated-store";

export interface PaymentEnv {
  PAYMENT_PROVIDER: "simulated" | "stripe" | "cashflows";
  PAYMENT_LATENCY_MS: number;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_URL?: string;
  PUBLIC_ORIGIN?: string;
  CASHFLOWS_CONFIGURATION_ID?: string;
  CASHFLOWS_API_KEY?: string;
  CASHFLOWS_ENVIRONMENT?: "integration" | "production";
  CASHFLOWS_NOTIFICATION_SECRET?: string;
  CASHFLOWS_API_URL?: string;
}

/** The Stripe SDK is loaded only when Stripe is the provider: a shop on the simulator never pays its memory. */
export async function createPaymentProvider(env: PaymentEnv, db?: Db, logger?: Logger): Promise<PaymentProvider> {
  if (env.PAYMENT_PROVIDER === "stripe") {
    if (!env.STRIPE_SECRET_KEY) throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY");
    const { StripePaymentProvider } = await import("./stripe");
    const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
    return new StripePaymentProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      ...(api
        ? { host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)), protocol: api.protocol === "https:" ? "https" : "http" }
        : {}),
    });
  }
  if (env.PAYMENT_PROVIDER === "cashflows") {
    if (!env.CASHFLOWS_CONFIGURATION_ID || !env.CASHFLOWS_API_KEY || !env.CASHFLOWS_NOTIFICATION_SECRET || !env.PUBLIC_ORIGIN) {
      throw new Error("PAYMENT_PROVIDER=cashflows needs CASHFLOWS_CONFIGURATION_ID, CASHFLOWS_API_KEY, CASHFLOWS_NOTIFICATION_SECRET and PUBLIC_ORIGIN");
    }
    const { CashflowsPaymentProvider } = await import("./cashflows");
    return new CashflowsPaymentProvider({
      configurationId: env.CASHFLOWS_CONFIGURATION_ID,
      apiKey: env.CASHFLOWS_API_KEY,
      environment: env.CASHFLOWS_ENVIRONMENT ?? "integration",
      notificationSecret: env.CASHFLOWS_NOTIFICATION_SECRET,
      origin: env.PUBLIC_ORIGIN,
      ...(env.CASHFLOWS_API_URL ? { apiUrl: env.CASHFLOWS_API_URL } : {}),
      ...(logger ? { logger } : {}),
    });
  }
  // Challenges waiting on a buyer are kept in the shop's database file, so they survive a restart.
  return new SimulatedPaymentProvider({ latencyMs: env.PAYMENT_LATENCY_MS, store: db ? sqliteSimulatedStore(db) : undefined, origin: env.PUBLIC_ORIGIN });
}

export type { PaymentProvider } from "./provider";
export { SimulatedPaymentProvider } from "./simulated";
