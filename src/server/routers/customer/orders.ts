import { byId } from "../../../shared/schemas/common";
import { orderResult } from "../../../shared/schemas/entry";
import { getOwnOrder } from "../../services/entries";
import { customerProcedure, router } from "../../trpc/procedures";

export const customerOrdersRouter = router({
  /** Where a payment stands: what a client polls after a 202 (or a "still processing" screen). */
  get: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orders/{id}",
        tags: ["entries"],
        summary: "One of the signed-in user's orders: paid (with ticket numbers), pending or failed",
        errorResponses: { 404: "No such order of yours" },
      },
    })
    .input(byId)
    .output(orderResult)
    .query(({ ctx, input }) => getOwnOrder(ctx.db, ctx.user.id, input.id)),
});
