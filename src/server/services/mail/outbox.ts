import { and, desc, eq, gt, or } from "drizzle-orm";
import { first, type Db } from "../../../../db/client";
import { mailOutbox } from "../../../../db/schema";
import {
  MAIL_TEMPLATE_KINDS,
  type MailFailure,
  type MailHealth,
  type MailPreview,
  type MailStatus,
  type MailTemplateKind,
  type MailTemplateSummary,
} from "../../../shared/schemas/mail";
import { AppError } from "../../errors";
import { MAIL_CATALOGUE } from "../../mail/catalogue";
import { mailLayout, textAsHtml } from "../../mail/layout";
import type { MailDelivery, Mailer } from "../../mail/mailer";
import { outboxCounts, UNSENT } from "../../mail/outbox";
import { audited, type Actor } from "../audit";

/** The back office's mail tools: every template previewed with sample data, and mail the worker could not send. */

export function listMailTemplates(): MailTemplateSummary[] {
  return MAIL_TEMPLATE_KINDS.map((kind) => {
    const { name, description, transactional } = MAIL_CATALOGUE[kind];
    return { kind, name, description, transactional };
  });
}

export function previewMailTemplate(kind: MailTemplateKind): MailPreview {
  const mail = MAIL_CATALOGUE[kind].sample();
  return {
    kind,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? mailLayout({ title: mail.subject, body: textAsHtml(mail.text) }),
    headers: mail.headers ?? {},
  };
}

const failureColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  kind: mailOutbox.kind,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  createdAt: mailOutbox.createdAt,
};

type FailureRow = Pick<typeof mailOutbox.$inferSelect, keyof typeof failureColumns>;

function toFailure(row: FailureRow): MailFailure {
  return {
    ...row,
    status: row.status === "failed" ? "failed" : "queued",
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Mail given up on (failed) or still backing off after a failed attempt, newest first. */
export async function listMailFailures(db: Db, limit = 200): Promise<MailFailure[]> {
  const rows = await db
    .select(failureColumns)
    .from(mailOutbox)
    .where(and(UNSENT, or(eq(mailOutbox.status, "failed"), and(eq(mailOutbox.status, "queued"), gt(mailOutbox.attempts, 0)))))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
  return rows.map(toFailure);
}

/** Puts a failed mail back in the queue with a fresh set of attempts; the worker tries it at once. */
export async function retryMail(deps: { db: Db; mailer: Mailer }, actor: Actor, id: string): Promise<MailFailure> {
  const row = await audited(
    deps.db,
    actor,
    async (tx) => {
      const mail = await first(tx.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id)));
      if (!mail) throw new AppError("NOT_FOUND", "Mail not found");
      if (mail.status !== "failed") throw new AppError("INVALID_STATE", "Only mail that failed can be retried.");
      return (await first(
        tx.update(mailOutbox).set({ status: "queued", attempts: 0, nextAttemptAt: null }).where(eq(mailOutbox.id, id)).returning(failureColumns),
      ))!;
    },
    (r) => ({ action: "admin.mail.retry", targetType: "mail", targetId: id, details: { id, kind: r.kind, lastError: r.lastError } }),
  );
  deps.mailer.poke();
  return toFailure(row);
}

/** Whether mail leaves the shop: the worker's view of its server, and what waits in the outbox. */
export function mailHealth(delivery: MailDelivery, counts: { queued: number; failed: number } | null): MailHealth {
  const failing = delivery.configured && delivery.failingSince !== null;
  return { sending: delivery.configured && !failing, configured: delivery.configured, failing, queued: counts?.queued ?? null, failed: counts?.failed ?? null };
}

/** GET /api/admin/mail/status: the banner's facts, with when the server started failing and why. */
export async function mailStatus(db: Db, delivery: MailDelivery): Promise<MailStatus> {
  const counts = await outboxCounts(db);
  const failing = delivery.configured && delivery.failingSince !== null;
  return {
    ...mailHealth(delivery, counts),
    ...counts,
    failingSince: failing ? delivery.failingSince!.toISOString() : null,
    lastError: failing ? delivery.lastError : null,
    lastSentAt: delivery.lastSentAt?.toISOString() ?? null,
  };
}
