import { mkdirSync, rmSync } from "node:fs";
import { createDb, migrateDb } from "../../db/client";
import { BASE_DB, TMP_DIR } from "./paths";

/** Migrate one base database; every test file copies it instead of migrating again. */
export default function setup(): () => void {
  mkdirSync(TMP_DIR, { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(BASE_DB + suffix, { force: true });
  const db = createDb(BASE_DB);
  migrateDb(db);
  db.$client.pragma("wal_checkpoint(TRUNCATE)");
  db.$client.pragma("journal_mode = DELETE");
  db.$client.close();
  return () => {};
}
