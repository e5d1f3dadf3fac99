import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { uuidv7 } from "../../../db/ids";
import { mailOutbox, users } from "../../../db/schema";

export interface MailMessage {
  /** Where it goes; for mail with a `userId`, only until it is sent (then the account's email as it is). */
  to: string;
  /**
   * The account the mail is about (its order, entry, prize or claim): the worker sends it to that
   * account's email at send time, so a changed and confirmed address is the one that hears. Leave it
   * out for a guest's mail and for mail meant for one particular address (links, change notices).
   */
  userId?: string | null;
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
    userId: message.userId ?? null,
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
      userId: message.userId ?? null,
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

/**
 * Mail not yet sent. Spelled as the partial index mail_outbox_unsent_idx is (a literal, not a bound
 * parameter), so SQLite reads that small index instead of every message ever sent.
 */
export const UNSENT = sql`${mailOutbox.status} <> 'sent'`;

/** Where a mail goes now: the account's current email for mail about an account, else the address it was queued with. */
export const recipient = sql<string>`coalesce(${users.email}, ${mailOutbox.to})`;

/** Mail the worker may try now: queued, attempts left, and not waiting out a back-off; `to` is where it goes now. */
export function queuedMail(db: Db, limit: number, now: Date = new Date()) {
  return db
    .select({ ...getTableColumns(mailOutbox), to: recipient })
    .from(mailOutbox)
    .leftJoin(users, eq(users.id, mailOutbox.userId))
    .where(
      and(
        UNSENT,
        eq(mailOutbox.status, "queued"),
        lt(mailOutbox.attempts, MAX_ATTEMPTS),
        or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit)
    .all();
}

/** Marks a mail sent, keeping the address it went to (the account's, if it changed since the mail was queued). */
export function markMailSent(db: Db, id: string, now: Date, to?: string) {
  db.update(mailOutbox)
    .set({ status: "sent", attempts: sql`${mailOutbox.attempts} + 1`, lastError: null, nextAttemptAt: null, sentAt: now, ...(to ? { to } : {}) })
    .where(eq(mailOutbox.id, id))
    .run();
}

/** How much mail is waiting (queued, including retries) and how much was given up on (failed). */
export function outboxCounts(db: Db): { queued: number; failed: number } {
  const row = db
    .select({
      queued: sql<number>`coalesce(sum(${mailOutbox.status} = 'queued'), 0)`,
      failed: sql<number>`coalesce(sum(${mailOutbox.status} = 'failed'), 0)`,
    })
    .from(mailOutbox)
    .where(UNSENT)
    .get();
  return { queued: Number(row?.queued ?? 0), failed: Number(row?.failed ?? 0) };
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

/** The outbox, newest first; mail not yet sent shows where it will go now, sent mail where it went. */
export function listOutbox(db: Db, limit = 100) {
  return db
    .select({ ...getTableColumns(mailOutbox), to: sql<string>`case when ${mailOutbox.status} = 'sent' then ${mailOutbox.to} else ${recipient} end` })
    .from(mailOutbox)
    .leftJoin(users, eq(users.id, mailOutbox.userId))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit)
    .all();
}

export function mailTo(db: Db, to: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, [to]))
    .orderBy(desc(mailOutbox.createdAt))
    .all();
}
