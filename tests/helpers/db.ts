import { execFileSync } from "node:child_process";
import { copyFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
import { createDb, type Db } from "../../db/client";
import { createPostgresDb, poolOf } from "../../db/postgres-db";
import { settings } from "../../db/schema";
import { BASE_DB, TMP_DIR } from "../setup/paths";

let counter = 0;

/**
 * The engine the server suites run on: SQLite by default, PostgreSQL when the test script runs them again
 * with SHOP_TEST_ENGINE=postgres (tests/setup/global-setup.ts starts the server and migrates a base database).
 */
export const TEST_ENGINE = process.env.SHOP_TEST_ENGINE === "postgres" ? "postgres" : "sqlite";

/** A fresh, migrated database for this test file (copied from the base), removed afterwards. */
export function createTestDb(): Db {
  return TEST_ENGINE === "postgres" ? createTestPostgresDb() : createTestSqliteDb();
}

function createTestSqliteDb(): Db {
  const path = `${TMP_DIR}/w${process.pid}-${Date.now()}-${counter++}.db`;
  copyFileSync(BASE_DB, path);
  const db = createDb(path);
  afterAll(() => {
    db.$client.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
  });
  return db;
}

/** A database of its own on the suites' PostgreSQL, made from the migrated base as a template (a file copy on the server). */
function createTestPostgresDb(): Db {
  const base = process.env.SHOP_TEST_POSTGRES_URL;
  const bin = process.env.SHOP_TEST_POSTGRES_BIN;
  if (!base || !bin) throw new Error("SHOP_TEST_ENGINE=postgres needs the server started by tests/setup/global-setup.ts");
  const name = `w${process.pid}_${Date.now()}_${counter++}`;
  execFileSync(join(bin, "psql"), [base, "-q", "-v", "ON_ERROR_STOP=1", "-c", `CREATE DATABASE ${name} TEMPLATE shop_base`], { stdio: "pipe" });
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  const db = createPostgresDb(pool);
  afterAll(() => db.close());
  return db;
}

/**
 * Tests of the ticket machinery buy as guests; the operator setting that allows it is off by default
 * (the player-protection tests cover that default).
 */
export async function allowGuestCheckout(db: Db): Promise<void> {
  await db
    .insert(settings)
    .values({ key: "allow_guest_checkout", value: "true", category: "player_protection", updatedAt: new Date(0) })
    .onConflictDoUpdate({ target: settings.key, set: { value: "true" } });
}

/** Placeholders written `?` as PostgreSQL's `$1, $2…` (the tests' SQL holds no literal question mark). */
function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/**
 * Rows of plain SQL, on either engine: for tests that check the stored data directly. The SQL must be
 * valid on both (no column alias in WHERE or HAVING; times and flags compared through Drizzle instead).
 */
export async function sqlRows<T = Record<string, unknown>>(db: Db, text: string, params: unknown[] = []): Promise<T[]> {
  if (db.engine === "postgres") return (await poolOf(db)!.query(numbered(text), params)).rows as T[];
  return db.lease.statement(() => db.$client.prepare(text).all(...params) as T[]);
}

/** Plain SQL that writes, on either engine; resolves with how many rows it changed. */
export async function sqlRun(db: Db, text: string, params: unknown[] = []): Promise<number> {
  if (db.engine === "postgres") return (await poolOf(db)!.query(numbered(text), params)).rowCount ?? 0;
  return db.lease.statement(() => db.$client.prepare(text).run(...params).changes);
}

/** A count by plain SQL, on either engine. */
export async function sqlCount(db: Db, text: string, params: unknown[] = []): Promise<number> {
  const row = (await sqlRows<Record<string, unknown>>(db, text, params))[0];
  return Number(row ? Object.values(row)[0] : 0);
}
