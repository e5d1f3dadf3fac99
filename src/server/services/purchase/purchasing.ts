import type { OrderDeps } from "./types";

/**
 * The purchase path's one owner (decision 015): the database, the provider, mail, the guard, the
 * operator's hold times and the origin of mail links, put together once when the shop starts. Checkout,
 * the provider's reports (Stripe's webhook, Cashflows' notification, the simulated bank) and the sweep
 * all take it from here, so none of them can settle an order with other hold times or another guard.
 */
export type Purchasing = Readonly<OrderDeps>;

export function createPurchasing(parts: OrderDeps): Purchasing {
  return Object.freeze({ ...parts });
}

/** The same purchase path for one request: its clock, and the origin its mail links take (the request's). */
export function forRequest(purchasing: Purchasing, request: { now: () => Date; origin: string }): OrderDeps {
  return { ...purchasing, now: request.now, origin: request.origin };
}
