import { z } from "zod";
import { revokeAllSessions } from "../../services/auth";
import { adminProcedure, router } from "../../trpc/procedures";

export const adminUsersRouter = router({
  revokeSessions: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/users/{userId}/revoke-sessions", tags: ["admin"], summary: "Sign a user out everywhere" } })
    .input(z.strictObject({ userId: z.string().min(1).max(64), reason: z.string().trim().max(1000).optional() }))
    .output(z.object({ revoked: z.number() }))
    .mutation(({ ctx, input }) => revokeAllSessions(ctx.db, input.userId)),
});
