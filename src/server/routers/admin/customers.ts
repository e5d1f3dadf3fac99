import { z } from "zod";
import { byId } from "../../../shared/schemas/common";
import { customerNote, customerNoteInput, customerPage, customerRecord, customerSearchInput } from "../../../shared/schemas/customers";
import { goodwillCreditInput, walletView } from "../../../shared/schemas/wallet";
import { addCustomerNote, getCustomer, listCustomers, resendOrderConfirmation } from "../../services/customers/records";
import { addGoodwillCredit, customerWallet } from "../../services/wallet";
import { adminProcedure, router } from "../../trpc/procedures";

export const adminCustomersRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/customers",
        tags: ["admin", "customers"],
        summary: "Find customers by name, email, postcode or phone (25 a page, with the total)",
      },
    })
    .input(customerSearchInput)
    .output(customerPage)
    .query(({ ctx, input }) => listCustomers(ctx.db, input)),

  get: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/customers/{id}",
        tags: ["admin", "customers"],
        summary: "A customer's record: profile, verification, orders with refunds, entries and tickets, wins, limits, complaints, sessions, audit, notes",
        errorResponses: { 404: "No such customer" },
      },
    })
    .input(byId)
    .output(customerRecord)
    .query(({ ctx, input }) => getCustomer(ctx.db, input.id, ctx.now())),

  addNote: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/admin/customers/{id}/notes", tags: ["admin", "customers"], summary: "Add a staff note to a customer (audited)" },
      successStatus: 201,
    })
    .input(customerNoteInput)
    .output(customerNote)
    .mutation(({ ctx, input }) => addCustomerNote(ctx.db, ctx.actor, input.id, input.text, ctx.now())),

  wallet: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/customers/{id}/wallet",
        tags: ["admin", "customers"],
        summary: "A customer's site credit: the balance and the ledger",
        errorResponses: { 404: "No such customer" },
      },
    })
    .input(byId)
    .output(walletView)
    .query(({ ctx, input }) => customerWallet(ctx.db, input.id)),

  addCredit: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/customers/{id}/credit",
        tags: ["admin", "customers"],
        summary: "Add goodwill site credit with the reason (audited); answers the wallet",
        errorResponses: { 404: "No such customer" },
      },
      successStatus: 201,
    })
    .input(goodwillCreditInput)
    .output(walletView)
    .mutation(({ ctx, input }) => addGoodwillCredit(ctx.db, ctx.actor, input.id, input.amount, input.reason, ctx.now())),

  resendConfirmation: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/orders/{id}/resend-confirmation",
        tags: ["admin", "customers"],
        summary: "Send a paid order's confirmation (with its ticket numbers) to the buyer again",
        errorResponses: { 404: "No such order", 409: "The order is not paid" },
      },
    })
    .input(byId)
    .output(z.object({ ok: z.literal(true), to: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { ok, to } = await resendOrderConfirmation(ctx.db, ctx.actor, input.id);
      ctx.services.mailer.poke();
      return { ok, to };
    }),
});
