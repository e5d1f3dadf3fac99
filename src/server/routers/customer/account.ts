import { z } from "zod";
import { authUser, profileInput } from "../../../shared/schemas/auth";
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
});
