import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getTableColumns, is } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { getTableConfig as getPgTableConfig, PgTable, type PgTableWithColumns } from "drizzle-orm/pg-core";
import { getTableConfig, SQLiteTable, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, migrateDb, type Db } from "../../db/client";
import * as description from "../../db/schema";
import * as pgSchema from "../../db/schema-pg";
import { startPostgres, type TestPostgres } from "../helpers/postgres";

// The shop's tables are described once (db/schema) and each engine's migrations are generated from that
// description and committed (db/migrations, db/migrations-pg). This builds a database of each from its
// committed migrations and compares them: the same tables, columns, nullability, keys, foreign keys,
// unique constraints and indexes, and every column of the type its kind has on that engine. A change to
// the description whose migrations were generated for one engine only fails here.

interface Shape {
  columns: Record<string, { type: string; notNull: boolean }>;
  primaryKey: string[];
  foreignKeys: string[];
  uniques: string[];
  indexes: string[];
}

let server: TestPostgres;
let pool: pg.Pool;
let sqlite: Db;
let dir: string;

beforeAll(async () => {
  server = await startPostgres();
  pool = new pg.Pool({ connectionString: await server.createDatabase("schema_engines") });
  await migrate(drizzle(pool), { migrationsFolder: join(process.cwd(), "db/migrations-pg") });
  dir = mkdtempSync(join(tmpdir(), "harvest-schema-"));
  sqlite = createDb(join(dir, "shop.db"));
  migrateDb(sqlite);
}, 60_000);

