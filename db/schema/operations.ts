import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One row the health check rewrites (at most once a second), so that "ok" means the database can
 * still be written, not only read: a full disk or a read-only file turns health into a 503.
 */
export const healthProbe = sqliteTable("health_probe", {
  id: integer("id").primaryKey(),
  checkedAt: integer("checked_at").notNull(),
});

/**
 * Counters every process of a shop on PostgreSQL shares (src/server/limits): the API's and the
 * sign-in forms' rate limits, declined payments per buyer and address, the sign-in throttle, and
 * the turn of a refund. One row per key; `resetAt` (ms) is when the row means nothing any more
 * (the end of a window, a full bucket, a lease ended), after which it is deleted. Empty on SQLite,
 * whose one process keeps them in memory.
 */
export const rateCounters = sqliteTable(
  "rate_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: integer("reset_at").notNull(),
  },
  (t) => [index("rate_counters_reset_idx").on(t.resetAt)],
);
