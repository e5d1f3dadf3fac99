import { and, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { changed, first, withTransaction, type Db, type Tx } from "../../../db/client";
import { notificationReceipts, notifications, users } from "../../../db/schema";
import type { Notification } from "../../shared/schemas/notification";
import { AppError } from "../errors";
import { marketingMail } from "../mail/marketing";
import { enqueueMail } from "../mail/outbox";
import { unsubscribeTokenFor } from "./account/preferences";
import { audited, type Actor } from "./audit";

const LIMIT = 100;

/** Broadcasts are marketing: a player on a break or self-excluded does not get them. */
async function suspended(db: Db, userId: string, now: Date): Promise<boolean> {
  const u = await first(db.select({ until: users.suspendedUntil, restrictedAt: users.restrictedAt }).from(users).where(eq(users.id, userId)));
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
export async function listForUser(db: Db, userId: string, now = new Date()): Promise<Notification[]> {
  const includeBroadcasts = !(await suspended(db, userId, now));
  const rows = await db
    .select({ n: notifications, readAt: notificationReceipts.readAt })
    .from(notifications)
    .leftJoin(notificationReceipts, and(eq(notificationReceipts.notificationId, notifications.id), eq(notificationReceipts.userId, userId)))
    .where(visibleTo(userId, now, includeBroadcasts))
    .orderBy(desc(notifications.createdAt))
    .limit(LIMIT);
  return rows.map((r) => toView(r.n, r.readAt));
}

export async function unreadCount(db: Db, userId: string, now = new Date()): Promise<{ count: number }> {
  const includeBroadcasts = !(await suspended(db, userId, now));
  const row = await first(
    db
      .select({ n: sql<number>`count(*)` })
      .from(notifications)
      .leftJoin(notificationReceipts, and(eq(notificationReceipts.notificationId, notifications.id), eq(notificationReceipts.userId, userId)))
      .where(
        and(
          visibleTo(userId, now, includeBroadcasts),
          or(and(eq(notifications.userId, userId), eq(notifications.isRead, false)), and(isNull(notifications.userId), isNull(notificationReceipts.readAt))),
        ),
      ),
  );
  return { count: Number(row?.n ?? 0) };
}

async function ownOrBroadcast(db: Tx, userId: string, id: string) {
  const n = await first(db.select().from(notifications).where(eq(notifications.id, id)));
  // Another user's notification is "not found": its existence is nobody else's business.
  if (!n || (n.userId !== null && n.userId !== userId)) throw new AppError("NOT_FOUND", "Notification not found");
  return n;
}

async function upsertReceipt(db: Tx, notificationId: string, userId: string, set: { readAt?: Date; deletedAt?: Date }): Promise<void> {
  await db
    .insert(notificationReceipts)
    .values({ notificationId, userId, readAt: set.readAt ?? null, deletedAt: set.deletedAt ?? null })
    .onConflictDoUpdate({ target: [notificationReceipts.notificationId, notificationReceipts.userId], set });
}

/** The look-up and the write in one transaction: the notification cannot go between them. */
export async function markRead(db: Db, userId: string, id: string, now = new Date()): Promise<{ success: boolean }> {
  await withTransaction(db, async (tx) => {
    const n = await ownOrBroadcast(tx, userId, id);
    if (n.userId) await tx.update(notifications).set({ isRead: true }).where(eq(notifications.id, id));
    else await upsertReceipt(tx, id, userId, { readAt: now });
  });
  return { success: true };
}

export async function markAllRead(db: Db, userId: string, now = new Date()): Promise<{ success: boolean }> {
  await withTransaction(db, async (tx) => {
    await tx.update(notifications).set({ isRead: true }).where(eq(notifications.userId, userId));
    const broadcasts = await tx.select({ id: notifications.id }).from(notifications).where(isNull(notifications.userId));
    for (const b of broadcasts) await upsertReceipt(tx, b.id, userId, { readAt: now });
  });
  return { success: true };
}

/** The look-up and the write in one transaction: the notification cannot go between them. */
export async function removeForUser(db: Db, userId: string, id: string, now = new Date()): Promise<{ success: boolean }> {
  await withTransaction(db, async (tx) => {
    const n = await ownOrBroadcast(tx, userId, id);
    if (n.userId) await tx.delete(notifications).where(eq(notifications.id, id));
    else await upsertReceipt(tx, id, userId, { deletedAt: now });
  });
  return { success: true };
}

/** The admin's view: every notification, newest first. */
export async function listAll(db: Db): Promise<Notification[]> {
  const rows = await db.select().from(notifications).orderBy(desc(notifications.createdAt)).limit(500);
  return rows.map((n) => toView(n, null));
}

export async function createNotification(
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
): Promise<Notification> {
  const row = await audited(
    db,
    actor,
    async (tx) => {
      if (input.userId && !(await first(tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId))))) {
        throw new AppError("NOT_FOUND", "No user with that id");
      }
      const created = (await first(
        tx
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
          .returning(),
      ))!;
      const mailed = !input.userId && input.emailOptedIn && mail ? await mailBroadcast(tx, created, mail.origin, mail.now ?? new Date()) : 0;
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
async function mailBroadcast(tx: Tx, n: typeof notifications.$inferSelect, origin: string, now: Date): Promise<number> {
  const recipients = await tx
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
    );
  for (const r of recipients) {
    await enqueueMail(tx, {
      ...marketingMail(
        { to: r.email, subject: n.title, heading: n.title, text: n.message, kind: "broadcast" },
        { origin, token: await unsubscribeTokenFor(tx, r.id) },
      ),
      userId: r.id,
    });
  }
  return recipients.length;
}

/** Deleting for everyone is an admin's act (admin.notifications.remove), so it is audited. */
export function deleteNotification(db: Db, actor: Actor, id: string): Promise<{ success: boolean }> {
  return audited(
    db,
    actor,
    async (tx) => {
      if (changed(await tx.delete(notifications).where(eq(notifications.id, id))) === 0) throw new AppError("NOT_FOUND", "Notification not found");
      return { success: true };
    },
    () => ({ action: "admin.notifications.remove", targetType: "notifications", targetId: id, details: { id } }),
  );
}
