import { cartCheckoutInput, directCheckoutInput, orderResult, restEntryInput, restEntryResult } from "../../../shared/schemas/entry";
import * as entries from "../../services/entries";
import { orderDeps } from "../../trpc/order-deps";
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
          "Prices, ticket numbers and the answer check are the server's. The number of tickets is `quantity` or the length of `numbers` or `ticketNumbers`. " +
          'Where the competition has `pickNumbers`, `numbers` chooses them (one per ticket, e.g. ["17", "342"]; see GET /api/competitions/{id}/numbers); ' +
          "elsewhere `numbers` is refused (400 NUMBERS_NOT_ALLOWED). A chosen number another buyer holds or bought answers 409 NUMBERS_TAKEN with " +
          "`data.details.lost` and free numbers nearby in `data.details.nearby`, and nothing is charged. The price is the competition's multibuy tier for the quantity. " +
          "Pass the provider's `paymentToken`: a Stripe ConfirmationToken or PaymentMethod id; with Cashflows, `cashflows` (the card is entered on " +
          "Cashflows' payment page, given as `nextAction.url`); or with the simulated provider sim_approve (default), " +
          "sim_3ds_required, sim_decline, sim_insufficient_funds, sim_error, sim_credit_approve (or a token from POST /api/payments/simulated/tokens); " +
          "and optionally an Idempotency-Key header. With `useCredit: true` a signed-in customer's site credit pays first (see GET /api/user/wallet) " +
          'and the card the rest; when the credit covers the order, leave out `paymentToken` (400 "Enter your card details" when it does not); ' +
          "`creditUsed` says what credit paid. A `discountCode` is priced after the multibuy tier (`discount` says what it took off; see POST /api/discount-codes/check); " +
          "one that gives nothing on the entry answers 422 DISCOUNT_NOT_APPLICABLE saying why, and nothing is charged. 201 when paid; 202 when the payment is still processing (status pending, no ticket numbers yet: " +
          'look again with GET /api/orders/{orderId}) or when the cardholder must authenticate or pay (status "requires_action": send them to ' +
          "`nextAction.url` (a REST client always gets `nextAction.type` redirect); " +
          "with the simulated provider, POST { outcome: approve | fail } to that URL; then GET /api/orders/{orderId}); " +
          "402 when the payment is declined; 403/409/422 name the rule that refused the entry; " +
          "429 after repeated failed (declined or errored) payments or with a payment already in progress (Retry-After says when to try again).",
        successDescription:
          'Paid (201): the entry with its ticket numbers; or (202) still processing (status "pending") or waiting on authentication (status "requires_action", with nextAction), and no ticket numbers',
        errorResponses: {
          400: "Invalid input",
          402: "Payment declined",
          403: "Entry refused by a rule",
          404: "No such competition",
          409: "Not enough tickets left, or a chosen number already taken (NUMBERS_TAKEN)",
          422: "Incorrect answer, a discount code that gives nothing on the entry (DISCOUNT_NOT_APPLICABLE), or an Idempotency-Key already used for a different order",
          429: "Too many failed payments, or a payment already in progress",
        },
      },
      successStatus: 201,
      otherStatuses: {
        202: 'Not paid yet: still processing (status "pending") or the cardholder must authenticate (status "requires_action", see nextAction)',
      },
    })
    .input(restEntryInput)
    .output(restEntryResult)
    .mutation(async ({ ctx, input }) => {
      const entry = await entries.createRestEntry(orderDeps(ctx), buyerOf(ctx), input, ctx.idempotencyKey);
      // An order not paid is never answered as a success: 202, and the client looks again (or authenticates).
      if (entry.status !== "paid") ctx.setSuccessStatus(202);
      return entry;
    }),

  /** /checkout/direct. */
  checkoutDirect: publicProcedure
    .input(directCheckoutInput)
    .output(orderResult)
    .mutation(({ ctx, input }) => entries.checkoutDirect(orderDeps(ctx), buyerOf(ctx), input)),

  /** /checkout: one order with a line per competition in the cart. */
  checkoutCart: publicProcedure
    .input(cartCheckoutInput)
    .output(orderResult)
    .mutation(({ ctx, input }) => entries.checkoutCart(orderDeps(ctx), buyerOf(ctx), input)),
});

function buyerOf(ctx: Context): entries.Buyer {
  return { account: ctx.user ? { id: ctx.user.id, email: ctx.user.email } : null, ip: ctx.ip, origin: ctx.origin };
}
