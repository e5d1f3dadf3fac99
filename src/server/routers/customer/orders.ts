import { z } from "zod";
import { byId } from "../../../shared/schemas/common";
import { orderView } from "../../../shared/schemas/order";
import { getAnyOrder, getOwnOrder } from "../../services/entries";
import { listUserOrders } from "../../services/purchase";
import { byRole } from "../../trpc/middleware/auth";
import { orderDeps } from "../../trpc/order-deps";
import { customerProcedure, router } from "../../trpc/procedures";

export const customerOrdersRouter = router({
  /** Where a payment stands: what a client polls after a 202, and what /checkout/complete shows. */
  get: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orders/{id}",
        tags: ["entries"],
        summary: "One order: the buyer's own (or any, for an admin), with its lines, ticket numbers, payment and refunds",
        description:
          "status is one of pending, requires_action, paid, failed, refunded, partially_refunded, disputed. An order still waiting on its payment " +
          "is first looked up with the payment provider, so this also completes an order whose buyer is back from authenticating. " +
          "Ticket numbers are listed only while they are the buyer's (paid, not voided by a refund or dispute). " +
          "`{id}` may also be the order's `reference` as receipts and mails show it (e.g. 2A7FA99C).",
        errorResponses: { 404: "No such order of yours" },
      },
    })
    .input(byId)
    .output(orderView)
    .query(
      byRole({
        admin: ({ ctx, input }) => getAnyOrder(orderDeps(ctx), ctx.user.id, input.id),
        others: ({ ctx, input }) => getOwnOrder(orderDeps(ctx), ctx.user.id, input.id),
      }),
    ),

  list: customerProcedure
    .meta({ openapi: { method: "GET", path: "/user/orders", tags: ["entries"], summary: "The signed-in customer's orders, newest first (the latest 200)" } })
    .input(z.void())
    .output(z.array(orderView))
    .query(({ ctx }) => listUserOrders(ctx.db, ctx.user.id)),
});
