import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, timestamp } from "./columns";
import { users } from "./users";

export const NOTIFICATION_TYPES = ["info", "success", "warning", "error", "winner"] as const;
export const NOTIFICATION_PRIORITIES = ["low", "normal", "high", "urgent"] as const;

export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull().default("info"),
    /** Null means a broadcast to everyone. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Read state of a personal notification; broadcasts keep theirs per user in notification_receipts. */
    isRead: flag("is_read", false),
    priority: text("priority", { enum: NOTIFICATION_PRIORITIES }).notNull().default("normal"),
    competitionId: text("competition_id"),
    /** A page of the shop the notification opens (a path such as /account/claims/{id}); null for none. */
    link: text("link"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at"),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);

/** Per-user read or dismissed state of a broadcast. */
export const notificationReceipts = sqliteTable(
  "notification_receipts",
  {
    notificationId: text("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at"),
    deletedAt: timestamp("deleted_at"),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

export type Notification = typeof notifications.$inferSelect;

/**
 * A signed-in customer's checkout left with items in it (issue #33): what was in it when they last
 * had it open, for the one reminder the operator may send after `checkout_reminder_hours`. One row per
 * customer: a new visit to the checkout replaces it (and may remind again), an empty one removes it.
 */
export const checkoutReminders = sqliteTable(
  "checkout_reminders",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    items: text("items", { mode: "json" }).$type<Array<{ competitionId: string; quantity: number }>>().notNull(),
    /** When the checkout was last seen with these items. */
    seenAt: timestamp("seen_at").notNull(),
    /** When the reminder was sent (or decided against); null while it is still due. */
    remindedAt: timestamp("reminded_at"),
  },
  (t) => [index("checkout_reminders_due_idx").on(t.remindedAt, t.seenAt)],
);
