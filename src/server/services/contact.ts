import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contactMessages } from "../../../db/schema";
import { AppError } from "../errors";
import { enqueueMail } from "../mail/outbox";

const HOUR = 60 * 60 * 1000;
/** More than this many messages from one address in an hour is flooding, not talking. */
export const CONTACT_PER_ADDRESS_PER_HOUR = 5;

export interface ContactArgs {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export function submitContact(db: Db, args: ContactArgs, now = new Date()): { success: boolean; id: string } {
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
      const row = tx.insert(contactMessages).values({ ...args, email, createdAt: now }).returning({ id: contactMessages.id }).get();
      enqueueMail(tx as unknown as Db, {
        to: email,
        subject: `We've received your message: ${args.subject}`,
        text: `Hello ${args.name},\n\nThank you for contacting Harvest Draws. We've received your message and will reply within 24-48 hours.\n\nYour message:\n${args.message}\n\nHarvest Draws`,
      });
      return { success: true, id: row.id };
    },
    { behavior: "immediate" },
  );
}
