import { byId } from "../../../shared/schemas/common";
import { adminOrderView, refundInput } from "../../../shared/schemas/order";
import { loadAdminOrderView, refreshOrder, refundOrder } from "../../services/purchase";
import { AppError } from "../../errors";
import { orderDeps } from "../../trpc/order-deps";
import { adminProcedure, router } from "../../trpc/procedures";

export const adminOrdersRouter = router({
  get: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/orders/{id}",
        tags: ["admin"],
        summary: "An order for the back office: lines, payment, refunds, dispute, the buyer, and whether each draw pool is frozen",
        errorResponses: { 404: "No such order" },
      },
    })
    .input(byId)
    .output(adminOrderView)
    .query(async ({ ctx, input }) => {
      await refreshOrder(orderDeps(ctx), input.id);
      return loadAdminOrderView(ctx.db, input.id);
    }),

  refund: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/orders/{id}/refund",
        tags: ["admin"],
        summary: "Refund an order through the payment provider, in full (no amount) or in part",
        description:
          "Idempotent: a repeat with the same Idempotency-Key header (or idempotencyKey field), or without one the same amount and reason, " +
          "refunds once and answers the order as it stands. Refunds of one order are made one at a time. A full refund before the competition's draw pool is frozen voids the order's tickets " +
          "and gives the numbers back; after the freeze the pool does not change (the draw must stay verifiable) and only the money goes back. " +
          "The customer gets a notification and a mail; the audit log keeps the reason. 409 when the order cannot be refunded (not paid, already " +
          "refunded, disputed) or the amount is more than is left; 503 when the provider did not make the refund (nothing changed).",
        errorResponses: {
          400: "Invalid amount or reason",
          404: "No such order",
          409: "Not refundable, or more than is left",
          503: "The provider did not refund",
        },
      },
    })
    .input(refundInput)
    .output(adminOrderView)
    .mutation(({ ctx, input }) => {
      if (ctx.idempotencyKey && !refundInput.shape.idempotencyKey.safeParse(ctx.idempotencyKey).success) {
        throw new AppError("INVALID_INPUT", "Invalid Idempotency-Key header: 8 to 100 letters, digits and _ . : -");
      }
      return refundOrder(orderDeps(ctx), ctx.actor, input, ctx.idempotencyKey);
    }),
});
