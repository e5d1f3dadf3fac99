import { createHash } from "node:crypto";
import { asc, getTableColumns, is, sql } from "drizzle-orm";
import { getTableConfig as getPgTableConfig, type PgTableWithColumns } from "drizzle-orm/pg-core";
import { getTableConfig, SQLiteTable, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import pg from "pg";
import { commitmentOf, verifyDraw } from "../../shared/draw";
import type { Db } from "../../../db/client";
import { openPostgres, shownUrl, type PgDb } from "../../../db/postgres";
import * as description from "../../../db/schema";
import * as pgSchema from "../../../db/schema-pg";

// Moving a shop from its SQLite file to an empty PostgreSQL database (docs/decisions/015-postgresql-beside-sqlite.md):
// every table copied in an order its foreign keys accept, then checked row by row, with each customer's credit
// balance and every draw's proof recomputed on what PostgreSQL holds. `npm run db:to-postgres`
// (scripts/db-to-postgres.ts) takes the consistent snapshot first, moves the uploads too and says what to
// change in the environment.

type AnyPgTable = PgTableWithColumns<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const BATCH = 500;

export class MoveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MoveRefused";
  }
}

interface TablePair {
  name: string;
  sqlite: SQLiteTable;
  pg: AnyPgTable;
  /** The columns that order the rows on both engines: the primary key's. */
  order: string[];
}

/** The description's tables, parents before children. */
export function tablesInCopyOrder(): TablePair[] {
  const pairs = new Map<string, TablePair>();
  const parents = new Map<string, Set<string>>();
  for (const [exportName, value] of Object.entries(description)) {
    if (!is(value, SQLiteTable)) continue;
    const config = getTableConfig(value);
    const pgTable = (pgSchema as unknown as Record<string, AnyPgTable>)[exportName];
    if (!pgTable) throw new Error(`No PostgreSQL table for ${config.name}`);
    const pk = config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name);
    pairs.set(config.name, { name: config.name, sqlite: value, pg: pgTable, order: pk });
    parents.set(config.name, new Set(config.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name).filter((p) => p !== config.name)));
  }
  const ordered: TablePair[] = [];
  const placed = new Set<string>();
  while (placed.size < pairs.size) {
    const ready = [...pairs.keys()].filter((name) => !placed.has(name) && [...parents.get(name)!].every((p) => placed.has(p))).sort();
    if (ready.length === 0) throw new Error("The tables' foreign keys form a cycle");
    for (const name of ready) {
      ordered.push(pairs.get(name)!);
      placed.add(name);
    }
  }
  return ordered;
}

/** The columns a copy writes: all but generated ones, which each engine computes itself. */
function writable(table: SQLiteTable): string[] {
  return Object.entries(getTableColumns(table))
    .filter(([, c]) => !(c as SQLiteColumn & { generated?: unknown }).generated)
    .map(([key]) => key);
}

/** A row as both engines hand it to a service, in a form that hashes the same (Dates as ms, bytes as hex). */
function canonical(row: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => [k, norm(row[k])]),
  );
}
function norm(v: unknown): unknown {
  if (v instanceof Date) return { ms: v.getTime() };
  if (Buffer.isBuffer(v)) return { hex: v.toString("hex") };
  if (Array.isArray(v)) return v.map(norm);
  if (v && typeof v === "object")
    return Object.fromEntries(
      Object.entries(v)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, x]) => [k, norm(x)]),
    );
  return v;
}

export interface TableCheck {
  table: string;
  rows: number;
  sha256: string;
}

export interface MoveReport {
  target: string;
  tables: TableCheck[];
  rows: number;
  /** Customers (by account, or by email for a guest's credit) whose balance was recomputed on PostgreSQL. */
  balances: number;
  /** Draws whose published proof was recomputed on PostgreSQL and holds. */
  draws: number;
}

async function* sqliteRows(db: Db, pair: TablePair) {
  const columns = getTableColumns(pair.sqlite) as Record<string, SQLiteColumn>;
  const order = pair.order.map((name) => asc(Object.values(columns).find((c) => c.name === name)!));
  for (let offset = 0; ; offset += BATCH) {
    const rows = (await db
      .select()
      .from(pair.sqlite)
      .orderBy(...order)
      .limit(BATCH)
      .offset(offset)) as Record<string, unknown>[];
    if (rows.length === 0) return;
    yield rows;
  }
}

async function* pgRows(target: PgDb, pair: TablePair) {
  const columns = Object.values(getTableColumns(pair.pg)) as Array<{ name: string }>;
  const order = pair.order.map((name) => asc(columns.find((c) => c.name === name) as never));
  for (let offset = 0; ; offset += BATCH) {
    const rows = (await target
      .select()
      .from(pair.pg)
      .orderBy(...order)
      .limit(BATCH)
      .offset(offset)) as Record<string, unknown>[];
    if (rows.length === 0) return;
    yield rows;
  }
}

async function digest(rows: AsyncGenerator<Record<string, unknown>[]>): Promise<{ rows: number; sha256: string }> {
  const hash = createHash("sha256");
  let count = 0;
  for await (const batch of rows)
    for (const row of batch) {
      hash.update(canonical(row)).update("\n");
      count += 1;
    }
  return { rows: count, sha256: hash.digest("hex") };
}

