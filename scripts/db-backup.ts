// `npm run db:backup [-- [--keep-daily N] [--keep-weekly M] [FILE]]`: one archive holding the database and
// the uploaded media, taken while the shop keeps serving. Default: $DATA_DIR/backups/harvest-<time>.tar.gz
//
// Consistency: the database is copied first, with SQLite's online backup API (a snapshot of one moment,
// however many purchases are being written). The media come after it. An upload is stored under a new
// random key, renamed into place whole, and only then named in the database; nothing overwrites or
// deletes an upload in place. So every file the snapshot names was already complete when it was taken,
// and is still there to copy; files uploaded after the snapshot come along too and are merely unused.
// Each file is hard-linked into the staging folder (copied when the backups live on another disk), so a
// file deleted meanwhile is either taken whole or left out with a warning, never half-copied.
import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from "node:fs";
import { copyFile, link, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { create as createTar } from "tar";
import { EnvError, loadDotEnv, loadEnv } from "../src/server/env";

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

/** What an archive says about itself (manifest.json, its first entry). */
export interface Manifest {
  format: "harvest-draws-backup";
  formatVersion: 1;
  createdAt: string;
  app: { name: string; version: string };
  /** Migrations applied to the database in the archive, and the last one's name. */
  schema: { migrations: number; latest: string | null };
  counts: { paidOrders: number; tickets: number; competitions: number; customers: number; mediaFiles: number };
  /** Every file in the archive but the manifest, with its size and SHA-256. */
  files: Array<{ path: string; bytes: number; sha256: string }>;
  /** Uploads the database names that were not on disk when the backup ran. */
  missingMedia: string[];
}

export const MANIFEST = "manifest.json";
export const ARCHIVE_DB = "shop.db";
/** The data folder's sub-folders that go into an archive: uploaded media, and the files served at /.well-known. */
export const MEDIA_FOLDERS = ["uploads", "well-known"] as const;
/** An upload's object key (src/server/storage/local-disk.ts); temporary files start with a dot and never match. */
const OBJECT_KEY = /^[a-z0-9-]{8,80}(\.json)?$/;
const WELL_KNOWN = /^[a-z0-9-]+$/;
/** Tables that never name an upload and can be big: not searched for references. */
const NO_MEDIA_TABLES = new Set([
  "tickets",
  "entries",
  "orders",
  "sessions",
  "audit_log",
  "mail_outbox",
  "competition_views",
  "payment_events",
  "simulated_payments",
  "protection_events",
  "released_ticket_numbers",
  "ticket_blocks",
  "auth_tokens",
  "notification_receipts",
  "wallet_entries",
  "__drizzle_migrations",
]);

/** A backup that could not be made, with the reason as one line for the terminal. */
export class BackupFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupFailed";
  }
}

/** A file-system error as a reason an operator can act on. */
export function plainReason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e?.code === "ENOSPC" || e?.code === "SQLITE_FULL") return "the disk is full";
  if (e?.code === "EACCES" || e?.code === "EPERM") return `permission denied${e.path ? ` (${e.path})` : ""}`;
  if (e?.code === "EROFS") return `the file system is read-only${e.path ? ` (${e.path})` : ""}`;
  if (e?.code === "ENOENT" && e.path) return `no such file or folder: ${e.path}`;
  return err instanceof Error ? err.message.split("\n")[0]! : String(err);
}

export const stampOf = (d: Date) =>
  d
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
/** harvest-2026-11-27T03-30-00Z.tar.gz: the names rotation looks at (and nothing else). */
const ARCHIVE_NAME = /^harvest-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

export function sha256File(path: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("error", reject)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolvePromise(hash.digest("hex")));
  });
}

