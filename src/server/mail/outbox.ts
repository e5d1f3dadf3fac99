import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { uuidv7 } from "../../../db/ids";
import { mailOutbox } from "../../../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which template wrote it (order_confirmation, password_reset…). */
  kind?: string;
  /** Extra headers, such as List-Unsubscribe on marketing mail. */
  headers?: Record<string, string>;
}

/**
 * Queues a mail of the purchase path (prepared statement, no HTML): the worker renders its HTML from
 * `data` when it sends (renderStoredHtml), so the sale's write stays small.
 */
export function enqueueStoredMail(db: Tx, message: MailMessage & { data: unknown }, now: Date): void {
  db.statements.queueMail.run({
    id: uuidv7(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: null,
    kind: message.kind ?? null,
    data: JSON.stringify(message.data),
    createdAt: now.getTime(),
  });
}

/** Queues mail in the same transaction as the change it reports; a worker sends it after commit. */
export function enqueueMail(db: Tx, message: MailMessage): string {
  return db
    .insert(mailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      kind: message.kind ?? null,
      headers: message.headers ?? null,
    })
    .returning({ id: mailOutbox.id })
    .get().id;
}

/** How long the worker waits after each failed attempt; after the last one the mail is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Mail the worker may try now: queued, attempts left, and not waiting out a back-off. */
export function queuedMail(db: Db, limit: number, now: Date = new Date()) {
  return db
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.status, "queued"), lt(mailOutbox.attempts, MAX_ATTEMPTS), or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now))),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit)
    .all();
}

export function markMailSent(db: Db, id: string, now: Date) {
  db.update(mailOutbox)
    .set({ status: "sent", attempts: sql`${mailOutbox.attempts} + 1`, lastError: null, nextAttemptAt: null, sentAt: now })
    .where(eq(mailOutbox.id, id))
    .run();
}

/** Records a failed attempt: back off before the next, or give up after the last. Answers what became of the mail. */
export function markMailAttemptFailed(
  db: Db,
  id: string,
  error: string,
  now: Date,
): { status: "queued" | "failed"; attempts: number; nextAttemptAt: Date | null } {
  const attempts = (db.select({ attempts: mailOutbox.attempts }).from(mailOutbox).where(eq(mailOutbox.id, id)).get()?.attempts ?? 0) + 1;
  const delay = RETRY_DELAYS_MS[attempts - 1];
  const outcome =
    delay === undefined
      ? { status: "failed" as const, attempts, nextAttemptAt: null }
      : { status: "queued" as const, attempts, nextAttemptAt: new Date(now.getTime() + delay) };
  db.update(mailOutbox)
    .set({ status: outcome.status, attempts, lastError: error.slice(0, 1000), nextAttemptAt: outcome.nextAttemptAt, sentAt: null })
    .where(eq(mailOutbox.id, id))
    .run();
  return outcome;
}

export function listOutbox(db: Db, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit).all();
}

export function mailTo(db: Db, to: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, [to]))
    .orderBy(desc(mailOutbox.createdAt))
    .all();
}
