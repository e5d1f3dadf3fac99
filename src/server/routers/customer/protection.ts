import { z } from "zod";
import { BREAK_PERIODS, closeAccount, getLimits, setLimit, takeBreak, type BreakPeriod } from "../../services/protection";
import { customerProcedure, router } from "../../trpc/procedures";

const limits = z.object({
  /** Set while the player is on a break, self-excluded or restricted. */
  suspension: z.object({ until: z.string(), kind: z.string(), message: z.string() }).nullable(),
  monthlyLimit: z.string().nullable(),
  pendingIncrease: z.object({ monthlyLimit: z.string().nullable(), effectiveAt: z.string() }).nullable(),
  spentThisMonth: z.string(),
  remainingThisMonth: z.string().nullable(),
});

export const protectionRouter = router({
  limits: customerProcedure
    .meta({ openapi: { method: "GET", path: "/user/limits", tags: ["player protection"], summary: "The caller's monthly spending limit and what is left" } })
    .input(z.void())
    .output(limits)
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
    .input(z.strictObject({ monthlyLimit: z.string().trim().regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter the limit in pounds, e.g. 50.00").nullable() }))
    .output(limits)
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
    .input(z.strictObject({ period: z.enum(Object.keys(BREAK_PERIODS) as [BreakPeriod, ...BreakPeriod[]]) }))
    .output(z.object({ suspendedUntil: z.string(), kind: z.string() }))
    .mutation(({ ctx, input }) => takeBreak(ctx.db, ctx.user.id, input.period, ctx.now())),

  close: customerProcedure
    .meta({ openapi: { method: "POST", path: "/user/close", tags: ["player protection"], summary: "Close the caller's account and sign out everywhere" } })
    .input(z.void())
    .output(z.object({ closed: z.boolean() }))
    .mutation(({ ctx }) => closeAccount(ctx.db, ctx.user.id, ctx.now())),
});
