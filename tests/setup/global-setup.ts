import { mkdirSync, rmSync } from "node:fs";
import { createDb, migrateDb } from "../../db/client";
import { openPostgres } from "../../db/postgres";
import { ensurePostgres } from "../../scripts/ensure-postgres.mjs";
import { startPostgres } from "../helpers/postgres";
import { BASE_DB, TMP_DIR } from "./paths";

/**
 * Migrate one base database; every test file copies it instead of migrating again. With
 * SHOP_TEST_ENGINE=postgres the server suites run on PostgreSQL: one server for the run, a base database
 * migrated once, and each test file's database made from it as a template (tests/helpers/db.ts).
 */
export default async function setup(): Promise<() => void> {
  mkdirSync(TMP_DIR, { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(BASE_DB + suffix, { force: true });
  const db = createDb(BASE_DB);
  migrateDb(db);
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.pragma("journal_mode = DELETE");
  db.$client.close();
  if (process.env.SHOP_TEST_ENGINE !== "postgres") return () => {};
  const server = await startPostgres();
  const url = await server.createDatabase("shop_base");
  const base = await openPostgres(url, { poolSize: 1 });
  await base.$client.end();
  process.env.SHOP_TEST_POSTGRES_URL = server.url();
  process.env.SHOP_TEST_POSTGRES_BIN = ensurePostgres();
  return () => server.stop();
}
