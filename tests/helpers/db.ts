import { copyFileSync, rmSync } from "node:fs";
import { afterAll } from "vitest";
import { createDb, type Db } from "../../db/client";
import { BASE_DB, TMP_DIR } from "../setup/paths";

let counter = 0;

/** A fresh, migrated SQLite file for this test file (copied from the base), removed afterwards. */
export function createTestDb(): Db {
  const path = `${TMP_DIR}/w${process.pid}-${Date.now()}-${counter++}.db`;
  copyFileSync(BASE_DB, path);
  const db = createDb(path);
  afterAll(() => {
    db.$client.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
  });
  return db;
}

/**
 * Tests of the ticket machinery buy as guests; the operator setting that allows it is off by default
 * (the player-protection tests cover that default).
 */
export function allowGuestCheckout(db: Db): void {
  db.$client
    .prepare(
      "insert into settings (key, value, category, updated_at) values ('allow_guest_checkout', 'true', 'player_protection', 0) on conflict(key) do update set value = 'true'",
    )
    .run();
}
