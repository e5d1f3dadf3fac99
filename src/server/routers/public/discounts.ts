import { discountCheckInput, discountCheckResult } from "../../../shared/schemas/discounts";
import { checkDiscount } from "../../services/promotions/discount-codes";
import { rateLimit } from "../../trpc/middleware/rate-limit";
import { publicProcedure, router } from "../../trpc/procedures";

export const discountsRouter = router({
  /** The checkouts' "Apply": what a code takes off, before paying (the order's hold checks it again). */
  check: publicProcedure
    // Codes are short words: guessing them a few hundred at a time is refused per address.
    .use(rateLimit("discount-check", 30, 10 * 60 * 1000))
    .meta({
      openapi: {
        method: "POST",
        path: "/discount-codes/check",
        tags: ["entries"],
        summary: "What a discount code takes off these lines",
        description:
          "Prices the lines as an order would (multibuy prices first, then the code) and takes nothing: the order checks the code again when it is placed. " +
          "A code that gives nothing answers 422 DISCOUNT_NOT_APPLICABLE with `data.details.reason` (unknown, off, not_started, ended, used_up, customer_limit, " +
          "first_order, not_eligible, min_spend) and a message saying why. A signed-in customer's own uses and first order are checked here; a guest's when they pay.",
        errorResponses: { 404: "No such competition", 422: "The code gives nothing on these lines, and why", 429: "Too many codes tried" },
      },
    })
    .input(discountCheckInput)
    .output(discountCheckResult)
    .mutation(({ ctx, input }) => checkDiscount(ctx.db, input, ctx.user ? { userId: ctx.user.id, email: ctx.user.email } : null, ctx.now())),
});
