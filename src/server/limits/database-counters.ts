import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { first } from "../../../db/client";
import { rateCounters } from "../../../db/schema";
import { bucketOf, bucketWait, claimToken, type Counters, type Window } from "./counters";

const t = rateCounters;
const PRUNE_EVERY_MS = 60_000;

/**
 * The counters every process of a shop on PostgreSQL shares, one row per key in `rate_counters`.
 * Each change is one statement (an insert that updates the row when the key is there), so two
 * processes counting the same key at once both count. Rows whose time has passed are deleted by
 * whichever process notices first, once a minute at most. Written in SQL both engines run, so the
 * same behaviour tests cover it on SQLite too.
 */
export class DatabaseCounters implements Counters {
  readonly shared = true;
  private prunedAt = 0;

  constructor(private readonly db: Db) {}

  async add(key: string, windowMs: number, now: number): Promise<Window> {
    this.prune(now);
    const ended = sql`${t.resetAt} <= ${now}`;
    const row = await first(
      this.db
        .insert(t)
        .values({ key, count: 1, resetAt: now + windowMs })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            count: sql`case when ${ended} then 1 else ${t.count} + 1 end`,
            resetAt: sql`case when ${ended} then ${now + windowMs} else ${t.resetAt} end`,
          },
        })
        .returning({ count: t.count, resetAt: t.resetAt }),
    );
    return { count: Number(row!.count), resetAt: Number(row!.resetAt) };
  }

  async read(keys: readonly string[], now: number): Promise<Map<string, Window>> {
    const rows = await this.db
      .select()
      .from(t)
      .where(and(inArray(t.key, [...keys]), sql`${t.resetAt} > ${now}`));
    return new Map(rows.map((r) => [r.key, { count: Number(r.count), resetAt: Number(r.resetAt) }]));
  }

  async put(key: string, count: number, resetAt: number): Promise<void> {
    await this.db.insert(t).values({ key, count, resetAt }).onConflictDoUpdate({ target: t.key, set: { count, resetAt } });
  }

  async remove(...keys: string[]): Promise<void> {
    await this.db.delete(t).where(inArray(t.key, keys));
  }

  async take(key: string, cost: number, perSecond: number, burst: number, now: number): Promise<number> {
    this.prune(now);
    const b = bucketOf(cost, perSecond, burst);
    if (b.cost > b.room) return bucketWait(now, b.cost, b.room, now);
    const from = sql`(case when ${t.resetAt} > ${now} then ${t.resetAt} else ${now} end)`;
    const taken = await this.db
      .insert(t)
      .values({ key, count: 0, resetAt: now + b.cost })
      .onConflictDoUpdate({ target: t.key, set: { resetAt: sql`${from} + ${b.cost}` }, setWhere: sql`${from} + ${b.cost} - ${now} <= ${b.room}` })
      .returning({ resetAt: t.resetAt });
    if (taken.length > 0) return 0;
    const row = await first(this.db.select({ resetAt: t.resetAt }).from(t).where(eq(t.key, key)));
    return bucketWait(Number(row?.resetAt ?? now), b.cost, b.room, now);
  }

  async claim(key: string, ms: number, now: number): Promise<number | null> {
    const token = claimToken();
    const row = await first(
      this.db
        .insert(t)
        .values({ key, count: token, resetAt: now + ms })
        .onConflictDoUpdate({ target: t.key, set: { count: token, resetAt: now + ms }, setWhere: sql`${t.resetAt} <= ${now}` })
        .returning({ count: t.count }),
    );
    return row && Number(row.count) === token ? token : null;
  }

  async release(key: string, token: number): Promise<void> {
    await this.db.delete(t).where(and(eq(t.key, key), eq(t.count, token)));
  }

  /** Deletes the rows whose time has passed: nothing reads them, and a new count starts without them. */
  private prune(now: number): void {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    this.db
      .delete(t)
      .where(lt(t.resetAt, now))
      .then(
        () => {},
        () => {},
      );
  }
}