afterAll(async () => {
  await pool?.end();
  sqlite?.$client.close();
  server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Each table of the description: its name, and its columns' kinds by column name. */
function described(): Map<string, Map<string, string>> {
  const tables = new Map<string, Map<string, string>>();
  for (const value of Object.values(description)) {
    if (!is(value, SQLiteTable)) continue;
    const config = getTableConfig(value);
    tables.set(config.name, new Map(config.columns.map((c) => [c.name, c.columnType])));
  }
  return tables;
}

/** What a column kind of the description is stored as on each engine (db/schema-pg/derive.ts). */
const STORED: Record<string, { sqlite: string; postgresql: string }> = {
  SQLiteText: { sqlite: "text", postgresql: "text" },
  SQLiteTextJson: { sqlite: "text", postgresql: "jsonb" },
  SQLiteInteger: { sqlite: "integer", postgresql: "bigint" },
  SQLiteTimestamp: { sqlite: "integer", postgresql: "timestamp with time zone" },
  SQLiteBoolean: { sqlite: "integer", postgresql: "boolean" },
  SQLiteBlobBuffer: { sqlite: "blob", postgresql: "bytea" },
};

const listed = (names: string[]) => names.join(",");

/** The export name of a table of the description (the PostgreSQL schema exports the same names). */
function exportNameOf(table: SQLiteTable): string {
  return Object.entries(description).find(([, v]) => v === table)![0];
}

/** A value of each column kind that tests its edges: past 2³¹, a time to the millisecond, bytes with zeros. */
function sampleOf(column: SQLiteColumn & { enumValues?: string[] }): unknown {
  switch (column.columnType) {
    case "SQLiteText":
      return column.enumValues?.length ? column.enumValues[column.enumValues.length - 1] : `${column.name} "quoted" £ — ünïcode`;
    case "SQLiteTextJson":
      return { list: [1, 2.5, "three"], nested: { yes: true, none: null } };
    case "SQLiteInteger":
      return 3_000_000_123;
    case "SQLiteTimestamp":
      return new Date("2026-12-21T20:00:00.123Z");
    case "SQLiteBoolean":
      return true;
    case "SQLiteBlobBuffer":
      return Buffer.from([0, 1, 2, 0, 255]);
    default:
      throw new Error(`no sample for ${column.columnType}`);
  }
}
/**
 * A column's own `.unique()`: SQLite's migrations make it a unique index named `<table>_<column>_unique`,
 * PostgreSQL's a UNIQUE constraint. Both count among the unique column sets, not among the indexes.
 */
const columnUnique = (i: { name: string; unique: boolean | number; partial: boolean | number }) =>
  Boolean(i.unique) && !i.partial && i.name.endsWith("_unique");

function sqliteShape(table: string): Shape {
  const db = sqlite.$client;
  type Column = { name: string; type: string; notnull: number; pk: number; hidden: number };
  const columns = db.prepare(`PRAGMA table_xinfo("${table}")`).all() as Column[];
  const pkColumns = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  type Fk = { id: number; seq: number; table: string; from: string; to: string; on_delete: string };
  const fks = db.prepare(`PRAGMA foreign_key_list("${table}")`).all() as Fk[];
  const fkIds = [...new Set(fks.map((f) => f.id))];
  type Index = { name: string; unique: number; origin: string; partial: number };
  const indexList = db.prepare(`PRAGMA index_list("${table}")`).all() as Index[];
  const indexColumns = (name: string) =>
    (db.prepare(`PRAGMA index_info("${name}")`).all() as { seqno: number; name: string }[]).sort((a, b) => a.seqno - b.seqno).map((c) => c.name);
  return {
    columns: Object.fromEntries(
      columns.map((c) => [
        c.name,
        { type: c.type.toLowerCase(), notNull: c.notnull === 1 || (c.pk > 0 && pkColumns.length === 1 && c.type.toLowerCase() === "integer") || c.pk > 0 },
      ]),
    ),
    primaryKey: pkColumns.map((c) => c.name),
    foreignKeys: fkIds
      .map((id) => {
        const parts = fks.filter((f) => f.id === id).sort((a, b) => a.seq - b.seq);
        return `(${listed(parts.map((p) => p.from))}) → ${parts[0]!.table}(${listed(parts.map((p) => p.to))}) on delete ${parts[0]!.on_delete.toLowerCase()}`;
      })
      .sort(),
    uniques: indexList
      .filter((i) => i.unique && i.origin !== "pk" && !i.partial)
      .map((i) => listed(indexColumns(i.name)))
      .sort(),
    indexes: indexList
      .filter((i) => i.origin === "c" && !columnUnique(i))
      .map((i) => `${i.name} ${i.unique ? "unique " : ""}(${listed(indexColumns(i.name))})${i.partial ? " partial" : ""}`)
      .sort(),
  };
}

async function postgresShape(table: string): Promise<Shape> {
  const q = async <T extends pg.QueryResultRow>(text: string) => (await pool.query<T>(text, [table])).rows;
  const columns = await q<{ column_name: string; data_type: string; is_nullable: string }>(
    "SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1",
  );
  const constraintColumns = async (type: "p" | "u" | "f") =>
    q<{ name: string; columns: string[]; ref_table: string | null; ref_columns: string[] | null; on_delete: string }>(`
      SELECT c.conname AS name,
        ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS columns,
        c.confrelid::regclass::text AS ref_table,
        ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS ref_columns,
        CASE c.confdeltype WHEN 'a' THEN 'no action' WHEN 'r' THEN 'restrict' WHEN 'c' THEN 'cascade' WHEN 'n' THEN 'set null' WHEN 'd' THEN 'set default' ELSE '' END AS on_delete
      FROM pg_constraint c WHERE c.conrelid = $1::regclass AND c.contype = '${type}'`);
  const constraintNames = (await q<{ conname: string }>("SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass")).map((r) => r.conname);
  const indexes = await q<{ name: string; unique: boolean; primary: boolean; columns: string[]; partial: boolean }>(`
    SELECT i.relname AS name, x.indisunique AS unique, x.indisprimary AS primary, x.indpred IS NOT NULL AS partial,
      ARRAY(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.n ORDER BY k.o)::text[] AS columns
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = $1::regclass`);
  const [pk] = await constraintColumns("p");
  return {
    columns: Object.fromEntries(columns.map((c) => [c.column_name, { type: c.data_type, notNull: c.is_nullable === "NO" }])),
    primaryKey: pk?.columns ?? [],
    foreignKeys: (await constraintColumns("f"))
      .map((f) => `(${listed(f.columns)}) → ${f.ref_table}(${listed(f.ref_columns ?? [])}) on delete ${f.on_delete}`)
      .sort(),
    uniques: indexes
      .filter((i) => i.unique && !i.primary && !i.partial)
      .map((i) => listed(i.columns))
      .sort(),
    indexes: indexes
      .filter((i) => !constraintNames.includes(i.name) && !columnUnique(i))
      .map((i) => `${i.name} ${i.unique ? "unique " : ""}(${listed(i.columns)})${i.partial ? " partial" : ""}`)
      .sort(),
  };
}

describe("the two engines' tables, built from their committed migrations", () => {
  it("has a PostgreSQL table for every table of the description, and no other", () => {
    const pgNames = Object.values(pgSchema)
      .filter((v) => is(v, PgTable))
      .map((t) => getPgTableConfig(t as PgTable).name);
    expect(new Set(pgNames)).toEqual(new Set(described().keys()));
  });

  it("has the same tables on both engines", async () => {
    const onSqlite = (
      sqlite.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'").all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    const onPostgres = (await pool.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")).rows.map(
      (r) => r.table_name,
    );
    expect(new Set(onPostgres)).toEqual(new Set(onSqlite));
    expect(new Set(onSqlite)).toEqual(new Set(described().keys()));
  });

  it("gives every table the same columns, nullability, keys, foreign keys, unique constraints and indexes, each column stored as its kind says", async () => {
    for (const [table, kinds] of described()) {
      const onSqlite = sqliteShape(table);
      const onPostgres = await postgresShape(table);
      const stored = (engine: "sqlite" | "postgresql") =>
        Object.fromEntries([...kinds].map(([column, kind]) => [column, STORED[kind]?.[engine] ?? `unknown kind ${kind}`]));
      const types = (shape: Shape) => Object.fromEntries(Object.entries(shape.columns).map(([column, c]) => [column, c.type]));
      const nullability = (shape: Shape) => Object.fromEntries(Object.entries(shape.columns).map(([column, c]) => [column, c.notNull]));
      expect(types(onSqlite), `${table} on SQLite`).toEqual(stored("sqlite"));
      expect(types(onPostgres), `${table} on PostgreSQL`).toEqual(stored("postgresql"));
      expect(nullability(onPostgres), `${table}: NOT NULL`).toEqual(nullability(onSqlite));
      expect(onPostgres.primaryKey, `${table}: primary key`).toEqual(onSqlite.primaryKey);
      expect(onPostgres.foreignKeys, `${table}: foreign keys`).toEqual(onSqlite.foreignKeys);
      expect(onPostgres.uniques, `${table}: unique constraints`).toEqual(onSqlite.uniques);
      expect(onPostgres.indexes, `${table}: indexes`).toEqual(onSqlite.indexes);
    }
  });

  it("gives a service the same values back from both engines, for every column of every table", async () => {
    // One row per table, written without its parents: the check is of values, not of keys.
    sqlite.$client.pragma("foreign_keys = OFF");
    const client = await pool.connect();
    await client.query("SET session_replication_role = replica");
    const onPg = drizzle(client);
    try {
      for (const value of Object.values(description)) {
        if (!is(value, SQLiteTable)) continue;
        const name = getTableConfig(value).name;
        const pgTable = (pgSchema as unknown as Record<string, PgTableWithColumns<any>>)[exportNameOf(value)]!; // eslint-disable-line @typescript-eslint/no-explicit-any
        const row: Record<string, unknown> = {};
        for (const [key, column] of Object.entries(getTableColumns(value)) as [string, SQLiteColumn & { enumValues?: string[]; generated?: unknown }][]) {
          if (column.generated) continue;
          row[key] = sampleOf(column);
        }
        await sqlite.insert(value).values(row as never);
        await onPg.insert(pgTable).values(row as never);
        const fromSqlite = await sqlite.select().from(value);
        const fromPostgres = await onPg.select().from(pgTable);
        expect(fromPostgres, name).toEqual(fromSqlite);
      }
    } finally {
      await client.query("RESET session_replication_role");
      client.release();
      sqlite.$client.pragma("foreign_keys = ON");
    }
  });

  it("computes an order's reference the same way on both (the last eight characters of its id, in capitals)", async () => {
    const id = "01a21ce6-44ac-76f4-8d80-7d8ec5a5e7f9";
    const onSqlite = (sqlite.$client.prepare("SELECT upper(substr(?, -8)) AS r").get(id) as { r: string }).r;
    const onPostgres = (await pool.query<{ r: string }>("SELECT upper(right($1, 8)) AS r", [id])).rows[0]!.r;
    expect(onPostgres).toBe(onSqlite);
    expect(onSqlite).toBe("C5A5E7F9");
  });
});
