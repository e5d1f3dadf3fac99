import type { CardFunding, ChargeRequest, ChargeResult, PaymentMethod, PaymentProvider, RefundRequest } from "./provider";

export interface CashflowsOptions {
  configurationId: string;
  apiKey: string;
  environment: "integration" | "production";
  notificationSecret: string;
  /** The shop's public origin: notifications and returning buyers come back to it. */
  origin: string;
  /** Another address for the Gateway API (the tests' stand-in); the environment's own when absent. */
  apiUrl?: string;
}

/** Placeholder: the Cashflows Gateway adapter (being written). */
export class CashflowsPaymentProvider implements PaymentProvider {
  readonly name = "cashflows";
  constructor(readonly options: CashflowsOptions) {}
  cardFunding(_method: PaymentMethod): Promise<CardFunding> {
    return Promise.resolve("unknown");
  }
  charge(_request: ChargeRequest): Promise<ChargeResult> {
    return Promise.reject(new Error("not implemented"));
  }
  retrieve(_paymentId: string): Promise<ChargeResult> {
    return Promise.reject(new Error("not implemented"));
  }
  cancel(_paymentId: string): Promise<void> {
    return Promise.resolve();
  }
  refund(_request: RefundRequest): Promise<{ refundId: string; amountPence: number }> {
    return Promise.reject(new Error("not implemented"));
  }
  lookup(_orderId: string): Promise<ChargeResult | null> {
    return Promise.reject(new Error("not implemented"));
  }
}
