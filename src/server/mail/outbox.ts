import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { first, withTransaction, type Db, type Tx } from "../../../db/client";
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
export async function enqueueStoredMail(db: Tx, message: MailMessage & { data: unknown }, now: Date): Promise<void> {
  await db.statements.queueMail.run({
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
export async function enqueueMail(db: Tx, message: MailMessage): Promise<string> {
  const row = await first(
    db
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
      .returning({ id: mailOutbox.id }),
  );
  return row!.id;
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
export async function queuedMail(db: Db, limit: number, now: Date = new Date()) {
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
    .limit(limit);
}

/** Marks a mail sent, keeping the address it went to (the account's, if it changed since the mail was queued). */
export async function markMailSent(db: Db, id: string, now: Date, to?: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: "sent", attempts: sql`${mailOutbox.attempts} + 1`, lastError: null, nextAttemptAt: null, sentAt: now, ...(to ? { to } : {}) })
    .where(eq(mailOutbox.id, id));
}

/** How much mail is waiting (queued, including retries) and how much was given up on (failed). */
export async function outboxCounts(db: Db): Promise<{ queued: number; failed: number }> {
  const row = await first(
    db
      .select({
        queued: sql<number>`coalesce(sum(case when ${mailOutbox.status} = 'queued' then 1 else 0 end), 0)`,
        failed: sql<number>`coalesce(sum(case when ${mailOutbox.status} = 'failed' then 1 else 0 end), 0)`,
      })
      .from(mailOutbox)
      .where(UNSENT),
  );
  return { queued: Number(row?.queued ?? 0), failed: Number(row?.failed ?? 0) };
}

/**
 * Records a failed attempt: back off before the next, or give up after the last. Answers what became
 * of the mail. The count is read and written back in one transaction, so an admin's retry (which
 * resets it) cannot land between the two.
 */
export function markMailAttemptFailed(
  db: Db,
  id: string,
  error: string,
  now: Date,
): Promise<{ status: "queued" | "failed"; attempts: number; nextAttemptAt: Date | null }> {
  return withTransaction(db, async (tx) => {
    const attempts = ((await first(tx.select({ attempts: mailOutbox.attempts }).from(mailOutbox).where(eq(mailOutbox.id, id))))?.attempts ?? 0) + 1;
    const delay = RETRY_DELAYS_MS[attempts - 1];
    const outcome =
      delay === undefined
        ? { status: "failed" as const, attempts, nextAttemptAt: null }
        : { status: "queued" as const, attempts, nextAttemptAt: new Date(now.getTime() + delay) };
    await tx
      .update(mailOutbox)
      .set({ status: outcome.status, attempts, lastError: error.slice(0, 1000), nextAttemptAt: outcome.nextAttemptAt, sentAt: null })
      .where(eq(mailOutbox.id, id));
    return outcome;
  });
}

/** The outbox, newest first; mail not yet sent shows where it will go now, sent mail where it went. */
export async function listOutbox(db: Db, limit = 100) {
  return db
    .select({ ...getTableColumns(mailOutbox), to: sql<string>`case when ${mailOutbox.status} = 'sent' then ${mailOutbox.to} else ${recipient} end` })
    .from(mailOutbox)
    .leftJoin(users, eq(users.id, mailOutbox.userId))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

export async function mailTo(db: Db, to: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, [to]))
    .orderBy(desc(mailOutbox.createdAt));
}
