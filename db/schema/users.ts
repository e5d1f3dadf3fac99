import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, timestamp, updatedAt } from "./columns";
import { competitions } from "./competitions";

export const USER_ROLES = ["user", "admin"] as const;

export const users = sqliteTable("users", {
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
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
export type Role = (typeof USER_ROLES)[number];