function appInfo(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** Migration level, sanity counts and the uploads the database names, read from the snapshot. */
export function describeDatabase(path: string): { schema: Manifest["schema"]; counts: Omit<Manifest["counts"], "mediaFiles">; referenced: Set<string> } {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const one = (sql: string) => Number((db.prepare(sql).get() as { n: number } | undefined)?.n ?? 0);
    const tables = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>).map((t) => t.name));
    let schema: Manifest["schema"] = { migrations: 0, latest: null };
    if (tables.has("__drizzle_migrations")) {
      const last = db.prepare("select count(*) n, max(created_at) at from __drizzle_migrations").get() as { n: number; at: number | null };
      schema = { migrations: last.n, latest: last.at === null ? null : (migrationTag(Number(last.at)) ?? String(last.at)) };
    }
    const counts = {
      paidOrders: tables.has("orders") ? one("select count(*) n from orders where status = 'paid'") : 0,
      tickets: tables.has("tickets") ? one("select count(*) n from tickets") : 0,
      competitions: tables.has("competitions") ? one("select count(*) n from competitions") : 0,
      customers: tables.has("users") ? one("select count(*) n from users where role = 'user'") : 0,
    };
    const referenced = new Set<string>();
    for (const table of tables) {
      if (NO_MEDIA_TABLES.has(table) || table.startsWith("sqlite_")) continue;
      const columns = db.prepare(`select name, type from pragma_table_info(?)`).all(table) as Array<{ name: string; type: string }>;
      for (const c of columns) {
        if (!/text/i.test(c.type)) continue;
        const rows = db.prepare(`select "${c.name}" v from "${table}" where "${c.name}" like '%/objects/uploads/%'`).all() as Array<{ v: string }>;
        for (const r of rows) for (const m of r.v.matchAll(/\/objects\/uploads\/([a-z0-9-]{8,80})/g)) referenced.add(m[1]!);
      }
    }
    return { schema, counts, referenced };
  } finally {
    db.close();
  }
}

/** The migrations this code knows, oldest first (db/migrations/meta/_journal.json). */
export function knownMigrations(): Array<{ tag: string; when: number }> {
  const journal = new URL("../db/migrations/meta/_journal.json", import.meta.url);
  if (!existsSync(journal)) return [];
  return (JSON.parse(readFileSync(journal, "utf8")) as { entries: Array<{ tag: string; when: number }> }).entries;
}

function migrationTag(when: number): string | undefined {
  return knownMigrations().find((m) => m.when === when)?.tag;
}

/** A process id still running (a staging folder of a backup in progress is left alone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Leftovers of a backup that was killed: its staging folder and its half-written archive. */
async function sweepLeftovers(dir: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const m = /^\.(?:staging|partial)-(\d+)-/.exec(name);
    if (m && !alive(Number(m[1]))) await rm(join(dir, name), { recursive: true, force: true });
  }
}

function ignoreMissing(err: NodeJS.ErrnoException): string[] {
  if (err.code === "ENOENT") return [];
  throw err;
}

