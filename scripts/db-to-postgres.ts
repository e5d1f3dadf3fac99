// `npm run db:to-postgres -- postgres://user:password@host:5432/database`: moves the shop from its SQLite file
// to an empty PostgreSQL database (docs/decisions/015-postgresql-beside-sqlite.md, docs/deploy.md "More than
// one machine"). It takes a consistent snapshot of the file first (SQLite's online backup, as db:backup does),
// so it may run while the shop serves; copies every table into the new database and checks it (every row,
// every ticket, each customer's credit balance, every draw's proof recomputed); copies the uploaded media into
// the database, where a shop on PostgreSQL keeps them; then says what to change in the environment. A database
// that is not empty is refused, so running it twice never mixes two copies.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { createDb } from "../db/client";
import { shownUrl } from "../db/postgres";
import { EnvError, loadDotEnv, loadEnv } from "../src/server/env";
import { moveToPostgres, MoveRefused, type MoveReport } from "../src/server/maintenance/to-postgres";
import { LocalDiskStorage } from "../src/server/storage/local-disk";
import { PostgresObjectStorage } from "../src/server/storage/postgres";
import { backupDatabase } from "./db-backup";

const KEY = /^[a-z0-9-]{8,80}$/;

/** The uploaded media on disk, into the database's media store; each read back to check its size. */
async function moveMedia(folder: string, url: string): Promise<{ files: number; bytes: number }> {
  const keys = (() => {
    try {
      return readdirSync(folder).filter((name) => KEY.test(name));
    } catch {
      return [];
    }
  })();
  const disk = new LocalDiskStorage(folder);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const store = new PostgresObjectStorage(pool);
  let bytes = 0;
  let files = 0;
  try {
    for (const key of keys) {
      const found = await disk.get(key);
      if (!found) continue; // a temporary or half-written file: not an upload
      const pending = await store.begin(key);
      try {
        await pipeline(found.stream, pending.stream);
        await pending.commit(found.contentType, found.cleaned ? { cleaned: true } : {});
      } catch (error) {
        await pending.abort();
        throw error;
      }
      const copied = await store.get(key);
      copied?.stream.destroy();
      if (!copied || copied.size !== found.size) throw new Error(`The upload ${key} differs after the copy`);
      bytes += found.size;
      files += 1;
    }
  } finally {
    await pool.end();
  }
  return { files, bytes };
}

function summary(report: MoveReport, media: { files: number; bytes: number }, url: string, at: Date): string {
  const tickets = report.tables.find((t) => t.table === "tickets")?.rows ?? 0;
  const orders = report.tables.find((t) => t.table === "orders")?.rows ?? 0;
  return [
    `Moved the shop to PostgreSQL at ${report.target}, as it was at ${at.toISOString()}:`,
    `  ${report.tables.length} tables, ${report.rows} rows (${orders} orders, ${tickets} tickets), each table checked row by row`,
    `  ${report.balances} site-credit balances and ${report.draws} draw proofs recomputed on PostgreSQL: all match`,
    `  ${media.files} uploaded files (${(media.bytes / 1024 / 1024).toFixed(1)} MB) now kept in the database`,
    ``,
    `To run the shop on it, set in its environment (.env or the service's unit), then restart it:`,
    `  DATABASE_URL=${url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:<password>@")}`,
    `Orders taken after ${at.toISOString()} are not in the copy: stop the shop before the final move (or run this again`,
    `into a new, empty database just before switching). The SQLite file stays as it is, as the way back.`,
  ].join("\n");
}

async function main(): Promise<number> {
  loadDotEnv();
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    console.error(err instanceof EnvError ? err.message : String(err));
    return 1;
  }
  const url = process.argv.slice(2).find((a) => !a.startsWith("-"));
  if (!url || !/^postgres(ql)?:\/\/\S+$/.test(url)) {
    console.error("Usage: npm run db:to-postgres -- postgres://user:password@host:5432/database (a new, empty database)");
    return 1;
  }
  const staging = mkdtempSync(join(tmpdir(), "harvest-move-"));
  const snapshot = join(staging, "shop.db");
  try {
    const at = new Date();
    try {
      await backupDatabase(env.DATABASE_PATH, snapshot);
    } catch (err) {
      console.error(`Cannot take a snapshot of ${env.DATABASE_PATH}: ${err instanceof Error ? err.message : String(err)}`);
      return 1;
    }
    const source = createDb(snapshot);
    let report: MoveReport;
    try {
      report = await moveToPostgres(source, url);
    } finally {
      await source.close();
    }
    const media = await moveMedia(join(env.DATA_DIR, "uploads"), url);
    console.log(summary(report, media, url, at));
    return 0;
  } catch (err) {
    if (err instanceof MoveRefused) console.error(err.message);
    else console.error(`The move to ${shownUrl(url)} failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

process.exit(await main());
