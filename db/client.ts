import Database, { type RunResult } from "better-sqlite3";
import { createTableRelationsHelpers, extractTablesRelationalConfig, sql, type AnyColumn, type ExtractTablesWithRelations, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { BaseSQLiteDatabase, SQLiteTable } from "drizzle-orm/sqlite-core";
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

/** The engine a database runs on: the SQLite file (the default) or PostgreSQL (`DATABASE_URL`). */
export type Engine = "sqlite" | "postgres";

/**
 * How work takes its turn on the database (db/lease.ts on SQLite, db/postgres-lease.ts on PostgreSQL):
 * transactions, whether the work running now is inside one, and work started apart from it.
 */
export interface Lease {
  readonly held: boolean;
  readonly idle: boolean;
  outside<T>(start: () => T): T;
  hold<T>(work: () => T | Promise<T>): Promise<T>;
  transaction<T>(body: () => T | Promise<T>): Promise<T>;
  /** SQLite only: one synchronous call on the connection, in its turn (engine-specific code checks `engine` first). */
  statement<T>(run: () => T): Promise<T>;
}

/** Commits the purchase path's steps: grouped on SQLite (db/group-commit.ts), one transaction each on PostgreSQL. */
export interface Committer {
  enqueue<T>(run: () => T | Promise<T>): Promise<T>;
  flush(): Promise<void>;
}

/** The shop's database: its engine, how work takes its turn on it (its lease), its prepared statements and its group commit. */
export type Db = Tx & {
  readonly engine: Engine;
  /** The SQLite connection (better-sqlite3). Engine-specific code checks `engine` first: on PostgreSQL it throws. */
  $client: Database.Database;
  readonly lease: Lease;
  readonly groupCommit: Committer;
  /** Closes the database once the work already waiting for it is done. */
  close(): Promise<void>;
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
    engine: { value: "sqlite" },
    $client: { value: sqlite },
    close: {
      value: () =>
        lease.hold(() => {
          if (!sqlite.open) return;
          sqlite.pragma("wal_checkpoint(TRUNCATE)");
          sqlite.close();
        }),
    },
    lease: { value: lease },
    groupCommit: { value: groupCommit },
    statements: { get: () => (statements ??= prepareStatements(db as Db, "sqlite")) },
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

function leaseOf(db: Tx): Lease {
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

/** The newest applied migration (its creation time, as drizzle-kit numbers them), for health reports. */
export async function migrationVersion(db: Db): Promise<string | null> {
  // drizzle-kit's journal: in the database's main schema on SQLite, in its own "drizzle" schema on PostgreSQL.
  const journal = db.engine === "postgres" ? sql`drizzle.__drizzle_migrations` : sql`__drizzle_migrations`;
  try {
    const row = await first(db.select({ createdAt: sql<number>`max(created_at)` }).from(journal));
    return row?.createdAt ? String(row.createdAt) : null;
  } catch {
    return null;
  }
}

/** The size of a database that is not a file of its own (PostgreSQL's, as the server counts it). */
export async function databaseBytes(db: Db): Promise<number> {
  if (db.engine !== "postgres") return 0;
  const row = await first(db.select({ bytes: sql<number>`pg_database_size(current_database())` }).from(sql`(select 1) as one`));
  return Number(row?.bytes ?? 0);
}

/** The database's file, where it is one (SQLite on disk); null otherwise. */
export function databaseFile(db: Db): string | null {
  if (db.engine !== "sqlite") return null;
  const path = db.$client.name;
  return path && path !== ":memory:" ? path : null;
}

/** The driver's own error under Drizzle's wrapper (PostgreSQL's come as the `cause` of a DrizzleQueryError). */
export function driverError(error: unknown): { code?: string; message?: string; constraint?: string; detail?: string } {
  const e = error as { cause?: unknown; code?: unknown } | null;
  if (e && typeof e === "object" && e.cause && typeof e.cause === "object" && "code" in e.cause) return e.cause as ReturnType<typeof driverError>;
  return (e ?? {}) as ReturnType<typeof driverError>;
}

/**
 * Whether a write failed on a unique key of `table` over `column` (snake_case, as stored), on either engine:
 * SQLite says "UNIQUE constraint failed: table.column", PostgreSQL answers 23505 naming the key's column.
 */
export function uniqueViolation(error: unknown, table: string, column: string): boolean {
  const e = driverError(error);
  if (e.code === "23505") return (e.detail ?? "").includes(`(${column})=`) || (e.constraint ?? "").startsWith(`${table}_${column}`);
  return new RegExp(`UNIQUE constraint failed: ${table}\\.${column}\\b`).test(e.message ?? "");
}

/**
 * Locks one row of `table` (by its `id`) until the transaction ends, for a body that reads and then writes
 * on what it read (decision 015): on PostgreSQL, SELECT … FOR UPDATE, so a second transaction on the same
 * row waits for this one's commit and then reads what it wrote. On SQLite the transaction already holds the
 * database's one write lock, so there is nothing more to take. Rows of several tables are locked in the
 * order order → account → competition, and several of one table in id order, so that no two bodies wait
 * on each other (a deadlock PostgreSQL breaks all the same, and withTransaction runs again).
 */
export async function lockRow(tx: Tx, table: SQLiteTable & { id: AnyColumn }, id: string): Promise<void> {
  if (!hasRowLocks(tx)) return;
  await (tx as unknown as { execute(query: SQL): Promise<unknown> }).execute(sql`select 1 from ${table} where ${table.id} = ${id} for update`);
}

/** Whether the database locks rows (PostgreSQL), so a body finding what to lock is worth its reads; SQLite locks the whole database. */
export function hasRowLocks(tx: Tx): boolean {
  return (tx as Partial<Db>).engine === "postgres";
}
