import { desc, eq } from "drizzle-orm";
import { first, type Db } from "../../../../db/client";
import { checkoutReminders, contactMessages, notifications, protectionEvents, users } from "../../../../db/schema";
import { customerExport } from "../../../shared/schemas/account";
import { AppError } from "../../errors";
import { toCustomerProfile } from "../auth";
import { listUserClaims } from "../claims";
import { listUserWins, userEntryChunks } from "../entries";
import { jsonArray, type Download } from "../paging/download";
import { getLimits } from "../protection/limits";
import { userOrderChunks } from "../purchase";
import { referralsForExport } from "../promotions/referral-links";
import { listSessions } from "./sessions";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const EXPORT_FILE_NAME = "harvest-draws-my-data.json";

/**
 * Everything the shop holds about a customer, as one JSON document (the right of access): the
 * profile, orders with their refunds, entries and tickets, wins and prize claims, their own notifications, limits
 * and breaks, messages and complaints sent from their address, and the devices signed in (never a
 * token or a hash). The password hash and the unsubscribe token are the only things left out.
 *
 * Every order and every entry is in it, however many: they are written a chunk at a time as the
 * file is sent (a customer with 200,000 entries would otherwise take gigabytes and stop the shop).
 * Orders and entries made while it is being written may be left out; none is written twice.
 */
export async function exportCustomerData(db: Db, userId: string, currentSessionId: string | null, now = new Date()): Promise<Download> {
  const user = await first(db.select().from(users).where(eq(users.id, userId)));
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  // The parts around the orders and entries go through the document's schema, as a procedure's output would.
  const part = customerExport;
  const checkout = await first(db.select().from(checkoutReminders).where(eq(checkoutReminders.userId, userId)));
  async function* body(): AsyncGenerator<string> {
    const head = part.pick({ exportedAt: true, profile: true, marketing: true }).parse({
      exportedAt: now.toISOString(),
      profile: toCustomerProfile(user!),
      marketing: {
        marketingEmail: user!.marketingEmail,
        consentChangedAt: iso(user!.marketingConsentAt),
        unfinishedCheckout: checkout ? { items: checkout.items, seenAt: checkout.seenAt.toISOString(), remindedAt: iso(checkout.remindedAt) } : null,
        referrals: await referralsForExport(db, user!),
      },
    });
    yield `${JSON.stringify(head).slice(0, -1)},"orders":`;
    yield* jsonArray(userOrderChunks(db, userId));
    yield `,"entries":`;
    yield* jsonArray(userEntryChunks(db, userId));
    const tail = part.omit({ exportedAt: true, profile: true, marketing: true, orders: true, entries: true }).parse({
      wins: await listUserWins(db, userId),
      claims: await listUserClaims(db, user!),
      notifications: await listNotifications(db, userId),
      limitsAndBreaks: await limitsAndBreaks(db, user!, now),
      messagesAndComplaints: await listMessages(db, user!.email),
      sessions: await listSessions(db, userId, currentSessionId, now),
    });
    yield `,${JSON.stringify(tail).slice(1)}`;
  }
  return { filename: EXPORT_FILE_NAME, body: body() };
}

async function listNotifications(db: Db, userId: string) {
  const rows = await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt));
  return rows.map((n) => ({ id: n.id, title: n.title, message: n.message, type: n.type, isRead: n.isRead, createdAt: iso(n.createdAt) }));
}

async function limitsAndBreaks(db: Db, user: typeof users.$inferSelect, now: Date) {
  const limits = await getLimits(db, user.id, now);
  const events = await db.select().from(protectionEvents).where(eq(protectionEvents.userId, user.id)).orderBy(desc(protectionEvents.createdAt));
  return {
    ...limits,
    suspendedUntil: iso(user.suspendedUntil),
    suspensionKind: user.suspensionKind,
    events: events.map((e) => ({ kind: e.kind, detail: e.detail, createdAt: iso(e.createdAt) })),
  };
}

async function listMessages(db: Db, email: string) {
  const rows = await db.select().from(contactMessages).where(eq(contactMessages.email, email)).orderBy(desc(contactMessages.createdAt));
  return rows.map((m) => ({ kind: m.kind, reference: m.reference, subject: m.subject, message: m.message, status: m.status, createdAt: iso(m.createdAt) }));
}
