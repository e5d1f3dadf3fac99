import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contactMessages } from "../../../db/schema";
import { AppError } from "../errors";
import { enqueueMail } from "../mail/outbox";
import { numberSetting } from "./settings";
import { randomBytes } from "node:crypto";

const HOUR = 60 * 60 * 1000;
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

export function submitContact(db: Db, args: ContactArgs, now = new Date()): { success: boolean; id: string; reference: string | null } {
  const email = args.email.toLowerCase();
  return db.transaction(
    (tx) => {
      const recent = tx
        .select({ n: sql<number>`count(*)` })
        .from(contactMessages)
        .where(and(eq(contactMessages.email, email), gt(contactMessages.createdAt, new Date(now.getTime() - HOUR))))
        .get();
      if (Number(recent?.n ?? 0) >= CONTACT_PER_ADDRESS_PER_HOUR) {
        throw new AppError("TOO_MANY_REQUESTS", "You have sent several messages recently. Please wait a while before sending another.");
      }
      const kind = args.kind ?? "message";
      const reference = kind === "complaint" ? complaintReference(now) : null;
      const weeks = numberSetting(tx as unknown as Db, "complaint_response_weeks", 8);
      const responseDueAt = kind === "complaint" ? new Date(now.getTime() + weeks * 7 * 24 * HOUR) : null;
      const row = tx
        .insert(contactMessages)
        .values({ name: args.name, email, subject: args.subject, message: args.message, kind, reference, responseDueAt, createdAt: now })
        .returning({ id: contactMessages.id })
        .get();
      enqueueMail(
        tx as unknown as Db,
        kind === "complaint"
          ? {
              to: email,
              subject: `Your complaint ${reference} has been received`,
              text: `Hello ${args.name},\n\nWe have received your complaint and logged it with the reference ${reference}.\nWe will respond in full by ${responseDueAt!.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" })} at the latest, and usually much sooner.\n\nYour complaint:\n${args.message}\n\nHarvest Draws`,
            }
          : {
              to: email,
              subject: `We've received your message: ${args.subject}`,
              text: `Hello ${args.name},\n\nThank you for contacting Harvest Draws. We've received your message and will reply within 24-48 hours.\n\nYour message:\n${args.message}\n\nHarvest Draws`,
            },
      );
      return { success: true, id: row.id, reference };
    },
    { behavior: "immediate" },
  );
}

export function listComplaints(db: Db) {
  return db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.kind, "complaint"))
    .orderBy(desc(contactMessages.createdAt))
    .all()
    .map(toComplaint);
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

export function updateComplaint(db: Db, id: string, by: string, change: { status?: "open" | "answered" | "closed"; note?: string | null }, now = new Date()) {
  const current = db.select().from(contactMessages).where(and(eq(contactMessages.id, id), eq(contactMessages.kind, "complaint"))).get();
  if (!current) throw new AppError("NOT_FOUND", "Complaint not found");
  const notes = change.note ? [...current.notes, { at: now.toISOString(), by, text: change.note }] : current.notes;
  const row = db
    .update(contactMessages)
    .set({ status: change.status ?? current.status, notes })
    .where(eq(contactMessages.id, id))
    .returning()
    .get()!;
  return toComplaint(row);
}
