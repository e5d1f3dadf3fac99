import { z } from "zod";
import { recordId } from "./common";

/** The back office's view of the shop's mail: its templates (previewed with sample data) and mail that would not go. */

/** Every template the shop sends, by the `kind` stored with each mail. */
export const MAIL_TEMPLATE_KINDS = [
  "order_confirmation",
  "refund",
  "winner",
  "instant_win",
  "claim_reminder",
  "claim_update",
  "postal_entry",
  "email_verification",
  "password_reset",
  "password_changed",
  "email_change_confirm",
  "email_change_notice",
  "email_changed",
  "contact_acknowledgement",
  "complaint_acknowledgement",
  "marketing",
] as const;
export const mailTemplateKind = z.enum(MAIL_TEMPLATE_KINDS);
export type MailTemplateKind = z.infer<typeof mailTemplateKind>;

export const mailTemplateInput = z.strictObject({ kind: mailTemplateKind });

export const mailTemplateSummary = z.object({
  kind: mailTemplateKind,
  name: z.string(),
  description: z.string(),
  /** False for mail nobody asked for by doing something: it carries List-Unsubscribe. */
  transactional: z.boolean(),
});
export type MailTemplateSummary = z.infer<typeof mailTemplateSummary>;

export const mailPreview = z.object({
  kind: mailTemplateKind,
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Extra headers the mail is sent with (List-Unsubscribe on marketing mail). */
  headers: z.record(z.string(), z.string()),
});
export type MailPreview = z.infer<typeof mailPreview>;

/** A mail the worker could not send: still retrying (queued, backing off) or given up (failed). */
export const mailFailure = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string().nullable(),
  status: z.enum(["queued", "failed"]),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MailFailure = z.infer<typeof mailFailure>;

export const mailRetryInput = z.strictObject({ id: recordId });

/** Whether mail is leaving the shop, as GET /api/health reports it (no error text: health is public). */
export const mailHealth = z.object({
  /** Mail is leaving: SMTP_URL is set and its server takes the shop's mail. */
  sending: z.boolean(),
  /** SMTP_URL is set. Without it mail only waits in the outbox. */
  configured: z.boolean(),
  /** SMTP_URL is set but its server cannot be reached or refuses the shop's mail. */
  failing: z.boolean(),
  /** Mail waiting to be sent (including mail backing off after a failed try); null when the database cannot be read. */
  queued: z.number().int().nullable(),
  /** Mail given up on after the last attempt, waiting for an admin's Retry; null when the database cannot be read. */
  failed: z.number().int().nullable(),
});
export type MailHealth = z.infer<typeof mailHealth>;

/** GET /api/admin/mail/status: the same, with when and why, for the back office's banner. */
export const mailStatus = mailHealth.extend({
  queued: z.number().int(),
  failed: z.number().int(),
  /** Since when the server has been failing (ISO), null while mail leaves. */
  failingSince: z.string().nullable(),
  /** The SMTP client's last error while failing. */
  lastError: z.string().nullable(),
  /** When the last message left (since the server started). */
  lastSentAt: z.string().nullable(),
});
export type MailStatus = z.infer<typeof mailStatus>;
