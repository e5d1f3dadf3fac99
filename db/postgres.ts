import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as tables from "./schema-pg";

// Opening the shop's PostgreSQL database (docs/decisions/015-postgresql-beside-sqlite.md): a pool,
// a first connection that says plainly when the server cannot be reached, and the committed migrations
// (db/migrations-pg) applied once, whatever the number of processes starting together.

const here = dirname(fileURLToPath(import.meta.url));
/** Beside this file in the sources (db/), two levels up from the server bundle (dist/server). */
export const PG_MIGRATIONS_FOLDER = existsSync(join(here, "migrations-pg")) ? join(here, "migrations-pg") : join(here, "../../db/migrations-pg");

/** The advisory lock a starting process holds while it migrates: processes starting together take turns. */
export const MIGRATION_LOCK = 7_215_032_001;

export type PgDb = NodePgDatabase<typeof tables> & { $client: pg.Pool };

/** A database URL as it may be shown: user, host, port and database, never the password. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    const user = u.username ? `${decodeURIComponent(u.username)}@` : "";
    return `${user}${u.hostname}:${u.port || "5432"}${u.pathname}`;
  } catch {
    return "(an unreadable DATABASE_URL)";
  }
}

/** Why the server cannot reach PostgreSQL at start, as one line for the terminal. */
export class PostgresUnreachableError extends Error {
  constructor(
    readonly shown: string,
    readonly reason: string,
  ) {
    super(`Cannot reach PostgreSQL at ${shown}: ${reason}. Check DATABASE_URL and that the server is running and accepts this user.`);
    this.name = "PostgresUnreachableError";
  }
}

/** A migration failed: the transaction they all run in was rolled back, so none of this start's migrations is applied. */
export class PostgresMigrationError extends Error {
  constructor(
    readonly shown: string,
    readonly reason: string,
  ) {
    super(`A migration of the PostgreSQL database at ${shown} failed, and none was applied: ${reason}`);
    this.name = "PostgresMigrationError";
  }
}

function reason(error: unknown): string {
  const e = error as { code?: string; message?: string };
  if (e.code === "ECONNREFUSED") return "the connection was refused (is the server running on that host and port?)";
  if (e.code === "ENOTFOUND" || e.code === "EAI_AGAIN") return "the host name cannot be resolved";
  if (e.code === "28P01" || e.code === "28000") return "the server refused this user's credentials";
  if (e.code === "3D000") return "the database does not exist";
  if (/timeout/i.test(e.message ?? "")) return "no answer in time";
  return (e.message ?? String(error)).split("\n")[0]!;
}

export interface OpenPostgresOptions {
  /** The migrations to apply (the committed ones by default). */
  migrationsFolder?: string;
  /** Connections in the pool. */
  poolSize?: number;
  /** How long to wait for a connection before giving up. */
  connectTimeoutMs?: number;
  /** Told of an error on an idle connection (the pool replaces it); such errors never stop the process. */
  onIdleError?: (error: Error) => void;
}

/**
 * Opens the database at `url`: the pool, a first connection (a PostgresUnreachableError when it cannot be
 * had), and the pending migrations, applied in one transaction under MIGRATION_LOCK (a
 * PostgresMigrationError, and nothing applied, when one fails).
 */
export async function openPostgres(url: string, opts: OpenPostgresOptions = {}): Promise<PgDb> {
  const shown = shownUrl(url);
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000 });
  pool.on("error", (error) => opts.onIdleError?.(error));
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new PostgresUnreachableError(shown, reason(error));
  }
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: opts.migrationsFolder ?? PG_MIGRATIONS_FOLDER });
    } catch (error) {
      throw new PostgresMigrationError(shown, reason((error as { cause?: unknown }).cause ?? error));
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } catch (error) {
    client.release();
    await pool.end().catch(() => {});
    throw error;
  }
  client.release();
  return drizzle(pool, { schema: tables }) as PgDb;
}
