import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, timestamp, updatedAt } from "./columns";
import { orders } from "./entries";
import { users } from "./users";

export const DISCOUNT_KINDS = ["percent", "fixed"] as const;

/**
 * A discount code an admin created (src/server/services/promotions/discount-codes.ts). `value` is a
 * whole percentage (1–100) for "percent", pence for "fixed". It applies to an order's lines in its
 * competitions or categories (every line when both lists are empty), after their multibuy prices.
 */
export const discountCodes = sqliteTable(
  "discount_codes",
  {
    id: id(),
    /** Stored in capitals; typed in any case. */
    code: text("code").notNull().unique(),
    description: text("description").notNull().default(""),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    value: integer("value").notNull(),
    /** What the lines it applies to must come to (after multibuy prices) before it applies; null: no minimum. */
    minSpendPence: integer("min_spend_pence"),
    competitionIds: text("competition_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    categories: text("categories", { mode: "json" }).$type<string[]>().notNull().default([]),
    startsAt: timestamp("starts_at"),
    endsAt: timestamp("ends_at"),
    /** Orders that may use it in all, and per customer (by account and by email); null: no limit. */
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    firstOrderOnly: flag("first_order_only", false),
    active: flag("active", true),
    /** Orders holding or paid with it: taken with the order's hold, given back when the order fails. */
    usedCount: integer("used_count").notNull().default(0),
    /** Deleted after it was used: kept for the orders that name it, never usable again. */
    deletedAt: timestamp("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("discount_codes_created_idx").on(t.createdAt)],
);

/** One order's use of a code; deleted when the order fails (its use given back). */
export const discountRedemptions = sqliteTable(
  "discount_redemptions",
  {
    id: id(),
    codeId: text("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Lower-case: a guest's uses are counted by email, a customer's by account and email. */
    email: text("email").notNull(),
    amountPence: integer("amount_pence").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("discount_redemptions_code_email_idx").on(t.codeId, t.email), index("discount_redemptions_code_user_idx").on(t.codeId, t.userId)],
);

/**
 * joined: signed up through a share link; waiting: the first paid order is in its refund window;
 * rewarded: both sides credited; void: no reward (the order was refunded or disputed, a self-referral,
 * the referrer's monthly cap, referrals off), with the reason; reversed: rewarded, then the order was
 * refunded or disputed and the credit taken back.
 */
export const REFERRAL_STATUSES = ["joined", "waiting", "rewarded", "void", "reversed"] as const;

/** A customer who signed up through another's share link (src/server/services/promotions/referrals.ts). */
export const referrals = sqliteTable(
  "referrals",
  {
    id: id(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    referredId: text("referred_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: REFERRAL_STATUSES }).notNull().default("joined"),
    /** The referred customer's first paid order, and when its refund window ends. */
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    qualifiesAt: timestamp("qualifies_at"),
    /** What each side was credited (the settings when it was granted). */
    referrerRewardPence: integer("referrer_reward_pence").notNull().default(0),
    referredRewardPence: integer("referred_reward_pence").notNull().default(0),
    rewardedAt: timestamp("rewarded_at"),
    /** Why no reward was given, or why it was taken back. */
    voidReason: text("void_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("referrals_referrer_idx").on(t.referrerId, t.createdAt),
    index("referrals_due_idx").on(t.status, t.qualifiesAt),
    index("referrals_order_idx").on(t.orderId),
  ],
);

export type DiscountCode = typeof discountCodes.$inferSelect;
export type DiscountRedemption = typeof discountRedemptions.$inferSelect;
export type Referral = typeof referrals.$inferSelect;
