import { z } from "zod";
import { authResult, authUser, loginInput, registerInput } from "../../../shared/schemas/auth";
import { clearSessionCookie, sessionCookie } from "../../auth/cookies";
import * as auth from "../../services/auth";
import { rateLimit } from "../../trpc/middleware/rate-limit";
import { publicProcedure, router } from "../../trpc/procedures";

export const authRouter = router({
  /** The web app's current-user read: null when signed out, so a visitor's page load logs no 401. */
  session: publicProcedure
    .input(z.void())
    .output(authUser.nullable())
    .query(({ ctx }) => (ctx.user ? auth.toAuthUser(ctx.user) : null)),

  login: publicProcedure
    .use(rateLimit("login", 30, 15 * 60 * 1000))
    .meta({ openapi: { method: "POST", path: "/auth/login", tags: ["auth"], protect: false, summary: "Sign in" } })
    .input(loginInput)
    .output(authResult)
    .mutation(async ({ ctx, input }) => {
      const signedIn = await auth.login(ctx.db, input.email, input.password, ctx.services.loginThrottle, ctx.now().getTime(), ctx.ip);
      ctx.setCookie(sessionCookie(signedIn.token, ctx.config.secureCookies, signedIn.session.expiresAt));
      return { token: signedIn.token, user: signedIn.user };
    }),

  register: publicProcedure
    .use(rateLimit("register", 20, 60 * 60 * 1000))
    .meta({ openapi: { method: "POST", path: "/auth/register", tags: ["auth"], protect: false, summary: "Create an account" } })
    .input(registerInput)
    .output(authResult)
    .mutation(async ({ ctx, input }) => {
      const { confirmPassword: _confirm, ...args } = input;
      const signedIn = await auth.register(ctx.db, args);
      ctx.setCookie(sessionCookie(signedIn.token, ctx.config.secureCookies, signedIn.session.expiresAt));
      return { token: signedIn.token, user: signedIn.user };
    }),

  logout: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/logout",
        tags: ["auth"],
        summary: "Sign out",
        description: "Ends the session named by the x-session-token header, the bearer token or the cookie. Always succeeds.",
      },
    })
    .input(z.void())
    .output(z.object({ success: z.boolean() }))
    .mutation(({ ctx }) => {
      if (ctx.session) auth.logout(ctx.db, ctx.session.id);
      ctx.setCookie(clearSessionCookie(ctx.config.secureCookies));
      return { success: true };
    }),
});
