import { z } from "zod";
import {
  changeEmailInput,
  changeEmailResult,
  checkoutInput,
  checkoutResult,
  customerExport,
  dateOfBirthInput,
  preferencesInput,
  preferencesView,
  resendVerificationResult,
  sessionIdInput,
  sessionView,
} from "../../../shared/schemas/account";
import { authUser, changePasswordInput, profileInput } from "../../../shared/schemas/auth";
import { clearSessionCookie } from "../../auth/cookies";
import * as account from "../../services/account";
import * as auth from "../../services/auth";
import { rememberCheckout } from "../../services/checkout-reminders";
import { downloadOutput } from "../../services/paging/download";
import { rateLimit } from "../../trpc/middleware/rate-limit";
import { customerProcedure, router } from "../../trpc/procedures";
import { signInContext } from "../../trpc/sign-in-context";

const perUser = (name: string, limit: number, windowMs: number) => rateLimit(name, limit, windowMs, (ctx) => ctx.user?.id ?? ctx.ip);

export const accountRouter = router({
  user: customerProcedure
    .meta({ openapi: { method: "GET", path: "/auth/user", tags: ["auth"], summary: "The signed-in user" } })
    .input(z.void())
    .output(authUser)
    .query(({ ctx }) => auth.toAuthUser(ctx.user)),

  rememberCheckout: customerProcedure
    .use(perUser("checkout", 120, 60 * 60 * 1000))
    .meta({
      openapi: {
        method: "PUT",
        path: "/user/checkout",
        tags: ["account"],
        summary: "What the signed-in customer's checkout holds now, for the unfinished-checkout reminder",
        description:
          "The web app sends it when a signed-in customer opens the checkout and when its items change; an empty list forgets it. Competitions that do not exist are left out. One reminder mail may follow after the operator's checkout_reminder_hours (0: none), only with marketing consent.",
      },
    })
    .input(checkoutInput)
    .output(checkoutResult)
    .mutation(({ ctx, input }) => rememberCheckout(ctx.db, ctx.user.id, input.items, ctx.now())),

  updateProfile: customerProcedure
    .meta({ openapi: { method: "PUT", path: "/auth/profile", tags: ["auth"], summary: "Update the signed-in user's profile" } })
    .input(profileInput)
    .output(authUser)
    .mutation(({ ctx, input }) => auth.updateProfile(ctx.db, ctx.user.id, input)),

  setDateOfBirth: customerProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/auth/date-of-birth",
        tags: ["auth"],
        summary: "Add a date of birth (once; the checkout asks for it when the account has none)",
        description: "Once set, only staff can change it (403 DATE_OF_BIRTH_LOCKED for a different date).",
      },
    })
    .input(dateOfBirthInput)
    .output(authUser)
    .mutation(({ ctx, input }) => auth.setDateOfBirth(ctx.db, ctx.user.id, input.dateOfBirth)),

  changePassword: customerProcedure
    .use(perUser("password", 10, 15 * 60 * 1000))
    .meta({ openapi: { method: "PUT", path: "/auth/password", tags: ["auth"], summary: "Change password; every other session is signed out" } })
    .input(changePasswordInput)
    .output(z.object({ success: z.boolean() }))
    .mutation(({ ctx, input }) => auth.changePassword(ctx.db, ctx.user.id, ctx.session.id, input.currentPassword, input.newPassword)),

  resendVerification: customerProcedure
    .use(perUser("resend-verification", 3, 60 * 60 * 1000))
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/resend-verification",
        tags: ["auth"],
        summary: "Mail a new verification link to the account's address (three an hour)",
        description: "alreadyVerified is true (and nothing is sent) when the address is already confirmed.",
      },
      successStatus: 202,
    })
    .input(z.void())
    .output(resendVerificationResult)
    .mutation(async ({ ctx }) => {
      const result = await account.resendVerification(ctx.db, ctx.user.id, signInContext(ctx));
      ctx.services.mailer.poke();
      return result;
    }),

  changeEmail: customerProcedure
    .use(perUser("change-email", 5, 60 * 60 * 1000))
    .meta({
      openapi: {
        method: "PUT",
        path: "/auth/email",
        tags: ["auth"],
        summary: "Ask to change the account's email address",
        description:
          "Needs the password. Mails a confirmation link (24 hours, single use) to the new address and a notice to the current one; the address changes only when the link is used.",
        errorResponses: { 400: "Wrong password, or the same address", 409: "Another account uses that address" },
      },
      successStatus: 202,
    })
    .input(changeEmailInput)
    .output(changeEmailResult)
    .mutation(async ({ ctx, input }) => {
      const result = await account.requestEmailChange(ctx.db, ctx.user.id, input, signInContext(ctx));
      ctx.services.mailer.poke();
      return result;
    }),

  sessions: customerProcedure
    .meta({ openapi: { method: "GET", path: "/auth/sessions", tags: ["auth"], summary: "The devices signed in to the account; current marks this one" } })
    .input(z.void())
    .output(z.array(sessionView))
    .query(({ ctx }) => account.listSessions(ctx.db, ctx.user.id, ctx.session.id, ctx.now())),

  endSession: customerProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/auth/sessions/{id}",
        tags: ["auth"],
        summary: "Sign one device out",
        errorResponses: { 404: "No such session of yours" },
      },
    })
    .input(sessionIdInput)
    .output(z.object({ success: z.boolean(), current: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const ended = await account.endSession(ctx.db, ctx.user.id, input.id);
      const current = ended.sessionId === ctx.session.id;
      if (current) ctx.setCookie(clearSessionCookie(ctx.config.secureCookies));
      return { success: true, current };
    }),

  endOtherSessions: customerProcedure
    .meta({ openapi: { method: "DELETE", path: "/auth/sessions", tags: ["auth"], summary: "Sign out of all other devices" } })
    .input(z.void())
    .output(z.object({ revoked: z.number() }))
    .mutation(({ ctx }) => account.endOtherSessions(ctx.db, ctx.user.id, ctx.session.id)),

  preferences: customerProcedure
    .meta({ openapi: { method: "GET", path: "/user/preferences", tags: ["account"], summary: "The customer's mail preferences" } })
    .input(z.void())
    .output(preferencesView)
    .query(({ ctx }) => account.getPreferences(ctx.db, ctx.user.id)),

  setPreferences: customerProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/user/preferences",
        tags: ["account"],
        summary: "Opt in to (or out of) marketing mail",
        description: "Transactional mail (orders, refunds, wins, the account) is sent whatever this says.",
      },
    })
    .input(preferencesInput)
    .output(preferencesView)
    .mutation(({ ctx, input }) => account.setPreferences(ctx.db, ctx.user.id, input, ctx.now())),

  exportData: customerProcedure
    .use(perUser("export", 10, 60 * 60 * 1000))
    .meta({
      openapi: {
        method: "GET",
        path: "/user/export",
        tags: ["account"],
        summary: "Everything held about the customer, as JSON",
        description:
          "Profile, orders with refunds, entries and tickets, wins, notifications, limits and breaks, messages and complaints, and signed-in devices (no tokens). " +
          "Every order and entry, however many: the document is sent as it is written.",
      },
      download: { contentType: "application/json", schema: customerExport },
    })
    .input(z.void())
    .output(downloadOutput)
    .query(({ ctx }) => account.exportCustomerData(ctx.db, ctx.user.id, ctx.session.id, ctx.now())),
});
