import { and, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { transaction, type Db, type Tx } from "../../../db/client";
import { notificationReceipts, notifications, users } from "../../../db/schema";
import type { Notification } from "../../shared/schemas/notification";
import { AppError } from "../errors";
import { marketingMail } from "../mail/marketing";
import { enqueueMail } from "../mail/outbox";
import { unsubscribeTokenFor } from "./account/preferences";
import { audited, type Actor } from "./audit";

const LIMIT = 100;

/** Broadcasts are marketing: a player on a break or self-excluded does not get them. */
function suspended(db: Db, userId: string, now: Date): boolean {
  const u = db.select({ until: users.suspendedUntil, restrictedAt: users.restrictedAt }).from(users).where(eq(users.id, userId)).get();
  return !!u?.restrictedAt || (!!u?.until && u.until > now);
}

function visibleTo(userId: string, now: Date, includeBroadcasts = true) {
  return and(
    includeBroadcasts ? or(eq(notifications.userId, userId), isNull(notifications.userId)) : eq(notifications.userId, userId),
    or(isNull(notifications.expiresAt), gt(notifications.expiresAt, now)),
    isNull(notificationReceipts.deletedAt),
  );
}

function toView(n: typeof notifications.$inferSelect, readAt: Date | null): Notification {
  return {
    id: n.id,
    title: n.title,
    message: n.message,
    type: n.type,
    priority: n.priority,
    userId: n.userId,
    isRead: n.userId ? n.isRead : readAt !== null,
    competitionId: n.competitionId,
    link: n.link,
    createdAt: n.createdAt.toISOString(),
    expiresAt: n.expiresAt?.toISOString() ?? null,
  };
}

/** A user's own notifications and the broadcasts they have not dismissed; never anyone else's. */
export function listForUser(db: Db, userId: string, now = new Date()): Notification[] {
  return db
    .select({ n: notifications, readAt: notificationReceipts.readAt })
    .from(notifications)
    .leftJoin(notificationReceipts, and(eq(notificationReceipts.notificationId, notifications.id), eq(notificationReceipts.userId, userId)))
    .where(visibleTo(userId, now, !suspended(db, userId, now)))
    .orderBy(desc(notifications.createdAt))
    .limit(LIMIT)
    .all()
    .map((r) => toView(r.n, r.readAt));
}

export function unreadCount(db: Db, userId: string, now = new Date()): { count: number } {
  const row = db
    .select({ n: sql<number>`count(*)` })
    .from(notifications)
    .leftJoin(notificationReceipts, and(eq(notificationReceipts.notificationId, notifications.id), eq(notificationReceipts.userId, userId)))
    .where(
      and(
        visibleTo(userId, now, !suspended(db, userId, now)),
        or(and(eq(notifications.userId, userId), eq(notifications.isRead, false)), and(isNull(notifications.userId), isNull(notificationReceipts.readAt))),
      ),
    )
    .get();
  return { count: Number(row?.n ?? 0) };
}

function ownOrBroadcast(db: Db, userId: string, id: string) {
  const n = db.select().from(notifications).where(eq(notifications.id, id)).get();
  // Another user's notification is "not found": its existence is nobody else's business.
  if (!n || (n.userId !== null && n.userId !== userId)) throw new AppError("NOT_FOUND", "Notification not found");
  return n;
}

function upsertReceipt(db: Tx, notificationId: string, userId: string, set: { readAt?: Date; deletedAt?: Date }) {
  db.insert(notificationReceipts)
    .values({ notificationId, userId, readAt: set.readAt ?? null, deletedAt: set.deletedAt ?? null })
    .onConflictDoUpdate({ target: [notificationReceipts.notificationId, notificationReceipts.userId], set })
    .run();
}

export function markRead(db: Db, userId: string, id: string, now = new Date()): { success: boolean } {
  const n = ownOrBroadcast(db, userId, id);
  if (n.userId) db.update(notifications).set({ isRead: true }).where(eq(notifications.id, id)).run();
  else upsertReceipt(db, id, userId, { readAt: now });
  return { success: true };
}

export function markAllRead(db: Db, userId: string, now = new Date()): { success: boolean } {
  transaction(db, (tx) => {
    tx.update(notifications).set({ isRead: true }).where(eq(notifications.userId, userId)).run();
    const broadcasts = tx.select({ id: notifications.id }).from(notifications).where(isNull(notifications.userId)).all();
    for (const b of broadcasts) upsertReceipt(tx, b.id, userId, { readAt: now });
  });
  return { success: true };
}

export function removeForUser(db: Db, userId: string, id: string, now = new Date()): { success: boolean } {
  const n = ownOrBroadcast(db, userId, id);
  if (n.userId) db.delete(notifications).where(eq(notifications.id, id)).run();
  else upsertReceipt(db, id, userId, { deletedAt: now });
  return { success: true };
}

/** The admin's view: every notification, newest first. */
export function listAll(db: Db): Notification[] {
  return db
    .select()
    .from(notifications)
    .orderBy(desc(notifications.createdAt))
    .limit(500)
    .all()
    .map((n) => toView(n, null));
}

export function createNotification(
  db: Db,
  actor: Actor,
  input: {
    title: string;
    message: string;
    type: Notification["type"];
    priority: Notification["priority"];
    userId: string | null;
    competitionId?: string | null;
    expiresAt?: string | null;
    /** A broadcast only: also mail it to customers who opted in to marketing (needs `mail.origin`). */
    emailOptedIn?: boolean;
  },
  mail?: { origin: string; now?: Date },
): Notification {
  const row = audited(
    db,
    actor,
    (tx) => {
      if (input.userId && !tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).get()) {
        throw new AppError("NOT_FOUND", "No user with that id");
      }
      const created = tx
        .insert(notifications)
        .values({
          title: input.title,
          message: input.message,
          type: input.type,
          priority: input.priority,
          userId: input.userId,
          competitionId: input.competitionId ?? null,
          expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        })
        .returning()
        .get();
      const mailed = !input.userId && input.emailOptedIn && mail ? mailBroadcast(tx, created, mail.origin, mail.now ?? new Date()) : 0;
      return { created, mailed };
    },
    ({ created, mailed }) => ({ action: "admin.reports.createNotification", targetId: created.id, details: { ...input, mailed } }),
  );
  return toView(row.created, null);
}

