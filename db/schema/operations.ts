import { integer, sqliteTable } from "drizzle-orm/sqlite-core";

/**
 * One row the health check rewrites (at most once a second), so that "ok" means the database can
 * still be written, not only read: a full disk or a read-only file turns health into a 503.
 */
export const healthProbe = sqliteTable("health_probe", {
  id: integer("id").primaryKey(),
  checkedAt: integer("checked_at").notNull(),
});
