import Database, { type RunResult } from "better-sqlite3";
import { createTableRelationsHelpers, extractTablesRelationalConfig, type ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync, type Stats } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { GroupCommit } from "./group-commit";
import { ConnectionLease } from "./lease";
import * as relations from "./relations";
import * as tables from "./schema";
import { leasedDatabase } from "./sqlite-session";
import { prepareStatements, type Statements } from "./statements";

export const schema = { ...tables, ...relations };

/** What the hot paths need beside Drizzle: their prepared statements, on the database and on every transaction. */
interface Prepared {
  readonly statements: Statements;
}

type Schema = typeof schema;
type Relations = ExtractTablesWithRelations<Schema>;

/**
 * What a service reads and writes through: the database, or the database inside a transaction
 * (`withTransaction(db, async (tx) => …)`). Every query is a promise (decision 015); a step is the same
 * code inside a transaction or out.
 */
export type Tx = BaseSQLiteDatabase<"async", RunResult, Schema, Relations> & Prepared;

/** The shop's database: one connection lent in turn (its lease), its prepared statements and its group commit. */
export type Db = Tx & {
  $client: Database.Database;
  readonly lease: ConnectionLease;
  readonly groupCommit: GroupCommit;
};

const here = dirname(fileURLToPath(import.meta.url));
/** Beside this file in the sources (db/), two levels up from the server bundle (dist/server). */
export const MIGRATIONS_FOLDER = existsSync(join(here, "migrations")) ? join(here, "migrations") : join(here, "../../db/migrations");

/**
 * Opens (creating if needed) the SQLite file with the pragmas the shop relies on:
 * WAL so readers never wait for the writer, a busy timeout so concurrent writers queue
 * instead of failing, and foreign keys enforced.
 */
export function createDb(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  let sqlite: Database.Database;
  try {
    sqlite = new Database(path);
  } catch (err) {
    throw sqliteDriverError(err) ?? err;
  }
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("cache_size = -20000");
  sqlite.pragma("temp_store = MEMORY");
  sqlite.pragma("mmap_size = 268435456");
  const lease = new ConnectionLease(sqlite);
  const relational = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const db = leasedDatabase<Schema, Relations>(sqlite, lease, {
    fullSchema: schema,
    schema: relational.tables as Relations,
    tableNamesMap: relational.tableNamesMap,
  });
  // Prepared at first use rather than here: a new file has no tables until it is migrated.
  let statements: Statements | undefined;
  const groupCommit = new GroupCommit(lease);
  return Object.defineProperties(db, {
    $client: { value: sqlite },
    lease: { value: lease },
    groupCommit: { value: groupCommit },
    statements: { get: () => (statements ??= prepareStatements(db as Db)) },
  }) as Db;
}

/**
 * Runs `body` in one transaction on `db`: committed when it resolves, rolled back when it throws. The
 * body gets the database to read and write through (its prepared statements too), and may await: on
 * SQLite the transaction holds the one connection (BEGIN IMMEDIATE, so it takes the write lock at once)
 * and other work waits its turn. Inside another transaction it is a savepoint of its own.
 * A body awaits only the database: never a payment provider, a mail server or a timer.
 */
export function withTransaction<T>(db: Tx, body: (tx: Tx) => Promise<T> | T): Promise<T> {
  return leaseOf(db).transaction(() => body(db));
}

function leaseOf(db: Tx): ConnectionLease {
  const lease = (db as Partial<Db>).lease;
  if (!lease) throw new Error("withTransaction needs the shop's database (createDb)");
  return lease;
}

/**
 * Runs `step` in the database's next group transaction (db/group-commit.ts), in a savepoint of
 * its own, and resolves with its result once that transaction has committed. `step` gets the
 * database (the group's transaction is open on it) and awaits only the database.
 */
export function inGroupCommit<T>(db: Db, step: (tx: Db) => Promise<T> | T): Promise<T> {
  return db.groupCommit.enqueue(() => step(db));
}

/** The first row a query gives (or undefined): SQLite's `.get()`, said the same way on every engine. */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}

/** How many rows a write changed, from what the engine reports. */
export function changed(result: unknown): number {
  const r = result as { changes?: number; rowCount?: number | null };
  return Number(r.changes ?? r.rowCount ?? 0);
}

/**
 * The SQLite driver's compiled part (better-sqlite3's addon) cannot load in this process: built for
 * another Node.js or another kind of machine. Said in plain words, with what to do, instead of the
 * loader's message about module versions.
 */
export class SqliteDriverError extends Error {
  constructor(readonly detail: string) {
    super(
      `The SQLite driver (better-sqlite3) cannot load in Node.js ${process.versions.node} on ${process.platform}-${process.arch}: ` +
        `its compiled addon was built for another Node.js or another machine (${detail}). ` +
        "Run `npm ci` again on this machine, and start the shop with `npm start` (which runs it on the Node.js 24 that `npm ci` installs).",
    );
    this.name = "SqliteDriverError";
  }
}