/**
 * One mail per customer who opted in to marketing and can still be reached: an active account,
 * not restricted and not on a break (a broadcast is marketing, and they do not see it on the site either).
 */
function mailBroadcast(tx: Tx, n: typeof notifications.$inferSelect, origin: string, now: Date): number {
  const recipients = tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.marketingEmail, true),
        eq(users.isActive, true),
        isNull(users.closedAt),
        isNull(users.restrictedAt),
        or(isNull(users.suspendedUntil), lte(users.suspendedUntil, now)),
      ),
    )
    .all();
  for (const r of recipients) {
    enqueueMail(tx, {
      ...marketingMail(
        { to: r.email, subject: n.title, heading: n.title, text: n.message, kind: "broadcast" },
        { origin, token: unsubscribeTokenFor(tx, r.id) },
      ),
      userId: r.id,
    });
  }
  return recipients.length;
}

/** Deleting for everyone is an admin's act (admin.notifications.remove), so it is audited. */
export function deleteNotification(db: Db, actor: Actor, id: string): { success: boolean } {
  return audited(
    db,
    actor,
    (tx) => {
      if (tx.delete(notifications).where(eq(notifications.id, id)).run().changes === 0) throw new AppError("NOT_FOUND", "Notification not found");
      return { success: true };
    },
    () => ({ action: "admin.notifications.remove", targetType: "notifications", targetId: id, details: { id } }),
  );
}