/** Puts `src` at `dest` without copying bytes when it can; false when the file has gone meanwhile. */
async function snapshotFile(src: string, dest: string): Promise<boolean> {
  try {
    await link(src, dest);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return false;
    if (code !== "EXDEV" && code !== "EPERM" && code !== "EMLINK" && code !== "ENOTSUP") throw err;
  }
  try {
    await copyFile(src, dest);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw err;
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  manifest: Manifest;
  warnings: string[];
}

/**
 * Writes one archive (tar.gz) of the database at `databasePath` and the media under `dataDir` to
 * `target`: written under a temporary name beside it and renamed once complete, so a finished name is
 * always a whole archive. Throws BackupFailed with a plain reason; nothing is left behind then.
 */
export async function createBackup(opts: {
  dataDir: string;
  databasePath: string;
  target: string;
  now?: Date;
  /** Runs between listing the media and taking them (a test deletes a file there, as an operator might). */
  onMediaListed?: () => Promise<void>;
}): Promise<BackupResult> {
  const started = Date.now();
  const now = opts.now ?? new Date();
  const target = resolve(opts.target);
  const outDir = dirname(target);
  const stamp = `${process.pid}-${stampOf(now)}`;
  // Staging sits in the data folder, so media are hard links (no copy, no extra space) and the
  // database snapshot is on the shop's own disk.
  const stagingRoot = join(opts.dataDir, "backups");
  const staging = join(stagingRoot, `.staging-${stamp}`);
  const partial = join(outDir, `.partial-${stamp}-${basename(target)}`);
  const warnings: string[] = [];
  if (!existsSync(opts.databasePath)) throw new BackupFailed(`No database at ${opts.databasePath}: nothing to back up.`);
  try {
    await mkdir(stagingRoot, { recursive: true });
    await mkdir(outDir, { recursive: true });
    await sweepLeftovers(stagingRoot);
    if (outDir !== stagingRoot) await sweepLeftovers(outDir);
    await mkdir(staging);

    // 1. The database, as of one moment.
    await backupDatabase(opts.databasePath, join(staging, ARCHIVE_DB));
    const { schema, counts, referenced } = describeDatabase(join(staging, ARCHIVE_DB));

    // 2. The media as they are now: a superset of what the snapshot names (uploads are only ever added).
    const entries: string[] = [ARCHIVE_DB];
    const present = new Set<string>();
    const listed: Array<{ folder: string; names: string[] }> = [];
    for (const folder of MEDIA_FOLDERS) {
      // A folder not there yet has nothing to take; one that cannot be read fails the backup (permission denied).
      const names = (await readdir(join(opts.dataDir, folder)).catch(ignoreMissing))
        .filter((n) => (folder === "uploads" ? OBJECT_KEY.test(n) : WELL_KNOWN.test(n)))
        .sort();
      if (names.length) listed.push({ folder, names });
    }
    await opts.onMediaListed?.();
    const gone = new Set<string>();
    for (const { folder, names } of listed) {
      await mkdir(join(staging, folder));
      for (const name of names) {
        // An upload's metadata (<key>.json) goes with its bytes; metadata alone is an upload still being renamed into place.
        if (folder === "uploads" && name.endsWith(".json") && (!names.includes(name.slice(0, -5)) || gone.has(name.slice(0, -5)))) continue;
        if (!(await snapshotFile(join(opts.dataDir, folder, name), join(staging, folder, name)))) {
          warnings.push(`${folder}/${name} was deleted while the backup ran: left out`);
          gone.add(name);
          continue;
        }
        entries.push(`${folder}/${name}`);
        if (folder === "uploads" && !name.endsWith(".json")) present.add(name);
      }
    }
    const missingMedia = [...referenced].filter((k) => !present.has(k)).sort();
    for (const key of missingMedia) warnings.push(`the database names /objects/uploads/${key}, which is not in ${join(opts.dataDir, "uploads")}`);

    // 3. The manifest: checked file by file before a restore touches anything.
    const files: Manifest["files"] = [];
    for (const path of entries) {
      const full = join(staging, path);
      files.push({ path, bytes: (await stat(full)).size, sha256: await sha256File(full) });
    }
    const manifest: Manifest = {
      format: "harvest-draws-backup",
      formatVersion: 1,
      createdAt: now.toISOString(),
      app: appInfo(),
      schema,
      counts: { ...counts, mediaFiles: present.size },
      files,
      missingMedia,
    };
    await writeFile(join(staging, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");

    // 4. The archive, under a temporary name until it is whole.
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, ...entries]);
    await rename(partial, target);
    return { file: target, bytes: (await stat(target)).size, ms: Date.now() - started, manifest, warnings };
  } catch (err) {
    await rm(partial, { force: true }).catch(() => undefined);
    if (err instanceof BackupFailed) throw err;
    throw new BackupFailed(`Backup failed: ${plainReason(err)}.`);
  } finally {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The archives rotation would keep and delete among `names` (files in one folder). */
export function planRotation(names: string[], keep: { daily: number; weekly: number }, spare: string[] = []): { keep: string[]; remove: string[] } {
  const dated = names
    .map((name) => ({ name, m: ARCHIVE_NAME.exec(name) }))
    .filter((a): a is { name: string; m: RegExpExecArray } => !!a.m)
    .map(({ name, m }) => ({ name, at: new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) }))
    .filter((a) => !Number.isNaN(a.at.getTime()))
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set(spare.filter((s) => dated.some((d) => d.name === s)));
  // The newest archive of each of the last `daily` days that have one, and of each of the last `weekly` ISO weeks.
  const pick = (period: (d: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const a of dated) {
      const p = period(a.at);
      if (seen.has(p)) continue;
      if (seen.size >= count) break;
      seen.add(p);
      kept.add(a.name);
    }
  };
  pick((d) => d.toISOString().slice(0, 10), keep.daily);
  pick(isoWeek, keep.weekly);
  return { keep: dated.filter((a) => kept.has(a.name)).map((a) => a.name), remove: dated.filter((a) => !kept.has(a.name)).map((a) => a.name) };
}

function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day); // the week's Thursday decides its year
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  return `${t.getUTCFullYear()}-W${Math.ceil(((t.getTime() - yearStart) / 86_400_000 + 1) / 7)}`;
}

