import { z } from "zod";
import { setLimitsInput, spendingLimits, takeBreakInput } from "../../../shared/schemas/protection";
import { closeAccount, getLimits, setLimit, takeBreak } from "../../services/protection";
import { customerProcedure, router } from "../../trpc/procedures";

export const protectionRouter = router({
  limits: customerProcedure
    .meta({ openapi: { method: "GET", path: "/user/limits", tags: ["player protection"], summary: "The caller's monthly spending limit and what is left" } })
    .input(z.void())
    .output(spendingLimits)
    .query(({ ctx }) => getLimits(ctx.db, ctx.user.id, ctx.now())),

  setLimits: customerProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/user/limits",
        tags: ["player protection"],
        summary: "Set the monthly spending limit (£0 allowed; null removes it)",
        description: "A lower limit applies at once; a higher one, or removing it, applies after a 24-hour cooling-off period (pendingIncrease).",
      },
    })
    .input(setLimitsInput)
    .output(spendingLimits)
    .mutation(({ ctx, input }) => setLimit(ctx.db, ctx.user.id, input.monthlyLimit, ctx.now())),

  takeBreak: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/break",
        tags: ["player protection"],
        summary: "Take a break (1w, 1m) or self-exclude (6m, 1y, 5y)",
        description: "No entries or purchases until it ends. It cannot be shortened or lifted early.",
      },
    })
    .input(takeBreakInput)
    .output(z.object({ suspendedUntil: z.string(), kind: z.string() }))
    .mutation(({ ctx, input }) => takeBreak(ctx.db, ctx.user.id, input.period, ctx.now())),

  close: customerProcedure
    .meta({ openapi: { method: "POST", path: "/user/close", tags: ["player protection"], summary: "Close the caller's account and sign out everywhere" } })
    .input(z.void())
    .output(z.object({ closed: z.boolean() }))
    .mutation(({ ctx }) => closeAccount(ctx.db, ctx.user.id, ctx.now())),
});
