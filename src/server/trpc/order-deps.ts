import { forRequest, type OrderDeps } from "../services/purchase";
import type { Context } from "./context";

/** The shop's purchase path (built once, services/purchase/purchasing.ts) for this request's clock and origin. */
export function orderDeps(ctx: Context): OrderDeps {
  return forRequest(ctx.services.purchasing, ctx);
}
