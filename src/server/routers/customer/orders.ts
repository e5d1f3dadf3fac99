import { z } from "zod";
import { byId } from "../../../shared/schemas/common";
import { orderView, userOrdersPage, userOrdersQuery } from "../../../shared/schemas/order";
import { getAnyOrder, getOwnOrder } from "../../services/entries";
import { newestUserOrders, USER_ORDERS_PAGE_DEFAULT, USER_ORDERS_PAGE_MAX, USER_ORDERS_UNPAGED_CAP, userOrdersPage as onePage } from "../../services/purchase";
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
    .meta({
      openapi: {
        method: "GET",
        path: "/user/orders",
        tags: ["entries"],
        summary: "The signed-in customer's orders, newest first",
        description:
          `Without page or pageSize: an array of the newest ${USER_ORDERS_UNPAGED_CAP}, with X-Total-Count (how many there are) and, ` +
          "when there are more, a Link to the first page. " +
          `With page (from 1) or pageSize (1–${USER_ORDERS_PAGE_MAX}, default ${USER_ORDERS_PAGE_DEFAULT}): { items, page, pageSize, total }. ` +
          "GET /user/export has every order.",
      },
    })
    .input(userOrdersQuery)
    .output(z.union([z.array(orderView), userOrdersPage]))
    .query(async ({ ctx, input }) => {
      if (input?.page !== undefined || input?.pageSize !== undefined)
        return onePage(ctx.db, ctx.user.id, input.page ?? 1, input.pageSize ?? USER_ORDERS_PAGE_DEFAULT);
      const newest = await newestUserOrders(ctx.db, ctx.user.id);
      ctx.setHeader("X-Total-Count", String(newest.total));
      if (newest.total > newest.items.length) ctx.setHeader("Link", `</api/user/orders?page=1&pageSize=${USER_ORDERS_PAGE_MAX}>; rel="first"`);
      return newest.items;
    }),
});
