import { sql, type SQL } from "drizzle-orm";
import { nextTurn } from "./batches";

/**
 * Where a long read stopped: the last row's time and rowid. Lists and exports go newest first by
 * (time, rowid), which an index on (owner, time) gives in order (SQLite ends every index with the
 * rowid), so each chunk is an index range, never a sort of everything the owner has.
 */
export interface Keyset {
  at: number;
  rowid: number;
}

/** The time column and rowid of a table, as written in SQL ("entries"."created_at"). */
export function keysetOf(table: string, timeColumn = "created_at") {
  const at = sql.raw(`"${table}"."${timeColumn}"`);
  const rowid = sql.raw(`"${table}"."rowid"`);
  return {
    at: sql<number>`${at}`,
    rowid: sql<number>`${rowid}`,
    /** Rows strictly older than the key (the first term bounds the index range, the second breaks ties). */
    before: (k: Keyset | null): SQL | undefined => (k ? sql`${at} <= ${k.at} and (${at} < ${k.at} or ${rowid} < ${k.rowid})` : undefined),
    /** Rows at or newer than the key (again an index range, then the tie). */
    notBefore: (k: Keyset | null): SQL | undefined => (k ? sql`${at} >= ${k.at} and (${at} > ${k.at} or ${rowid} >= ${k.rowid})` : undefined),
    newestFirst: [sql`${at} desc`, sql`${rowid} desc`] as const,
  };
}

/**
 * Rows newest first, `size` at a time: `read` gives the next rows older than the key (none for
 * the first chunk); the event loop turns between chunks, so a long read never holds the server.
 */
export async function* keysetChunks<R extends Keyset>(read: (after: Keyset | null) => PromiseLike<R[]>, size: number): AsyncGenerator<R[]> {
  let after: Keyset | null = null;
  for (;;) {
    const rows = await read(after);
    if (!rows.length) return;
    yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, rowid: last.rowid };
    await nextTurn();
  }
}
