import { createHash } from "node:crypto";
import type pg from "pg";

/** The advisory lock key of a job: the first 8 bytes of its name's SHA-256, as PostgreSQL's bigint. */
export function jobLockKey(job: string): string {
  return createHash("sha256").update(`harvest-job:${job}`).digest().readBigInt64BE(0).toString();
}

/**
 * Runs `work` in one process only, for a shop on PostgreSQL whose processes all run the same timers (the
 * sweep, scheduled draws, claim reminders, the mail sender; docs/decisions/015-postgresql-beside-sqlite.md).
 * Each run takes the job's advisory lock on a connection it holds for the run: a process that finds it
 * taken skips this turn and resolves with `{ ran: false }`. The lock goes with the connection, so a process
 * that dies mid-run (kill -9) frees it for the next turn of another.
 */
export async function runAlone<T>(pool: pg.Pool, job: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = await pool.connect();
  const key = jobLockKey(job);
  let locked = false;
  try {
    locked = (await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS ok", [key])).rows[0]!.ok;
    if (!locked) return { ran: false };
    return { ran: true, value: await work() };
  } finally {
    if (locked) await client.query("SELECT pg_advisory_unlock($1::bigint)", [key]).catch(() => {});
    client.release();
  }
}

/**
 * Runs `work` while holding the job's advisory lock, waiting for it when another process holds it: for work
 * every process must see done before it goes on, once (seeding an empty shop at start).
 */
export async function runInTurn<T>(pool: pg.Pool, job: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const key = jobLockKey(job);
  try {
    await client.query("SELECT pg_advisory_lock($1::bigint)", [key]);
    try {
      return await work();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1::bigint)", [key]).catch(() => {});
    }
  } finally {
    client.release();
  }
}
