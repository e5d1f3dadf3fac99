import { z } from "zod";
import { claimSubmitInput, customerClaim } from "../../../shared/schemas/claims";
import { byId } from "../../../shared/schemas/common";
import * as claims from "../../services/claims";
import { customerProcedure, router } from "../../trpc/procedures";

export const customerClaimsRouter = router({
  list: customerProcedure
    .meta({ openapi: { method: "GET", path: "/user/claims", tags: ["account", "claims"], summary: "The signed-in winner's prize claims, newest first" } })
    .input(z.void())
    .output(z.array(customerClaim))
    .query(({ ctx }) => claims.listUserClaims(ctx.db, ctx.user)),

  get: customerProcedure
    .meta({ openapi: { method: "GET", path: "/user/claims/{id}", tags: ["account", "claims"], summary: "One of the signed-in winner's claims" } })
    .input(byId)
    .output(customerClaim)
    .query(({ ctx, input }) => claims.getUserClaim(ctx.db, ctx.user, input.id)),

  submit: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/claims/{id}",
        tags: ["account", "claims"],
        summary: "Claim a prize",
        description:
          'Needs a verified email address and the date of birth on the account (18+). choice "cash" only where a cash alternative is offered. ' +
          "Addresses outside the UK mainland and Ireland are accepted; deliverable is then false and the operator arranges delivery. " +
          "409 CLAIM_EXPIRED after the claim window, 409 INVALID_STATE when already claimed.",
      },
    })
    .input(claimSubmitInput)
    .output(customerClaim)
    .mutation(({ ctx, input: { id, ...fields } }) => claims.submitClaim(ctx.db, ctx.user, id, fields, ctx.now(), ctx.origin)),
});
