import { and, asc, desc, eq, inArray, lt } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
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

export function queuedMail(db: Db, limit: number) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "queued"), lt(mailOutbox.attempts, 5)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit)
    .all();
}

export function markMail(db: Db, id: string, status: "sent" | "failed" | "queued", error?: string) {
  const row = db.select({ attempts: mailOutbox.attempts }).from(mailOutbox).where(eq(mailOutbox.id, id)).get();
  db.update(mailOutbox)
    .set({
      status: status === "queued" && (row?.attempts ?? 0) + 1 >= 5 ? "failed" : status,
      attempts: (row?.attempts ?? 0) + 1,
      lastError: error ?? null,
      sentAt: status === "sent" ? new Date() : null,
    })
    .where(eq(mailOutbox.id, id))
    .run();
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
