import { desc, eq } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { contactMessages, notifications, protectionEvents, users } from "../../../../db/schema";
import { AppError } from "../../errors";
import { toCustomerProfile } from "../auth";
import { listUserClaims } from "../claims";
import { listUserEntries, listUserWins } from "../entries";
import { getLimits } from "../protection/limits";
import { listUserOrders } from "../purchase";
import { listSessions } from "./sessions";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Everything the shop holds about a customer, as one JSON document (the right of access): the
 * profile, orders with their refunds, entries and tickets, wins and prize claims, their own notifications, limits
 * and breaks, messages and complaints sent from their address, and the devices signed in (never a
 * token or a hash). The password hash and the unsubscribe token are the only things left out.
 */
export function exportCustomerData(db: Db, userId: string, currentSessionId: string | null, now = new Date()) {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  const messages = db.select().from(contactMessages).where(eq(contactMessages.email, user.email)).orderBy(desc(contactMessages.createdAt)).all();
  return {
    exportedAt: now.toISOString(),
    profile: toCustomerProfile(user),
    marketing: { marketingEmail: user.marketingEmail, consentChangedAt: iso(user.marketingConsentAt) },
    orders: listUserOrders(db, userId),
    entries: listUserEntries(db, userId),
    wins: listUserWins(db, userId),
    claims: listUserClaims(db, user),
    notifications: db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt))
      .all()
      .map((n) => ({ id: n.id, title: n.title, message: n.message, type: n.type, isRead: n.isRead, createdAt: iso(n.createdAt) })),
    limitsAndBreaks: {
      ...getLimits(db, userId, now),
      suspendedUntil: iso(user.suspendedUntil),
      suspensionKind: user.suspensionKind,
      events: db
        .select()
        .from(protectionEvents)
        .where(eq(protectionEvents.userId, userId))
        .orderBy(desc(protectionEvents.createdAt))
        .all()
        .map((e) => ({ kind: e.kind, detail: e.detail, createdAt: iso(e.createdAt) })),
    },
    messagesAndComplaints: messages.map((m) => ({
      kind: m.kind,
      reference: m.reference,
      subject: m.subject,
      message: m.message,
      status: m.status,
      createdAt: iso(m.createdAt),
    })),
    sessions: listSessions(db, userId, currentSessionId, now),
  };
}