/** Deletes the archives in `dir` that rotation does not keep; `written` (the archive just made) is always kept. */
export async function pruneBackups(dir: string, keep: { daily: number; weekly: number }, written: string): Promise<string[]> {
  const { remove } = planRotation(readdirSync(dir), keep, [basename(written)]);
  for (const name of remove) await rm(join(dir, name), { force: true });
  return remove;
}

const mib = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${bytes && Math.max(1, Math.round(bytes / 1024))} KiB`);

function count(value: string | undefined, what: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^\d+$/.test(value)) throw new BackupFailed(`${what} must be a whole number of archives (got "${value}").`);
  return Number(value);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({ options: { "keep-daily": { type: "string" }, "keep-weekly": { type: "string" } }, allowPositionals: true });
  } catch (err) {
    throw new BackupFailed(`${plainReason(err)}. Usage: npm run db:backup -- [--keep-daily N] [--keep-weekly M] [FILE]`);
  }
  loadDotEnv();
  const env = loadEnv();
  const daily = count(args.values["keep-daily"] ?? process.env.BACKUP_KEEP_DAILY, "--keep-daily (BACKUP_KEEP_DAILY)");
  const weekly = count(args.values["keep-weekly"] ?? process.env.BACKUP_KEEP_WEEKLY, "--keep-weekly (BACKUP_KEEP_WEEKLY)");
  const target = resolve(args.positionals[0] ?? join(env.DATA_DIR, "backups", `harvest-${stampOf(new Date())}.tar.gz`));
  const result = await createBackup({ dataDir: env.DATA_DIR, databasePath: env.DATABASE_PATH, target });
  for (const w of result.warnings) console.error(`Warning: ${w}`);
  const { manifest: m } = result;
  const dbBytes = m.files.find((f) => f.path === ARCHIVE_DB)!.bytes;
  const mediaBytes = m.files.filter((f) => f.path !== ARCHIVE_DB).reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `Backed up to ${result.file} (${mib(result.bytes)} in ${result.ms} ms): database ${mib(dbBytes)} at migration ${m.schema.latest ?? "none"}, ` +
      `${m.counts.mediaFiles} media files (${mib(mediaBytes)}); ${m.counts.paidOrders} paid orders, ${m.counts.tickets} tickets.`,
  );
  if (daily !== undefined || weekly !== undefined) {
    const removed = await pruneBackups(dirname(result.file), { daily: daily ?? 0, weekly: weekly ?? 0 }, result.file);
    console.log(`Rotation (keep ${daily ?? 0} daily, ${weekly ?? 0} weekly): ${removed.length ? `removed ${removed.join(", ")}` : "nothing to remove"}.`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    if (!(err instanceof BackupFailed || err instanceof EnvError)) console.error(`Backup failed: ${plainReason(err)}.`);
    else console.error(err.message);
    process.exit(1);
  });
}
