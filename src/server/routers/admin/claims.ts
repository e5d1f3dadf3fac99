import { z } from "zod";
import { adminClaim, adminClaimsQuery, adminClaimUpdateInput, claimsSummary } from "../../../shared/schemas/claims";
import * as claims from "../../services/claims";
import { adminProcedure, router } from "../../trpc/procedures";

export const adminClaimsRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/claims",
        tags: ["admin", "claims"],
        summary: "Every prize claim, newest draw first (optionally one status)",
        description: "overdue: not acknowledged (claimed online or reached by phone) within 48 hours of the draw.",
      },
    })
    .input(adminClaimsQuery)
    .output(z.array(adminClaim))
    .query(({ ctx, input }) => claims.listAdminClaims(ctx.db, input?.status, ctx.now())),

  summary: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/claims/summary", tags: ["admin", "claims"], summary: "Winners awaiting contact and claims awaiting fulfilment" },
    })
    .input(z.void())
    .output(claimsSummary)
    .query(({ ctx }) => claims.claimsSummary(ctx.db, ctx.now())),

  update: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/admin/claims/{id}",
        tags: ["admin", "claims"],
        summary: "Record contact, mark fulfilled or expire a claim",
        description:
          '{ status: "notified", note }: contact with the winner (by phone) recorded; { status: "fulfilled", reference }: delivered (prize) or paid (cash), from claimed; ' +
          '{ status: "expired", note }: expired with a reason, from notified or claimed. "claimed" is the winner\'s to make. The winner is notified of each change.',
      },
    })
    .input(adminClaimUpdateInput)
    .output(adminClaim)
    .mutation(({ ctx, input: { id, ...change } }) => claims.updateClaim(ctx.db, ctx.actor, id, change, ctx.now(), ctx.origin)),
});
