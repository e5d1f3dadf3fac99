import { z } from "zod";
import { dateOfBirthChangeInput, revokeSessionsInput } from "../../../shared/schemas/admin";
import { changeDateOfBirth, signOutEverywhere } from "../../services/customers/account-actions";
import { adminProcedure, router } from "../../trpc/procedures";

export const adminUsersRouter = router({
  revokeSessions: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/users/{userId}/revoke-sessions", tags: ["admin"], summary: "Sign a user out everywhere" } })
    .input(revokeSessionsInput)
    .output(z.object({ revoked: z.number() }))
    .mutation(({ ctx, input }) => signOutEverywhere(ctx.db, ctx.actor, input.userId, input.reason ?? null)),

  changeDateOfBirth: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/admin/users/{userId}/date-of-birth",
        tags: ["admin", "player protection"],
        summary: "Change a player's date of birth, with a reason kept in the audit log",
        description: "Players cannot change a date of birth once set (the age check rests on it). Refuses a date in the future; 404 for an unknown user.",
      },
    })
    .input(dateOfBirthChangeInput)
    .output(z.object({ userId: z.string(), dateOfBirth: z.string(), previousDateOfBirth: z.string().nullable() }))
    .mutation(({ ctx, input }) => changeDateOfBirth(ctx.db, ctx.actor, input.userId, { dateOfBirth: input.dateOfBirth, reason: input.reason }, ctx.now())),
});
