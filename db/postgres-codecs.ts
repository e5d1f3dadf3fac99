import { getTableColumns, is, type Column } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as description from "./schema";
import * as derived from "./schema-pg";

/*
 * The services are written once, against the tables of the description (db/schema, Drizzle's SQLite
 * tables), and their queries run on PostgreSQL through Drizzle's PostgreSQL database, which renders
 * them in its own dialect (decision 015). What differs per engine is how a column's value travels:
 * SQLite stores a time as milliseconds, a flag as 0 or 1 and JSON as text, while the derived tables
 * (db/schema-pg) use timestamptz, boolean and jsonb. So on PostgreSQL each column of the description
 * encodes and decodes its values as its derived twin does.
 *
 * One process runs one engine: this is done once, at start, before the first query, and only when
 * the shop runs on PostgreSQL. Afterwards the description's tables are PostgreSQL's for this process.
 */

type Codec = Pick<Column, "mapToDriverValue" | "mapFromDriverValue">;

let borrowed = false;

/** Whether the description's columns carry PostgreSQL's codecs in this process. */
export function usingPostgresCodecs(): boolean {
  return borrowed;
}

/** Gives every column of the description its derived twin's codecs (idempotent). */
export function usePostgresCodecs(): void {
  if (borrowed) return;
  for (const [name, table] of Object.entries(description)) {
    if (!is(table, SQLiteTable)) continue;
    const twin = (derived as Record<string, unknown>)[name];
    if (!twin) throw new Error(`db/schema-pg has no table for ${name}`);
    const theirs = getTableColumns(twin as SQLiteTable) as Record<string, Codec>;
    for (const [key, column] of Object.entries(getTableColumns(table)) as Array<[string, Codec]>) {
      const codec = theirs[key];
      if (!codec) throw new Error(`db/schema-pg has no column ${name}.${key}`);
      column.mapToDriverValue = codec.mapToDriverValue.bind(codec);
      column.mapFromDriverValue = codec.mapFromDriverValue.bind(codec);
    }
  }
  borrowed = true;
}
