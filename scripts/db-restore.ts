// `npm run db:restore FILE`: replace the database with a backup. Stop the shop first (a running shop
// holds shop.db.lock, and the restore refuses while it does); the current database is kept beside
// it as shop.db.before-restore-<timestamp>.
import Database from "better-sqlite3";
import { copyFileSync, existsSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { databaseHolders } from "../db/client";
import { EnvError, loadDotEnv, loadEnv } from "../src/server/env";

/** A restore that cannot go ahead, with the reason as one line for the terminal. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

export function restoreDatabase(backup: string, target: string): void {
  // Swapping the file under a running server would lose every write it makes afterwards (it keeps
  // the old file open), while it goes on answering 201s.
  const holders = databaseHolders(target);
  if (holders.length) {
    throw new RestoreRefused(`The shop is running on ${target} (process ${holders.join(", ")}): stop it first, then restore.`);
  }
  if (!existsSync(backup)) throw new RestoreRefused(`No backup at ${backup}.`);
  let check: Database.Database;
  try {
    check = new Database(backup, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new RestoreRefused(`Cannot read the backup ${backup}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    const ok = check.pragma("integrity_check", { simple: true });
    if (ok !== "ok") throw new RestoreRefused(`The backup ${backup} failed its integrity check: ${String(ok)}`);
  } catch (err) {
    if (err instanceof RestoreRefused) throw err;
    throw new RestoreRefused(`The backup ${backup} is not a usable database: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    check.close();
  }
  if (existsSync(target)) renameSync(target, `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  for (const suffix of ["-wal", "-shm"]) rmSync(target + suffix, { force: true });
  copyFileSync(backup, target);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error("Usage: npm run db:restore -- path/to/backup.db   (stop the shop first)");
    process.exit(1);
  }
  try {
    loadDotEnv();
    const env = loadEnv();
    restoreDatabase(resolve(file), env.DATABASE_PATH);
    console.log(`Restored ${resolve(file)} to ${env.DATABASE_PATH}. Start the shop again.`);
  } catch (err) {
    if (!(err instanceof RestoreRefused || err instanceof EnvError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
