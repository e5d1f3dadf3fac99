import type { OrderDeps } from "../services/purchase";
import type { Context } from "./context";

/** What the purchase services need from a request's context: the database, the provider, mail and the guard. */
export function orderDeps(ctx: Context): OrderDeps {
  return {
    db: ctx.db,
    payments: ctx.services.payments,
    mailer: ctx.services.mailer,
    now: ctx.now,
    holdMs: ctx.config.orderHoldMs,
    authHoldMs: ctx.config.authHoldMs,
    guard: ctx.services.purchaseGuard,
    origin: ctx.origin,
    onOutcome: ctx.services.purchaseOutcomes,
  };
}
