import { cartCheckoutInput, directCheckoutInput, orderResult, restEntryInput, restEntryResult } from "../../../shared/schemas/entry";
import * as entries from "../../services/entries";
import type { OrderDeps } from "../../services/orders";
import type { Context } from "../../trpc/context";
import { publicProcedure, router } from "../../trpc/procedures";

export const entriesRouter = router({
  /** SPEC §7 POST /api/entries: one competition, paid through the configured provider. */
  create: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/entries",
        tags: ["entries"],
        summary: "Enter a competition and pay",
        description:
          "Prices, ticket numbers and the answer check are the server's. The number of tickets is `quantity` or the length of `ticketNumbers`. " +
          "Pass the provider's `paymentToken` (simulated provider: sim_approve (default), sim_decline, sim_insufficient_funds, sim_error, sim_credit_approve) " +
          "and optionally an Idempotency-Key header. 201 when paid; 402 when the payment is declined; 403/409/422 name the rule that refused the entry.",
        successDescription: "Paid: the entry with its ticket numbers",
        errorResponses: { 400: "Invalid input", 402: "Payment declined", 403: "Entry refused by a rule", 404: "No such competition", 409: "Not enough tickets left", 422: "Incorrect answer" },
      },
    })
    .input(restEntryInput)
    .output(restEntryResult)
    .mutation(({ ctx, input }) => entries.createRestEntry(entryDeps(ctx), ctx.user?.id ?? null, input, ctx.idempotencyKey)),

  /** /checkout/direct. */
  checkoutDirect: publicProcedure
    .input(directCheckoutInput)
    .output(orderResult)
    .mutation(({ ctx, input }) => entries.checkoutDirect(entryDeps(ctx), ctx.user?.id ?? null, input)),

  /** /checkout: one order with a line per competition in the cart. */
  checkoutCart: publicProcedure
    .input(cartCheckoutInput)
    .output(orderResult)
    .mutation(({ ctx, input }) => entries.checkoutCart(entryDeps(ctx), ctx.user?.id ?? null, input)),
});

function entryDeps(ctx: Context): OrderDeps {
  return { db: ctx.db, payments: ctx.services.payments, mailer: ctx.services.mailer, now: ctx.now, holdMs: ctx.config.orderHoldMs };
}