/**
 * Copies the shop in `source` (a consistent snapshot of it: the caller takes one first) into the empty
 * database at `url`, then checks it. Refuses a database that already holds any table.
 */
export async function moveToPostgres(source: Db, url: string): Promise<MoveReport> {
  const shown = shownUrl(url);
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
  } catch (error) {
    throw new MoveRefused(`Cannot reach PostgreSQL at ${shown}: ${(error as Error).message}`);
  }
  try {
    const { rows } = await probe.query<{ n: string }>(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    if (Number(rows[0]!.n) > 0) throw new MoveRefused(`The database at ${shown} is not empty: move a shop only into a new, empty database.`);
  } finally {
    await probe.end();
  }

  const target = await openPostgres(url);
  try {
    const pairs = tablesInCopyOrder();
    // Copy, in one transaction: a failure leaves the database as the migrations made it.
    await target.transaction(async (tx) => {
      for (const pair of pairs) {
        const keys = writable(pair.sqlite);
        for await (const batch of sqliteRows(source, pair)) {
          const values = batch.map((row) => Object.fromEntries(keys.map((k) => [k, row[k]])));
          await tx.insert(pair.pg).values(values as never);
        }
        // Identity columns carry on after the highest copied id.
        for (const column of getPgTableConfig(pair.pg).columns) {
          if ((column as unknown as { generatedIdentity?: unknown }).generatedIdentity)
            await tx.execute(
              sql.raw(
                `SELECT setval(pg_get_serial_sequence('"${pair.name}"', '${column.name}'), COALESCE((SELECT max("${column.name}") FROM "${pair.name}"), 0) + 1, false)`,
              ),
            );
        }
      }
    });

    // The planner's statistics of the copied tables now, not when autovacuum first gets to them: without
    // them the first lists and exports of a big shop are planned as if its tables were empty (a
    // customer's 33,000 orders exported in 23 s rather than 4.5 s).
    await target.execute(sql.raw("ANALYZE"));
    try {
      return await check(source, target, shown, pairs);
    } catch (error) {
      throw new Error(
        `${(error as Error).message}. The copy in ${shown} did not check out and must not be used: the shop still runs on its SQLite file. Drop that database and create it empty before trying again.`,
        { cause: error },
      );
    }
  } finally {
    await target.$client.end();
  }
}

async function check(source: Db, target: PgDb, shown: string, pairs: TablePair[]): Promise<MoveReport> {
  {
    // Check: every table the same, row for row, as a service reads it on either engine.
    const tables: TableCheck[] = [];
    for (const pair of pairs) {
      const before = await digest(sqliteRows(source, pair));
      const after = await digest(pgRows(target, pair));
      if (before.rows !== after.rows || before.sha256 !== after.sha256)
        throw new Error(`${pair.name} differs after the copy: ${before.rows} rows (${before.sha256}) in SQLite, ${after.rows} (${after.sha256}) in PostgreSQL`);
      tables.push({ table: pair.name, ...after });
    }

    // Each customer's credit: the sum of their ledger, on both.
    const ledger = `SELECT coalesce(user_id, 'guest:' || email) AS who, sum(amount_pence) AS pence FROM wallet_entries GROUP BY 1 ORDER BY 1`;
    const sqliteBalances = (await source.lease.statement(() => source.$client.prepare(ledger).all())) as Array<{ who: string; pence: number }>;
    const pgBalances = (await target.$client.query<{ who: string; pence: string }>(ledger)).rows.map((r) => ({ who: r.who, pence: Number(r.pence) }));
    if (JSON.stringify(pgBalances) !== JSON.stringify(sqliteBalances)) throw new Error("A customer's site-credit balance differs after the copy");

    // Every published draw's proof (its commitment, the frozen pool's order and hash, the winners), recomputed
    // from what PostgreSQL holds.
    const drawn = await target.$client.query<{
      pool: string[];
      pool_hash: string;
      pool_size: string;
      beacon: string | null;
      winners: Array<{ k: number; index: number; ticketNumber: string }>;
      draw_seed: string;
    }>(
      `SELECT d.pool, d.pool_hash, d.pool_size, d.beacon, d.winners, c.draw_seed
       FROM draws d JOIN competitions c ON c.id = d.competition_id WHERE d.winners IS NOT NULL`,
    );
    for (const d of drawn.rows) {
      const verdict = await verifyDraw({
        commitment: await commitmentOf(d.draw_seed),
        seed: d.draw_seed,
        pool: d.pool,
        poolHash: d.pool_hash,
        poolSize: Number(d.pool_size),
        beacon: d.beacon,
        winners: d.winners,
      });
      if (!verdict.ok)
        throw new Error(
          `A draw's proof does not hold after the copy: ${verdict.checks
            .filter((c) => !c.ok)
            .map((c) => c.name)
            .join(", ")}`,
        );
    }

    return { target: shown, tables, rows: tables.reduce((n, t) => n + t.rows, 0), balances: pgBalances.length, draws: drawn.rows.length };
  }
}
