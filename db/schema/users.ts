import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, timestamp, updatedAt } from "./columns";
import { competitions } from "./competitions";

export const USER_ROLES = ["user", "admin"] as const;

export const users = sqliteTable(
  "users",
  {
    id: id(),
    /** Stored lower-cased and trimmed; uniqueness is therefore case-insensitive. */
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    /** ISO date, YYYY-MM-DD. */
    dateOfBirth: text("date_of_birth"),
    address: text("address"),
    city: text("city"),
    postcode: text("postcode"),
    country: text("country").notNull().default("United Kingdom"),
    role: text("role", { enum: USER_ROLES }).notNull().default("user"),
    isActive: flag("is_active", true),
    emailVerified: flag("email_verified", false),
    /** The player's own monthly spending limit in pence; null means none set. */
    monthlyLimitPence: integer("monthly_limit_pence"),
    /** A raised (or removed) limit waits out the cooling-off period before it applies. */
    pendingLimitPence: integer("pending_limit_pence"),
    pendingLimitRemoves: flag("pending_limit_removes", false),
    pendingLimitEffectiveAt: timestamp("pending_limit_effective_at"),
    /** Take a break, self-exclusion or an operator's restriction: no entries or purchases until then. */
    suspendedUntil: timestamp("suspended_until"),
    suspensionKind: text("suspension_kind", { enum: ["break", "self_exclusion", "restricted"] }),
    suspensionReason: text("suspension_reason"),
    /** An operator's restriction, kept apart from the player's own break so lifting one never ends the other. */
    restrictedAt: timestamp("restricted_at"),
    restrictionReason: text("restriction_reason"),
    closedAt: timestamp("closed_at"),
    /** Marketing mail only with an explicit opt-in; the time it was given (or withdrawn) is kept as evidence. */
    marketingEmail: flag("marketing_email", false),
    marketingConsentAt: timestamp("marketing_consent_at"),
    /** Random, per customer: the footer link of a marketing mail unsubscribes with it, without signing in. */
    unsubscribeToken: text("unsubscribe_token").unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The customer's share link is /r/{referralCode}: the id's last 10 hex digits (its random part),
     * computed by the database from the id (never written), so every account has one without a write.
     * Looked up through its index; on the rare clash of two accounts' codes, the code names nobody.
     */
    referralCode: text("referral_code").generatedAlwaysAs(sql`lower(substr(id, -10))`, { mode: "virtual" }),
  },
  (t) => [index("users_referral_code_idx").on(t.referralCode)],
);

/** Things a player did that may be signs of harm, for the operator's protection view. */
export const protectionEvents = sqliteTable(
  "protection_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["limit_reached", "limit_increase_requested", "credit_cap_reached"] }).notNull(),
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [index("protection_user_idx").on(t.userId, t.createdAt)],
);

/** Append-only record of admin writes: who did what, to what, when and why. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    reason: text("reason"),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_created_idx").on(t.createdAt)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the token, hex. The token itself is never stored. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
    /** Moved forward at most every few minutes, so a busy session does not write on every request. */
    lastUsedAt: timestamp("last_used_at"),
    /** A short description of the browser and system it was created from ("Chrome on Android"). */
    device: text("device"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const AUTH_TOKEN_KINDS = ["password_reset", "email_verify", "email_change"] as const;

/**
 * Single-use links sent by mail (password reset, email verification, email change). Like sessions,
 * only the SHA-256 of the token is stored; the link in the mail is the only copy of the token.
 */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: AUTH_TOKEN_KINDS }).notNull(),
    /** The address the link was sent to (for an email change: the new address). */
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId, t.kind)],
);

/** Staff notes on a customer record (who wrote what, when); each is audited too. */
export const customerNotes = sqliteTable(
  "customer_notes",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    authorId: text("author_id"),
    authorEmail: text("author_email"),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("customer_notes_user_idx").on(t.userId, t.createdAt)],
);

export const competitionViews = sqliteTable(
  "competition_views",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    competitionId: text("competition_id")
      .notNull()
      .references(() => competitions.id, { onDelete: "cascade" }),
    viewedAt: createdAt(),
  },
  (t) => [index("views_competition_idx").on(t.competitionId), index("views_user_idx").on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type AuthToken = typeof authTokens.$inferSelect;
export type AuthTokenKind = (typeof AUTH_TOKEN_KINDS)[number];
export type Role = (typeof USER_ROLES)[number];
