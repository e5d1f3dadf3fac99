import { and, desc, eq, gt, min, sql } from "drizzle-orm";
import { first, withTransaction, type Db, type Tx } from "../../../db/client";
import { contactMessages, mailOutbox } from "../../../db/schema";
import { AppError, rateLimited } from "../errors";
import { enqueueMail } from "../mail/outbox";
import { complaintAcknowledgementMail, contactAcknowledgementMail, isContactAcknowledgement } from "../mail/templates";
import { numberSetting } from "./settings";
import { randomBytes } from "node:crypto";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** More than this many messages from one address in an hour is flooding, not talking. */
export const CONTACT_PER_ADDRESS_PER_HOUR = 5;

export interface ContactArgs {
  name: string;
  email: string;
  subject: string;
  message: string;
  kind?: "message" | "complaint";
}

function complaintReference(now: Date): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  return `CMP-${day}-${randomBytes(3).toString("hex").toUpperCase()}`;
}

/**
 * Whether the contact form already queued an acknowledgement of this kind to this address since
 * `since`. Kinds are counted apart: a complaint's acknowledgement carries its reference and
 * deadline, so an earlier "we've received your message" must not stand in for it.
 */
async function acknowledgedSince(db: Tx, email: string, kind: "message" | "complaint", since: Date): Promise<boolean> {
  const sent = await db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), gt(mailOutbox.createdAt, since)));
  return sent.some((m) => isContactAcknowledgement(m.subject) === kind);
}

export function submitContact(db: Db, args: ContactArgs, now = new Date()): Promise<{ success: boolean; id: string; reference: string | null }> {
  const email = args.email.toLowerCase();
  return withTransaction(db, async (tx) => {
    const recent = await first(
      tx
        .select({ n: sql<number>`count(*)`, oldest: min(contactMessages.createdAt) })
        .from(contactMessages)
        .where(and(eq(contactMessages.email, email), gt(contactMessages.createdAt, new Date(now.getTime() - HOUR)))),
    );
    if (Number(recent?.n ?? 0) >= CONTACT_PER_ADDRESS_PER_HOUR) {
      // The window opens again an hour after the oldest message in it.
      const wait = ((recent?.oldest?.getTime() ?? now.getTime()) + HOUR - now.getTime()) / 1000;
      throw rateLimited("You have sent several messages recently. Please wait a while before sending another.", wait);
    }
    const kind = args.kind ?? "message";
    const reference = kind === "complaint" ? complaintReference(now) : null;
    const weeks = await numberSetting(tx, "complaint_response_weeks", 8);
    const responseDueAt = kind === "complaint" ? new Date(now.getTime() + weeks * 7 * 24 * HOUR) : null;
    const row = (await first(
      tx
        .insert(contactMessages)
        .values({ name: args.name, email, subject: args.subject, message: args.message, kind, reference, responseDueAt, createdAt: now })
        .returning({ id: contactMessages.id }),
    ))!;
    // The acknowledgement quotes nothing the sender wrote and goes at most once a day to an address,
    // so the form cannot be used to mail strangers; the message itself is stored either way.
    if (!(await acknowledgedSince(tx, email, kind, new Date(now.getTime() - DAY)))) {
      await enqueueMail(tx, kind === "complaint" ? complaintAcknowledgementMail(email, reference!, responseDueAt!) : contactAcknowledgementMail(email));
    }
    return { success: true, id: row.id, reference };
  });
}

export async function listComplaints(db: Db) {
  const rows = await db.select().from(contactMessages).where(eq(contactMessages.kind, "complaint")).orderBy(desc(contactMessages.createdAt));
  return rows.map(toComplaint);
}

function toComplaint(m: typeof contactMessages.$inferSelect) {
  return {
    id: m.id,
    reference: m.reference ?? "",
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    status: m.status,
    responseDueAt: m.responseDueAt?.toISOString() ?? null,
    notes: m.notes,
    createdAt: m.createdAt.toISOString(),
  };
}

/** The read and the write in one transaction, so two staff adding notes at once each keep theirs. */
export function updateComplaint(db: Tx, id: string, by: string, change: { status?: "open" | "answered" | "closed"; note?: string | null }, now = new Date()) {
  return withTransaction(db, async (tx) => {
    const current = await first(
      tx
        .select()
        .from(contactMessages)
        .where(and(eq(contactMessages.id, id), eq(contactMessages.kind, "complaint"))),
    );
    if (!current) throw new AppError("NOT_FOUND", "Complaint not found");
    const notes = change.note ? [...current.notes, { at: now.toISOString(), by, text: change.note }] : current.notes;
    const row = (await first(
      tx
        .update(contactMessages)
        .set({ status: change.status ?? current.status, notes })
        .where(eq(contactMessages.id, id))
        .returning(),
    ))!;
    return toComplaint(row);
  });
}