/** The driver problem behind an error thrown while opening a database, or null when it is something else. */
export function sqliteDriverError(err: unknown): SqliteDriverError | null {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  const addon = /better_sqlite3\.node|NODE_MODULE_VERSION|did not self-register|invalid ELF header|wrong ELF class|Could not locate the bindings file/;
  if (code !== "ERR_DLOPEN_FAILED" && !addon.test(message)) return null;
  return new SqliteDriverError(message.split("\n")[0]!.trim());
}

/** Why the server cannot use the database file, as one line for the terminal. */
export class DatabaseOpenError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`Cannot open the database at ${path}: ${reason}`);
    this.name = "DatabaseOpenError";
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function sqliteReason(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message.split("\n")[0]! : String(err);
  if (code === "SQLITE_READONLY_DIRECTORY") return "the folder is read-only";
  if (typeof code === "string" && code.startsWith("SQLITE_READONLY")) return "the file is read-only";
  if (code === "SQLITE_NOTADB") return "the file is not an SQLite database";
  if (code === "SQLITE_CORRUPT") return "the file is damaged (restore a backup)";
  if (code === "SQLITE_CANTOPEN") return "the file cannot be opened";
  if (code === "SQLITE_FULL") return "the disk is full";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "EROFS") return "the file system is read-only";
  return message;
}

/**
 * createDb for the server's start-up: the folder must exist (it is created only when asked, for the
 * shop's own data folder) and the file must take writes. Anything else is a DatabaseOpenError with
 * one readable reason ("the folder does not exist", "the file is read-only"…), not a stack trace
 * from the first purchase.
 */
export function openDatabase(path: string, opts: { createFolder?: boolean } = {}): Db {
  const folder = dirname(path);
  if (opts.createFolder) {
    try {
      mkdirSync(folder, { recursive: true });
    } catch (err) {
      throw new DatabaseOpenError(path, `the folder cannot be created (${sqliteReason(err)})`);
    }
  }
  const dir = statOrNull(folder);
  if (!dir) throw new DatabaseOpenError(path, "the folder does not exist");
  if (!dir.isDirectory()) throw new DatabaseOpenError(path, `${folder} is not a folder`);
  const file = statOrNull(path);
  if (file?.isDirectory()) throw new DatabaseOpenError(path, "it is a folder, not a database file");
  // SQLite keeps its -wal and -shm files beside the database, so the folder must take writes too.
  if (!writable(folder)) throw new DatabaseOpenError(path, "the folder is read-only");
  if (file && !writable(path)) throw new DatabaseOpenError(path, "the file is read-only");
  let sqlite: Database.Database | null = null;
  try {
    const db = createDb(path);
    sqlite = db.$client;
    // A write that changes nothing: SQLite opens a file it may not write without complaint and
    // refuses only at the first write.
    const version = Number(sqlite.pragma("user_version", { simple: true }));
    sqlite.pragma(`user_version = ${version}`);
    return db;
  } catch (err) {
    sqlite?.close();
    if (err instanceof SqliteDriverError) throw err;
    throw new DatabaseOpenError(path, sqliteReason(err));
  }
}

/*
 * The running server holds <database>.lock (its pid, one line per server) so that maintenance
 * scripts such as db:restore can refuse while the shop has the file open. A lock whose process is
 * gone (a crash, SIGKILL) is stale and ignored.
 */

export const lockPathOf = (path: string) => `${path}.lock`;

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function lockPids(path: string): number[] {
  try {
    return readFileSync(lockPathOf(path), "utf8").split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The live processes (other than this one) that hold the database open. */
export function databaseHolders(path: string): number[] {
  return lockPids(path).filter((pid) => pid !== process.pid && alive(pid));
}

/** Marks the database as in use by this process; the returned function (idempotent) gives it up. */
export function lockDatabase(path: string): () => void {
  const write = (pids: number[]) => {
    if (pids.length) writeFileSync(lockPathOf(path), pids.join("\n") + "\n");
    else rmSync(lockPathOf(path), { force: true });
  };
  write([...databaseHolders(path), process.pid]);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    try {
      write(lockPids(path).filter((pid) => pid !== process.pid && alive(pid)));
    } catch {
      /* the folder went away or turned read-only: nothing left to release */
    }
  };
}

/** Applies the pending migrations, before the shop serves (each in a transaction of its own). */
export function migrateDb(db: Db): void {
  migrate(drizzle(db.$client), { migrationsFolder: MIGRATIONS_FOLDER });
}

/** The newest applied migration, for health reports. */
export function migrationVersion(db: Db): string | null {
  try {
    const row = db.$client.prepare("select hash, created_at from __drizzle_migrations order by created_at desc limit 1").get() as
      { hash: string; created_at: number } | undefined;
    return row ? String(row.created_at) : null;
  } catch {
    return null;
  }
}
