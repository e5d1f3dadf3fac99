import { sql, type SQL } from "drizzle-orm";
import { nextTurn } from "./batches";

/**
 * Where a long read stopped: the last row's time and its id (`rowid`, the tie-break). Lists and exports
 * go newest first by (time, id): an index on (owner, time) gives the times in order, so each chunk is an
 * index range, never a sort of everything the owner has; only rows of one same time are put in order by
 * their id (a time-ordered UUIDv7, the table's primary key, on every engine).
 */
export interface Keyset {
  /** The time as the database gave it (passed back to it as it is). */
  at: number;
  rowid: string;
}

/** The time column and id of a table, as written in SQL ("entries"."created_at", "entries"."id"). */
export function keysetOf(table: string, timeColumn = "created_at") {
  const at = sql.raw(`"${table}"."${timeColumn}"`);
  const rowid = sql.raw(`"${table}"."id"`);
  return {
    at: sql<number>`${at}`,
    rowid: sql<string>`${rowid}`,
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
