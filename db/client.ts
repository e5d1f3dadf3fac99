import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as relations from "./relations";
import * as tables from "./schema";

export const schema = { ...tables, ...relations };
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const here = dirname(fileURLToPath(import.meta.url));
/** Beside this file in the sources (db/), two levels up from the server bundle (dist/server). */
export const MIGRATIONS_FOLDER = existsSync(join(here, "migrations")) ? join(here, "migrations") : join(here, "../../db/migrations");

/**
 * Opens (creating if needed) the SQLite file with the pragmas the shop relies on:
 * WAL so readers never wait for the writer, a busy timeout so concurrent writers queue
 * instead of failing, and foreign keys enforced.
 */
export function createDb(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("cache_size = -20000");
  sqlite.pragma("temp_store = MEMORY");
  sqlite.pragma("mmap_size = 268435456");
  return drizzle(sqlite, { schema }) as Db;
}

export function migrateDb(db: Db): void {
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/** The newest applied migration, for health reports. */
export function migrationVersion(db: Db): string | null {
  try {
    const row = db.$client
      .prepare("select hash, created_at from __drizzle_migrations order by created_at desc limit 1")
      .get() as { hash: string; created_at: number } | undefined;
    return row ? String(row.created_at) : null;
  } catch {
    return null;
  }
}
