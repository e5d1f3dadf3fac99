// `npm run db:restore -- FILE`: put back the database and the uploaded media from an archive made by
// `npm run db:backup` (or the database alone from a bare .db backup). Stop the shop first: a running
// shop holds shop.db.lock, and the restore refuses while it does. Everything is checked before anything
// is touched (the manifest's checksums, the database's integrity, the migration level); then the current
// database and media are kept beside them as *.before-restore-<time>.
import Database from "better-sqlite3";
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { extract } from "tar";
import { databaseHolders, lockDatabase } from "../db/client";
import { EnvError, loadDotEnv, loadEnv } from "../src/server/env";
import { ARCHIVE_DB, MANIFEST, MEDIA_FOLDERS, knownMigrations, plainReason, sha256File, stampOf, type Manifest } from "./db-backup";

/** A restore that cannot go ahead, with the reason as one line for the terminal. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

function refuseWhileRunning(target: string): void {
  // Swapping the file under a running server would lose every write it makes afterwards (it keeps
  // the old file open), while it goes on answering 201s; its uploads would land beside the restored ones.
  const holders = databaseHolders(target);
  if (holders.length) {
    throw new RestoreRefused(`The shop is running on ${target} (process ${holders.join(", ")}): stop it first, then restore.`);
  }
}

/** Opens `path` read-only and runs SQLite's integrity check; `what` names it in the refusal. */
function checkDatabase(path: string, what: string): void {
  let check: Database.Database;
  try {
    check = new Database(path, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new RestoreRefused(`Cannot read ${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    const ok = check.pragma("integrity_check", { simple: true });
    if (ok !== "ok") throw new RestoreRefused(`${what} failed its integrity check: ${String(ok)}`);
  } catch (err) {
    if (err instanceof RestoreRefused) throw err;
    throw new RestoreRefused(`${what} is not a usable database: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    check.close();
  }
}

/** Moves the database (with its WAL, which may hold its last writes) aside as <db>.before-restore-<stamp>. */
function keepDatabaseAside(target: string, stamp: string): string | null {
  if (!existsSync(target)) {
    for (const suffix of ["-wal", "-shm"]) rmSync(target + suffix, { force: true });
    return null;
  }
  const aside = `${target}.before-restore-${stamp}`;
  renameSync(target, aside);
  for (const suffix of ["-wal", "-shm"]) if (existsSync(target + suffix)) renameSync(target + suffix, aside + suffix);
  return aside;
}

/** Replaces the database alone with a bare .db backup (what db:backup wrote before archives). */
export function restoreDatabase(backup: string, target: string): void {
  refuseWhileRunning(target);
  if (!existsSync(backup)) throw new RestoreRefused(`No backup at ${backup}.`);
  checkDatabase(backup, `The backup ${backup}`);
  keepDatabaseAside(target, stampOf(new Date()));
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(backup, target);
}

/** A rename, or a copy when DATABASE_PATH is on another disk than the data folder. */
function moveFile(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    copyFileSync(from, to);
  }
}

const SQLITE_HEADER = Buffer.from("SQLite format 3\0");

/** True when the file starts as an SQLite database does. */
export function isBareDatabase(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER);
  } finally {
    closeSync(fd);
  }
}

/** Paths an archive may hold: the manifest, the database, and files one level inside the media folders. */
const ALLOWED_PATH = new RegExp(`^(${MANIFEST}|${ARCHIVE_DB}|(${MEDIA_FOLDERS.join("|")})/[A-Za-z0-9][A-Za-z0-9._-]*)$`);

/** Unpacked archives of restores that were killed before they finished. */
function sweepLeftovers(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    const m = /^\.restore-(\d+)-/.exec(name);
    if (!m) continue;
    try {
      process.kill(Number(m[1]), 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ESRCH") rmSync(join(dataDir, name), { recursive: true, force: true });
    }
  }
}

export interface RestoreResult {
  manifest: Manifest;
  keptAside: string[];
}

/**
 * Restores the database and the media from an archive. Unpacks it into a folder inside the data folder,
 * checks every file against the manifest and the database's integrity, and only then swaps the current
 * database and media folders for the archive's (renames: each swap is whole). Refuses, changing nothing,
 * while a shop holds the database or when any check fails.
 */
