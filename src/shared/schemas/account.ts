import { z } from "zod";
import { MAX_TICKETS } from "../ticket-limits";
import { recordId } from "./common";
import { dateOfBirthChange } from "./admin";
import { customerClaim } from "./claims";
import { customerProfile, email, password } from "./auth";
import { customerEntry, customerWin } from "./entry";
import { orderView } from "./order";
import { spendingLimits } from "./protection";

/** Recovery, verification, sessions, consent and data: one contract for the forms and the procedures. */

export const RESET_LINK_INVALID = "This reset link has expired or has already been used.";
export const VERIFY_LINK_INVALID = "This link has expired or has already been used.";
export const DATE_OF_BIRTH_WHY = "We ask because only people aged 18 or over may enter.";

/** A token from a mailed link: base32, as generated; anything else cannot be one. */
const linkToken = z.string({ error: RESET_LINK_INVALID }).trim().min(1, RESET_LINK_INVALID).max(100, RESET_LINK_INVALID);

export const forgotPasswordInput = z.strictObject({ email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInput>;

export const resetPasswordInput = z
  .strictObject({
    token: linkToken,
    password,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password").max(200),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;

export const verifyEmailInput = z.strictObject({ token: linkToken });

export const verifyEmailResult = z.object({
  ok: z.literal(true),
  /** What the link did: confirmed the address, or moved the account to a new one. */
  kind: z.enum(["verified", "email_changed"]),
  email: z.string(),
});

export const changeEmailInput = z.strictObject({
  newEmail: email,
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(200),
});
export type ChangeEmailInput = z.input<typeof changeEmailInput>;

export const okResult = z.object({ ok: z.literal(true) });

/** PUT /api/user/checkout: what a signed-in customer's checkout holds now (an empty list: nothing). */
export const checkoutItems = z
  .array(z.strictObject({ competitionId: recordId, quantity: z.number().int().min(1).max(MAX_TICKETS) }))
  .max(50, "At most 50 competitions in a checkout");
export type CheckoutItems = z.infer<typeof checkoutItems>;
export const checkoutInput = z.strictObject({ items: checkoutItems });
export const checkoutResult = z.object({ remembered: z.number().int() });

export const changeEmailResult = z.object({ ok: z.literal(true), pendingEmail: z.string() });

export const resendVerificationResult = z.object({ ok: z.literal(true), alreadyVerified: z.boolean() });

export const sessionView = z.object({
  /** A public handle for the session (not its stored hash). */
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** "Chrome on Android"; "Unknown device" when the browser did not say. */
  device: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;

export const sessionIdInput = z.strictObject({ id: z.string().regex(/^[0-9a-f]{16,64}$/, "Unknown session") });

export const preferencesInput = z.strictObject({ marketingEmail: z.boolean({ error: "marketingEmail must be true or false" }) });
export const preferencesView = z.object({ marketingEmail: z.boolean(), marketingConsentAt: z.string().nullable() });

/**
 * POST /api/mail/unsubscribe?token=…: the footer link's page, and a mail client's one-click
 * unsubscribe (RFC 8058), which posts the form field List-Unsubscribe=One-Click.
 */
export const unsubscribeInput = z.strictObject({
  token: z.string().trim().min(1).max(100),
  "List-Unsubscribe": z.literal("One-Click").optional(),
});

/** A date of birth added inside the checkout (once; after that only staff change it). */
export const dateOfBirthInput = z.strictObject({ dateOfBirth: dateOfBirthChange.shape.dateOfBirth });
export type DateOfBirthInput = z.input<typeof dateOfBirthInput>;

export const customerIdInput = z.strictObject({ id: recordId });

/** GET /api/user/export: everything held about the customer. */
export const customerExport = z.object({
  exportedAt: z.string(),
  profile: customerProfile,
  marketing: z.object({
    marketingEmail: z.boolean(),
    consentChangedAt: z.string().nullable(),
    /** The checkout left unfinished that the reminder would be about (PUT /user/checkout), if any. */
    unfinishedCheckout: z
      .object({ items: z.array(z.object({ competitionId: z.string(), quantity: z.number().int() })), seenAt: z.string(), remindedAt: z.string().nullable() })
      .nullable(),
    /** Refer a friend: the share link's code (null until first asked for), the customer who referred them, and those they referred (first names). */
    referrals: z.object({
      code: z.string().nullable(),
      joinedThrough: z.object({ firstName: z.string(), status: z.string(), joinedAt: z.string() }).nullable(),
      referred: z.array(z.object({ firstName: z.string(), status: z.string(), joinedAt: z.string(), earned: z.string() })),
    }),
  }),
  orders: z.array(orderView),
  entries: z.array(customerEntry),
  wins: z.array(customerWin),
  /** Prize claims, with the phone and delivery address given. */
  claims: z.array(customerClaim),
  notifications: z.array(
    z.object({ id: z.string(), title: z.string(), message: z.string(), type: z.string(), isRead: z.boolean(), createdAt: z.string().nullable() }),
  ),
  limitsAndBreaks: spendingLimits.extend({
    suspendedUntil: z.string().nullable(),
    suspensionKind: z.string().nullable(),
    events: z.array(z.object({ kind: z.string(), detail: z.string().nullable(), createdAt: z.string().nullable() })),
  }),
  messagesAndComplaints: z.array(
    z.object({
      kind: z.string(),
      reference: z.string().nullable(),
      subject: z.string(),
      message: z.string(),
      status: z.string(),
      createdAt: z.string().nullable(),
    }),
  ),
  sessions: z.array(sessionView),
});
