import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "./client";

/**
 * The few pieces of SQL that differ per engine and that a service's query needs, given by the database it
 * runs on, so that the service itself never names the engine (decision 015).
 */
export interface Dialect {
  /** The calendar day (YYYY-MM-DD) of a time column, in the server's time zone. */
  dayOf(column: AnyColumn): SQL<string>;
  /**
   * A column that numbers a table's rows in insertion order, for reading a large table in ranges with the
   * event loop turning between them (SQLite's rowid: each range is one synchronous statement); null where
   * one query over everything does not hold the process (PostgreSQL works in its own processes).
   */
  rowNumber: SQL<number> | null;
}

const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const sqlite: Dialect = {
  dayOf: (column) => sql<string>`strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch', 'localtime')`,
  rowNumber: sql<number>`rowid`,
};

const postgres: Dialect = {
  dayOf: (column) => sql<string>`to_char(${column} at time zone ${sql.raw(`'${serverTimeZone().replace(/'/g, "")}'`)}, 'YYYY-MM-DD')`,
  rowNumber: null,
};

export function dialectOf(db: Db): Dialect {
  return db.engine === "postgres" ? postgres : sqlite;
}
