import type Database from "better-sqlite3";
import type { RunResult } from "better-sqlite3";
import * as orm from "drizzle-orm";
import { fillPlaceholders, type Query, type RelationalSchemaConfig, type TablesRelationalConfig } from "drizzle-orm";
import {
  BaseSQLiteDatabase,
  SQLiteAsyncDialect,
  SQLitePreparedQuery,
  SQLiteSession,
  type SelectedFieldsOrdered,
  type SQLiteExecuteMethod,
} from "drizzle-orm/sqlite-core";
import type { ConnectionLease } from "./lease";

/*
 * Drizzle on better-sqlite3 in Drizzle's asynchronous shape (decision 015): every query is a promise, as it
 * is on PostgreSQL, and every statement runs on the one connection in its turn (db/lease.ts), so a
 * transaction whose body awaits between its statements is never entered by another request's work.
 * The statements themselves stay better-sqlite3's synchronous calls, prepared once per SQL text.
 */

/** Drizzle's own row mapper (selected fields to an object), exported at run time but not in its types. */
const mapResultRow = (orm as unknown as { mapResultRow: (fields: SelectedFieldsOrdered, row: unknown[], joins?: Record<string, boolean>) => unknown })
  .mapResultRow;

/** Compiled statements kept per SQL text; beyond this many distinct texts the cache starts again. */
const MAX_STATEMENTS = 2_000;

class StatementCache {
  private readonly byText = new Map<string, Database.Statement>();
  constructor(private readonly client: Database.Database) {}
  get(text: string): Database.Statement {
    let stmt = this.byText.get(text);
    if (!stmt) {
      if (this.byText.size >= MAX_STATEMENTS) this.byText.clear();
      stmt = this.client.prepare(text);
      this.byText.set(text, stmt);
    }
    return stmt;
  }
}

type Config = { type: "async"; run: RunResult; all: unknown; get: unknown; values: unknown; execute: unknown };

class LeasedQuery extends SQLitePreparedQuery<Config> {
  constructor(
    private readonly lease: ConnectionLease,
    private readonly statements: StatementCache,
    query: Query,
    private readonly fields: SelectedFieldsOrdered | undefined,
    executeMethod: SQLiteExecuteMethod,
    private readonly customResultMapper?: (rows: unknown[][]) => unknown,
  ) {
    super("async", executeMethod, query);
  }

  private params(placeholderValues?: Record<string, unknown>): unknown[] {
    return fillPlaceholders(this.query.params, placeholderValues ?? {});
  }

  private rowsAsObjects(stmt: Database.Statement, asObjects: boolean): Database.Statement {
    return stmt.reader ? stmt.raw(!asObjects) : stmt;
  }

  run(placeholderValues?: Record<string, unknown>): Promise<RunResult> {
    const params = this.params(placeholderValues);
    return this.lease.statement(() => this.statements.get(this.query.sql).run(...params));
  }

  all(placeholderValues?: Record<string, unknown>): Promise<unknown> {
    const params = this.params(placeholderValues);
    const { fields, customResultMapper } = this;
    return this.lease.statement(() => {
      const stmt = this.rowsAsObjects(this.statements.get(this.query.sql), !fields && !customResultMapper);
      const rows = stmt.all(...params) as unknown[][];
      if (customResultMapper) return customResultMapper(rows);
      if (!fields) return rows;
      return rows.map((row) => mapResultRow(fields, row, this.joinsNotNullableMap));
    });
  }

  get(placeholderValues?: Record<string, unknown>): Promise<unknown> {
    const params = this.params(placeholderValues);
    const { fields, customResultMapper } = this;
    return this.lease.statement(() => {
      const stmt = this.rowsAsObjects(this.statements.get(this.query.sql), !fields && !customResultMapper);
      const row = stmt.get(...params) as unknown[] | undefined;
      if (!fields && !customResultMapper) return row;
      if (!row) return undefined;
      if (customResultMapper) return customResultMapper([row]);
      return mapResultRow(fields!, row, this.joinsNotNullableMap);
    });
  }

  values(placeholderValues?: Record<string, unknown>): Promise<unknown> {
    const params = this.params(placeholderValues);
    return this.lease.statement(() => this.rowsAsObjects(this.statements.get(this.query.sql), false).all(...params));
  }

  /** Drizzle sets this on a prepared select with joins (which sides may be null). */
  declare joinsNotNullableMap?: Record<string, boolean>;
}

class LeasedSession<TFullSchema extends Record<string, unknown>, TSchema extends TablesRelationalConfig> extends SQLiteSession<
  "async",
  RunResult,
  TFullSchema,
  TSchema
> {
  private readonly statements: StatementCache;
  constructor(
    client: Database.Database,
    private readonly lease: ConnectionLease,
    dialect: SQLiteAsyncDialect,
  ) {
    super(dialect);
    this.statements = new StatementCache(client);
  }

  prepareQuery(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    executeMethod: SQLiteExecuteMethod,
    _isResponseInArrayMode: boolean,
    customResultMapper?: (rows: unknown[][]) => unknown,
  ) {
    return new LeasedQuery(this.lease, this.statements, query, fields, executeMethod, customResultMapper);
  }

  /** Transactions go through the lease (`withTransaction` in db/client.ts), never Drizzle's own. */
  override transaction(): never {
    throw new Error("Use withTransaction(db, …) from db/client.ts");
  }
}

/** An asynchronous Drizzle database on the connection, every statement taking its turn through `lease`. */
export function leasedDatabase<TFullSchema extends Record<string, unknown>, TSchema extends TablesRelationalConfig>(
  client: Database.Database,
  lease: ConnectionLease,
  schema: RelationalSchemaConfig<TSchema>,
): BaseSQLiteDatabase<"async", RunResult, TFullSchema, TSchema> {
  const dialect = new SQLiteAsyncDialect();
  const session = new LeasedSession<TFullSchema, TSchema>(client, lease, dialect);
  return new BaseSQLiteDatabase("async", dialect, session, schema);
}
