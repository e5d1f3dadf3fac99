/**
 * Counters the shop's limits are built on: the API's budget per address, the forms' rate limits,
 * declined payments per buyer and address, the sign-in throttle, and one refund of an order at a
 * time. Each key holds a count and the time (ms) its row stops meaning anything (`resetAt`).
 *
 * Two stores behave the same: in memory for a shop on SQLite, which runs as one process (a restart
 * forgets them, which costs one more window at most), and in the database for a shop on PostgreSQL,
 * whose processes must all see one count (./database-counters.ts).
 */
export interface Window {
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

export interface Counters {
  /** True when every process of the shop sees the same counts (the database's store). */
  readonly shared: boolean;
  /** Counts one more for `key`; a window that has ended starts again (for `windowMs`). Returns the window as it is now. */
  add(key: string, windowMs: number, now: number): Promise<Window>;
  /** The windows of these keys that have not ended at `now`. */
  read(keys: readonly string[], now: number): Promise<Map<string, Window>>;
  /** Sets a key's window outright. */
  put(key: string, count: number, resetAt: number): Promise<void>;
  remove(...keys: string[]): Promise<void>;
  /**
   * A token bucket (held as the time it will be full again): `burst` calls at once, refilled at
   * `perSecond`. Takes `cost`; returns the seconds to wait when there is not enough, else 0.
   */
  take(key: string, cost: number, perSecond: number, burst: number, now: number): Promise<number>;
  /** Claims `key` until now + `ms` unless a claim of it is running: the claim's token, or null. */
  claim(key: string, ms: number, now: number): Promise<number | null>;
  /** Ends a claim, if it is still this token's (one that ran out may have been claimed again). */
  release(key: string, token: number): Promise<void>;
}

/** A bucket's arithmetic, the same in both stores: the cost and the room of a bucket, in ms of refilling. */
export function bucketOf(cost: number, perSecond: number, burst: number): { cost: number; room: number } {
  return { cost: Math.max(1, Math.round((cost * 1000) / perSecond)), room: Math.round((burst * 1000) / perSecond) };
}

/** Seconds to wait before a bucket full again at `fullAt` has room for `cost` more. */
export function bucketWait(fullAt: number, cost: number, room: number, now: number): number {
  return Math.max(1, Math.ceil((Math.max(fullAt, now) + cost - now - room) / 1000));
}

/** A claim's token: any number another claim is unlikely to draw. */
export function claimToken(): number {
  return 1 + Math.floor(Math.random() * 2_000_000_000);
}

const MAX_KEYS = 100_000;

/** The store of one process: a map, pruned of ended windows when it grows large. */
export class MemoryCounters implements Counters {
  readonly shared = false;
  private readonly windows = new Map<string, Window>();

  add(key: string, windowMs: number, now: number): Promise<Window> {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 1, resetAt: now + windowMs };
      this.set(key, w, now);
    } else w.count += 1;
    return Promise.resolve({ ...w });
  }

  read(keys: readonly string[], now: number): Promise<Map<string, Window>> {
    const found = new Map<string, Window>();
    for (const key of keys) {
      const w = this.windows.get(key);
      if (w && w.resetAt > now) found.set(key, { ...w });
    }
    return Promise.resolve(found);
  }

  put(key: string, count: number, resetAt: number): Promise<void> {
    this.set(key, { count, resetAt }, Date.now());
    return Promise.resolve();
  }

  remove(...keys: string[]): Promise<void> {
    for (const key of keys) this.windows.delete(key);
    return Promise.resolve();
  }

  take(key: string, cost: number, perSecond: number, burst: number, now: number): Promise<number> {
    const b = bucketOf(cost, perSecond, burst);
    const fullAt = this.windows.get(key)?.resetAt ?? now;
    const next = Math.max(fullAt, now) + b.cost;
    if (next - now > b.room) return Promise.resolve(bucketWait(fullAt, b.cost, b.room, now));
    this.set(key, { count: 0, resetAt: next }, now);
    return Promise.resolve(0);
  }

  claim(key: string, ms: number, now: number): Promise<number | null> {
    const w = this.windows.get(key);
    if (w && w.resetAt > now) return Promise.resolve(null);
    const token = claimToken();
    this.set(key, { count: token, resetAt: now + ms }, now);
    return Promise.resolve(token);
  }

  release(key: string, token: number): Promise<void> {
    if (this.windows.get(key)?.count === token) this.windows.delete(key);
    return Promise.resolve();
  }

  private set(key: string, w: Window, now: number): void {
    if (!this.windows.has(key) && this.windows.size >= MAX_KEYS) {
      for (const [k, old] of this.windows) if (old.resetAt <= now) this.windows.delete(k);
      if (this.windows.size >= MAX_KEYS) this.windows.clear();
    }
    this.windows.set(key, w);
  }
}