export async function restoreArchive(archive: string, opts: { dataDir: string; databasePath: string }): Promise<RestoreResult> {
  const target = opts.databasePath;
  refuseWhileRunning(target);
  const stamp = stampOf(new Date());
  mkdirSync(opts.dataDir, { recursive: true });
  sweepLeftovers(opts.dataDir);
  const staging = join(opts.dataDir, `.restore-${process.pid}-${stamp}`);
  mkdirSync(staging);
  try {
    const seen: string[] = [];
    const unexpected: string[] = [];
    try {
      await extract({
        file: archive,
        cwd: staging,
        strict: true,
        // The files belong to whoever restores (the shop's user), whatever the archive says.
        preserveOwner: false,
        // Only plain files at the paths an archive has: nothing outside the staging folder, no links.
        filter: (path, entry) => {
          const p = path.replace(/^\.\//, "");
          if ("type" in entry && entry.type === "Directory" && MEDIA_FOLDERS.some((f) => p === f || p === `${f}/`)) return true;
          if (!("type" in entry) || entry.type !== "File" || !ALLOWED_PATH.test(p)) {
            unexpected.push(p);
            return false;
          }
          seen.push(p);
          return true;
        },
      });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOSPC" || code === "EACCES" || code === "EPERM" || code === "EROFS") {
        throw new RestoreRefused(`Cannot unpack ${archive} into ${opts.dataDir}: ${plainReason(err)}.`);
      }
      if (code === "TAR_BAD_ARCHIVE") throw new RestoreRefused(`${archive} is not a backup (a .tar.gz made by npm run db:backup, or a .db file).`);
      throw new RestoreRefused(`The archive ${archive} is damaged: ${plainReason(err)}`);
    }
    if (unexpected.length) throw new RestoreRefused(`The archive ${archive} holds an unexpected entry: ${unexpected[0]}`);
    if (!seen.includes(MANIFEST)) throw new RestoreRefused(`The archive ${archive} has no ${MANIFEST}: it was not made by npm run db:backup.`);
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(join(staging, MANIFEST), "utf8")) as Manifest;
    } catch {
      throw new RestoreRefused(`The archive ${archive} has a damaged ${MANIFEST}.`);
    }
    if (manifest.format !== "harvest-draws-backup" || manifest.formatVersion !== 1 || !Array.isArray(manifest.files)) {
      throw new RestoreRefused(`The archive ${archive} is not a Harvest Draws backup this version can read.`);
    }
    // Every file the manifest lists, with its size and checksum, and nothing it does not list.
    const listed = new Set(manifest.files.map((f) => f.path));
    const extra = seen.filter((p) => p !== MANIFEST && !listed.has(p));
    if (extra.length) throw new RestoreRefused(`The archive ${archive} holds ${extra[0]}, which its manifest does not list.`);
    if (!listed.has(ARCHIVE_DB)) throw new RestoreRefused(`The archive ${archive} holds no database.`);
    for (const f of manifest.files) {
      const path = join(staging, f.path);
      if (!seen.includes(f.path) || !existsSync(path)) throw new RestoreRefused(`The archive ${archive} is missing ${f.path}, which its manifest lists.`);
      if (statSync(path).size !== f.bytes || (await sha256File(path)) !== f.sha256) {
        throw new RestoreRefused(`The archive ${archive} is damaged: ${f.path} does not match its checksum in the manifest.`);
      }
    }
    checkDatabase(join(staging, ARCHIVE_DB), `The database in ${archive}`);
    const known = knownMigrations().length;
    if (known && manifest.schema.migrations > known) {
      throw new RestoreRefused(`The archive ${archive} comes from a newer release (migration ${manifest.schema.latest}): install that release, then restore.`);
    }

    // The swap: refuse again if a shop started meanwhile, and hold the lock so none starts unnoticed.
    refuseWhileRunning(target);
    const unlock = lockDatabase(target);
    const keptAside: string[] = [];
    try {
      const db = keepDatabaseAside(target, stamp);
      if (db) keptAside.push(db);
      mkdirSync(dirname(target), { recursive: true });
      moveFile(join(staging, ARCHIVE_DB), target);
      for (const folder of MEDIA_FOLDERS) {
        const live = join(opts.dataDir, folder);
        if (existsSync(live)) {
          renameSync(live, `${live}.before-restore-${stamp}`);
          keptAside.push(`${live}.before-restore-${stamp}`);
        }
        const restored = join(staging, folder);
        if (existsSync(restored)) renameSync(restored, live);
      }
    } finally {
      unlock();
    }
    return { manifest, keptAside };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new RestoreRefused("Usage: npm run db:restore -- path/to/harvest-<time>.tar.gz (or a .db backup)   (stop the shop first)");
  loadDotEnv();
  const env = loadEnv();
  const archive = resolve(file);
  if (!existsSync(archive)) throw new RestoreRefused(`No backup at ${archive}.`);
  if (statSync(archive).isDirectory()) throw new RestoreRefused(`${archive} is a folder, not a backup.`);
  if (isBareDatabase(archive)) {
    restoreDatabase(archive, env.DATABASE_PATH);
    console.log(`Restored ${archive} to ${env.DATABASE_PATH} (the database only: this backup holds no media). Start the shop again.`);
    return;
  }
  const { manifest, keptAside } = await restoreArchive(archive, { dataDir: env.DATA_DIR, databasePath: env.DATABASE_PATH });
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.counts.paidOrders} paid orders, ${manifest.counts.tickets} tickets, ` +
      `${manifest.counts.mediaFiles} media files) to ${env.DATA_DIR}. Start the shop again.`,
  );
  if (keptAside.length) console.log(`The previous data is kept as ${keptAside.join(", ")}.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    if (err instanceof RestoreRefused || err instanceof EnvError) console.error(err.message);
    else console.error(`Restore failed: ${plainReason(err)}.`);
    process.exit(1);
  });
}
