import { NodePgSession } from "drizzle-orm/node-postgres";
import { PgDatabase, PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Committer, Db } from "./client";
import { usePostgresCodecs } from "./postgres-codecs";
import { PostgresLease } from "./postgres-lease";
import { prepareStatements, type Statements } from "./statements";

/*
 * The shop's database on PostgreSQL (decision 015): the same `Db` the services use on SQLite. Their queries
 * name the description's tables and go through Drizzle's PostgreSQL database, which renders them in its
 * dialect, each column carrying its derived twin's codecs (db/postgres-codecs.ts). Every query goes to the
 * connection of the transaction it runs in, or to any connection of the pool outside one (db/postgres-lease.ts).
 */

let parsersSet = false;

/**
 * Whole numbers as numbers: the shop's integers are bigint on PostgreSQL (pence totals pass 2³¹), and
 * node-postgres gives bigint, and the numeric of a sum of them, as text. Every such value the shop holds
 * (pence, counts, ticket numbers) is far below 2⁵³.
 */
function numbersAsNumbers(): void {
  if (parsersSet) return;
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
  parsersSet = true;
}

/**
 * The driver's own error, as SQLite's come: Drizzle wraps PostgreSQL's in an error whose message holds the
 * query's parameters (customers' emails, notes), which would reach the logs.
 */
function unwrapped(error: unknown): unknown {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Error ? cause : error;
}

/** Drizzle's node-postgres session whose every query goes where the lease says; transactions go through the lease. */
class RoutedSession extends NodePgSession<Record<string, never>, never> {
  override prepareQuery: NodePgSession<Record<string, never>, never>["prepareQuery"] = (...args) => {
    const query = super.prepareQuery(...args) as unknown as Record<"execute" | "all", (values?: Record<string, unknown>) => Promise<unknown>>;
    for (const method of ["execute", "all"] as const) {
      const run = query[method].bind(query);
      query[method] = (values) => run(values).catch((error: unknown) => Promise.reject(unwrapped(error)));
    }
    return query as never;
  };

  override transaction(): never {
    throw new Error("Use withTransaction(db, …) from db/client.ts");
  }
}

/** PostgreSQL's steps of the purchase path: one transaction each (any number run at once). */
class OwnTransactions implements Committer {
  private readonly running = new Set<Promise<unknown>>();
  constructor(private readonly lease: PostgresLease) {}
  enqueue<T>(run: () => T | Promise<T>): Promise<T> {
    const step = this.lease.transaction(run);
    this.running.add(step);
    const done = () => void this.running.delete(step);
    step.then(done, done);
    return step;
  }
  /** Resolves once the steps asked for by now (and those the current turn is about to ask for) have settled. */
  async flush(): Promise<void> {
    do {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await Promise.allSettled([...this.running]);
    } while (this.running.size);
  }
}

/** The shop's `Db` on a PostgreSQL pool (opened and migrated by openPostgres, db/postgres.ts). */
export function createPostgresDb(pool: pg.Pool): Db {
  usePostgresCodecs();
  numbersAsNumbers();
  const lease = new PostgresLease(pool);
  const routed = {
    query: (...args: unknown[]) => {
      const client = lease.client as { query: (...a: unknown[]) => unknown };
      return client.query(...args);
    },
  };
  const dialect = new PgDialect();
  const session = new RoutedSession(routed as unknown as pg.Pool, dialect, undefined);
  const db = new PgDatabase(dialect, session, undefined);
  let statements: Statements | undefined;
  let closed: Promise<void> | undefined;
  return Object.defineProperties(db, {
    engine: { value: "postgres" },
    $client: {
      get: () => {
        throw new Error("This shop's database is PostgreSQL: $client is the SQLite connection (check db.engine first)");
      },
    },
    $pool: { value: pool },
    lease: { value: lease },
    groupCommit: { value: new OwnTransactions(lease) },
    close: { value: () => (closed ??= pool.end()) },
    statements: { get: () => (statements ??= prepareStatements(db as unknown as Db, "postgres")) },
  }) as unknown as Db;
}

/** The pool under a database on PostgreSQL (null on SQLite). */
export function poolOf(db: Db): pg.Pool | null {
  return db.engine === "postgres" ? (db as unknown as { $pool: pg.Pool }).$pool : null;
}
