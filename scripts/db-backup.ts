// `npm run db:backup [FILE]`: a consistent copy of the live database, taken with SQLite's online
// backup API while the shop keeps serving. Default: $DATA_DIR/backups/shop-<timestamp>.db
import Database from "better-sqlite3";
import { mkdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { loadDotEnv, loadEnv } from "../src/server/env";

export async function backupDatabase(source: string, target: string): Promise<{ bytes: number; ms: number }> {
  const started = Date.now();
  mkdirSync(dirname(target), { recursive: true });
  const db = new Database(source, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  return { bytes: statSync(target).size, ms: Date.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  loadDotEnv();
  const env = loadEnv();
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const target = resolve(process.argv[2] ?? join(env.DATA_DIR, "backups", `shop-${stamp}.db`));
  const { bytes, ms } = await backupDatabase(env.DATABASE_PATH, target);
  console.log(`Backed up ${env.DATABASE_PATH} to ${target} (${(bytes / 1024).toFixed(0)} KiB in ${ms} ms)`);
}
