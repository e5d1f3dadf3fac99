import { z } from "zod";
import { penceToDecimal } from "../../../shared/money";
import { paymentConfig, simulatedAuthenticateInput, simulatedCardInput, simulatedChallenge, simulatedToken } from "../../../shared/schemas/order";
import { byId } from "../../../shared/schemas/common";
import { AppError } from "../../errors";
import { SimulatedPaymentProvider } from "../../payments/simulated";
import { CHECKOUT_COMPLETE_PATH } from "../../services/entries";
import { refreshOrder } from "../../services/purchase";
import type { Context } from "../../trpc/context";
import { orderDeps } from "../../trpc/order-deps";
import { publicProcedure, router } from "../../trpc/procedures";

/** The simulated provider, or a 404: a shop taking real payments has no simulated endpoints. */
function simulated(ctx: Context): SimulatedPaymentProvider {
  const provider = ctx.services.payments;
  if (!(provider instanceof SimulatedPaymentProvider)) throw new AppError("NOT_FOUND", "Not found");
  return provider;
}

const returnUrlOf = (orderId: string) => `${CHECKOUT_COMPLETE_PATH}?order=${encodeURIComponent(orderId)}`;

export const paymentsRouter = router({
  /** Which payment form the checkout shows. */
  config: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/payments/config",
        tags: ["payments"],
        summary: "Which payment form the checkout shows: the provider, what its browser component needs, and the statement descriptor",
        description:
          "`provider` chooses the checkout's payment component. Stripe's Payment Element needs `publishableKey`; Cashflows' card form " +
          "talks to its `environment` (integration or production). `statementDescriptor` is how the charge appears on the card statement.",
      },
      cache: "public",
    })
    .input(z.void())
    .output(paymentConfig)
    .query(({ ctx }) => {
      const name = ctx.services.payments.name;
      const provider = name === "stripe" || name === "cashflows" ? name : ("simulated" as const);
      return {
        provider,
        publishableKey: provider === "stripe" ? (ctx.config.stripePublishableKey ?? null) : null,
        environment: provider === "cashflows" ? (ctx.config.cashflowsEnvironment ?? "integration") : null,
        wallets: provider === "cashflows" ? (ctx.config.cashflowsWallets ?? []) : [],
        statementDescriptor: ctx.config.cardDescriptor ?? "HARVEST DRAWS",
      };
    }),

  simulatedToken: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/simulated/tokens",
        tags: ["payments"],
        summary: "Simulated provider: turn test card details into a payment token (stands in for the provider's card form)",
        description:
          "Answers a `sim_…` token to pass as `paymentToken`; the card itself never reaches an order. 400 names the field of a card that is not " +
          "valid (number, expiry, security code). 404 when the shop takes real payments.",
        errorResponses: { 400: "The card is not valid", 404: "Payments are not simulated" },
      },
    })
    .input(simulatedCardInput)
    .output(simulatedToken)
    .mutation(({ ctx, input }) => {
      const result = simulated(ctx).tokenise({ number: input.cardNumber, expiry: input.expiryDate, cvc: input.cvv });
      if (!result.ok) throw new AppError("INVALID_INPUT", result.message, { fieldErrors: { [result.field]: [result.message] } });
      return { token: result.token, brand: result.brand, last4: result.last4, funding: result.funding };
    }),

  simulatedChallenge: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/payments/simulated/authenticate/{id}",
        tags: ["payments"],
        summary: "Simulated provider: the 3-D Secure challenge of a payment (what the bank's page shows)",
        errorResponses: { 404: "No such payment" },
      },
    })
    .input(byId)
    .output(simulatedChallenge)
    .query(async ({ ctx, input }) => {
      const payment = await simulated(ctx).challenge(input.id);
      if (!payment) throw new AppError("NOT_FOUND", "No such payment");
      return {
        id: payment.id,
        orderId: payment.orderId,
        amount: penceToDecimal(payment.amountPence),
        currency: "GBP" as const,
        status: payment.status,
        returnUrl: returnUrlOf(payment.orderId),
      };
    }),

  simulatedAuthenticate: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/payments/simulated/authenticate/{id}",
        tags: ["payments"],
        summary: "Simulated provider: complete (approve) or fail a payment's 3-D Secure challenge",
        description:
          "The bank's answer, as its test page would give it; the same URL without /api is the page itself (a REST client may POST there too). " +
          "The shop then settles the order from the provider's record: paid, or failed with its numbers given back. Answering a challenge " +
          "already answered changes nothing.",
        errorResponses: { 404: "No such payment" },
      },
    })
    .input(simulatedAuthenticateInput)
    .output(z.object({ status: simulatedChallenge.shape.status, orderId: z.string(), orderStatus: z.string(), returnUrl: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const payment = await simulated(ctx).authenticate(input.id, input.outcome);
      if (!payment) throw new AppError("NOT_FOUND", "No such payment");
      // Settled from the provider's record (the listener may already have done it; doing it twice changes nothing).
      const order = await refreshOrder(orderDeps(ctx), payment.orderId).catch(() => null);
      return { status: payment.status, orderId: payment.orderId, orderStatus: order?.status ?? "unknown", returnUrl: returnUrlOf(payment.orderId) };
    }),
});
