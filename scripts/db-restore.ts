// `npm run db:restore FILE`: replace the database with a backup. Stop the shop first; the current
// database is kept beside it as shop.db.before-restore-<timestamp>.
import Database from "better-sqlite3";
import { copyFileSync, existsSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { loadDotEnv, loadEnv } from "../src/server/env";

export function restoreDatabase(backup: string, target: string): void {
  const check = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    const ok = check.pragma("integrity_check", { simple: true });
    if (ok !== "ok") throw new Error(`The backup failed its integrity check: ${String(ok)}`);
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
  loadDotEnv();
  const env = loadEnv();
  restoreDatabase(resolve(file), env.DATABASE_PATH);
  console.log(`Restored ${resolve(file)} to ${env.DATABASE_PATH}. Start the shop again.`);
}
