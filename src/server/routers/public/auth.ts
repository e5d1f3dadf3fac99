import { z } from "zod";
import { authResult, authUser, loginInput, registerInput } from "../../../shared/schemas/auth";
import { clearReferralCookie, clearSessionCookie, sessionCookie } from "../../auth/cookies";
import * as auth from "../../services/auth";
import { rateLimit } from "../../trpc/middleware/rate-limit";
import { publicProcedure, router } from "../../trpc/procedures";
import { describeDevice } from "../../auth/device";
import * as account from "../../services/account";
import { forgotPasswordInput, okResult, resetPasswordInput, unsubscribeInput, verifyEmailInput, verifyEmailResult } from "../../../shared/schemas/account";
import { signInContext } from "../../trpc/sign-in-context";

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
      const signedIn = await auth.login(
        ctx.db,
        input.email,
        input.password,
        ctx.services.loginThrottle,
        ctx.now().getTime(),
        ctx.ip,
        describeDevice(ctx.userAgent),
      );
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
      const signedIn = await auth.register(ctx.db, args, signInContext(ctx));
      ctx.services.mailer.poke();
      ctx.setCookie(sessionCookie(signedIn.token, ctx.config.secureCookies, signedIn.session.expiresAt));
      // The share link has done its work (or could not): it is not carried to another sign-up.
      if (ctx.referralCode) ctx.setCookie(clearReferralCookie(ctx.config.secureCookies));
      return { token: signedIn.token, user: signedIn.user };
    }),

  forgotPassword: publicProcedure
    .use(rateLimit("forgot-password", 10, 15 * 60 * 1000))
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/forgot-password",
        tags: ["auth"],
        protect: false,
        summary: "Mail a password reset link",
        description:
          "Always 202 { ok: true }, whether or not an account has the address, so the answer tells nobody who is a customer. An open account gets a link " +
          "to /auth/reset?token=… that works once, for 60 minutes; at most three such mails an hour go to one address. Limited per client address (429).",
      },
      successStatus: 202,
    })
    .input(forgotPasswordInput)
    .output(okResult)
    .mutation(async ({ ctx, input }) => {
      await account.requestPasswordReset(ctx.db, input.email, signInContext(ctx));
      ctx.services.mailer.poke();
      return { ok: true as const };
    }),

  resetPassword: publicProcedure
    .use(rateLimit("reset-password", 20, 15 * 60 * 1000))
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/reset-password",
        tags: ["auth"],
        protect: false,
        summary: "Choose a new password with a reset link's token",
        description:
          "Signs the customer in (a new session token) and ends every other session; a notice is mailed. 400 LINK_EXPIRED for an expired or used link.",
        errorResponses: { 400: "The link has expired or has already been used, or the passwords do not match" },
      },
    })
    .input(resetPasswordInput)
    .output(authResult)
    .mutation(async ({ ctx, input }) => {
      const signedIn = await account.resetPassword(ctx.db, input.token, input.password, signInContext(ctx));
      ctx.services.mailer.poke();
      ctx.setCookie(sessionCookie(signedIn.token, ctx.config.secureCookies, signedIn.session.expiresAt));
      return { token: signedIn.token, user: signedIn.user };
    }),

  verifyEmail: publicProcedure
    .use(rateLimit("verify-email", 30, 15 * 60 * 1000))
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/verify-email",
        tags: ["auth"],
        protect: false,
        summary: "Use a verification or email-change link's token",
        description: "Confirms the address the link was sent to, or moves the account to the new address it names. Works once, without signing in.",
        errorResponses: { 400: "The link has expired or has already been used", 409: "Another account uses the new address" },
      },
    })
    .input(verifyEmailInput)
    .output(verifyEmailResult)
    .mutation(async ({ ctx, input }) => {
      const result = await account.confirmEmailLink(ctx.db, input.token, ctx.now());
      ctx.services.mailer.poke();
      return result;
    }),

  unsubscribe: publicProcedure
    .use(rateLimit("unsubscribe", 60, 15 * 60 * 1000))
    .meta({
      openapi: {
        method: "POST",
        path: "/mail/unsubscribe/{token}",
        tags: ["account"],
        protect: false,
        summary: "Stop marketing mail (a mail's footer link or one-click List-Unsubscribe)",
        description:
          "The token comes from the mail's link. Accepts a JSON body or a mail client's form post List-Unsubscribe=One-Click (RFC 8058). " +
          "Always { ok: true }: an unknown token says nothing about who is subscribed.",
        contentTypes: ["application/json", "application/x-www-form-urlencoded"],
      },
    })
    .input(unsubscribeInput)
    .output(okResult)
    .mutation(({ ctx, input }) => account.unsubscribe(ctx.db, input.token, ctx.now())),

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
    .mutation(async ({ ctx }) => {
      if (ctx.session) await auth.logout(ctx.db, ctx.session.id);
      ctx.setCookie(clearSessionCookie(ctx.config.secureCookies));
      return { success: true };
    }),
});
