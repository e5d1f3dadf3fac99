import { z } from "zod";
import { byId, successResult } from "../../../shared/schemas/common";
import { discountCodeInput, discountCodeUpdate, discountCodeView } from "../../../shared/schemas/discounts";
import { createDiscountCode, deleteDiscountCode, listDiscountCodes, updateDiscountCode } from "../../services/promotions/discount-codes";
import { adminProcedure, router } from "../../trpc/procedures";

const tags = ["admin", "discount codes"];

/** The back office's discount codes (issue #33): every write audited. */
export const adminDiscountCodesRouter = router({
  list: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/discount-codes", tags, summary: "Every discount code, newest first, with its uses and what it has given" },
    })
    .input(z.void())
    .output(z.array(discountCodeView))
    .query(({ ctx }) => listDiscountCodes(ctx.db, ctx.now())),

  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/discount-codes",
        tags,
        summary: "Create a discount code (audited)",
        description:
          '`kind` percent with `percent` (1–100), or fixed with `amount` (pounds, e.g. "5.00"). Optional: `minSpend` on the lines it applies to, ' +
          "`competitionIds` and `categories` it applies to (every competition when both are empty), `startsAt`, `endsAt`, `maxUses`, `maxUsesPerCustomer`, " +
          "`firstOrderOnly`, `active`. A code applies after multibuy prices and never leaves a card payment below the card schemes' minimum (£0.30).",
        errorResponses: { 409: "A code with that name exists (or was used before and is kept with its orders)" },
      },
    })
    .input(discountCodeInput)
    .output(discountCodeView)
    .mutation(({ ctx, input }) => createDiscountCode(ctx.db, ctx.actor, input, ctx.now())),

  update: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/admin/discount-codes/{id}", tags, summary: "Change a discount code: the fields given (audited)" } })
    .input(discountCodeUpdate)
    .output(discountCodeView)
    .mutation(({ ctx, input: { id, ...fields } }) => updateDiscountCode(ctx.db, ctx.actor, id, fields, ctx.now())),

  remove: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/admin/discount-codes/{id}",
        tags,
        summary: "Delete a discount code (audited): one orders used is kept with them, switched off and no longer listed",
      },
    })
    .input(byId)
    .output(successResult)
    .mutation(({ ctx, input }) => deleteDiscountCode(ctx.db, ctx.actor, input.id, ctx.now())),
});
