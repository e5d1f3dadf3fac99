import { z } from "zod";
import { authUser, changePasswordInput, profileInput } from "../../../shared/schemas/auth";
import { rateLimit } from "../../trpc/middleware/rate-limit";
import * as auth from "../../services/auth";
import { customerProcedure, router } from "../../trpc/procedures";

export const accountRouter = router({
  user: customerProcedure
    .meta({ openapi: { method: "GET", path: "/auth/user", tags: ["auth"], summary: "The signed-in user" } })
    .input(z.void())
    .output(authUser)
    .query(({ ctx }) => auth.toAuthUser(ctx.user)),

  updateProfile: customerProcedure
    .meta({ openapi: { method: "PUT", path: "/auth/profile", tags: ["auth"], summary: "Update the signed-in user's profile" } })
    .input(profileInput)
    .output(authUser)
    .mutation(({ ctx, input }) => auth.updateProfile(ctx.db, ctx.user.id, input)),

  changePassword: customerProcedure
    .use(rateLimit("password", 10, 15 * 60 * 1000, (ctx) => ctx.user?.id ?? ctx.ip))
    .meta({ openapi: { method: "PUT", path: "/auth/password", tags: ["auth"], summary: "Change password; every other session is signed out" } })
    .input(changePasswordInput)
    .output(z.object({ success: z.boolean() }))
    .mutation(({ ctx, input }) => auth.changePassword(ctx.db, ctx.user.id, ctx.session.id, input.currentPassword, input.newPassword)),
});
