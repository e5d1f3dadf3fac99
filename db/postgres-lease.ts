import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";

const noop = () => {};

/** One transaction's connection, with the savepoints its body opens (run one after the other). */
interface Hold {
  readonly client: pg.PoolClient;
  active: boolean;
  nested: Promise<void>;
  depth: number;
}

/** Serialisation failures and deadlocks: PostgreSQL undid the transaction, and running it again is safe. */
const RETRYABLE = new Set(["40001", "40P01"]);
/** Attempts of one transaction before its serialisation failure is passed on. */
const ATTEMPTS = 5;

/** BEGIN failed: nothing of the body ran, so running it on another connection is safe. */
class NotBegun extends Error {
  constructor(readonly cause: Error) {
    super(cause.message);
  }
}

/** Errors that mean the connection itself is gone (the server restarted, the network broke). */
function connectionLost(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  if (e.code && /^(08|57P0)/.test(e.code)) return true;
  if (e.code === "ECONNRESET" || e.code === "ECONNREFUSED" || e.code === "EPIPE" || e.code === "ETIMEDOUT") return true;
  return /Connection terminated|Client was closed|Client has encountered a connection error/i.test(e.message ?? "");
}

/**
 * The shop's transactions on PostgreSQL (decision 015), in the shape of the SQLite lease (db/lease.ts):
 * `transaction(body)` takes a connection from the pool, runs `body` between BEGIN and COMMIT, and every
 * query the body makes, through whatever handle, goes to that connection (the transaction follows the
 * body through AsyncLocalStorage). A transaction inside a transaction is a savepoint of it, and savepoints
 * its body starts together run in turn. Outside a transaction, a query takes any connection of the pool.
 *
 * A serialisation failure or deadlock (40001, 40P01) runs the whole body again, a few times, after a short
 * random pause: PostgreSQL undid everything it did, and a body awaits only the database.
 */
export class PostgresLease {
  private readonly holder = new AsyncLocalStorage<Hold>();

  constructor(readonly pool: pg.Pool) {}

  /** Whether the work running now is inside a transaction. */
  get held(): boolean {
    return this.holder.getStore()?.active === true;
  }

  /** Any number of transactions run at once on PostgreSQL: the pool is never "held". */
  get idle(): boolean {
    return true;
  }

  /** Where a query made now goes: its transaction's connection, or the pool. */
  get client(): pg.Pool | pg.PoolClient {
    const hold = this.holder.getStore();
    return hold?.active ? hold.client : this.pool;
  }

  /** Runs `start` apart from the transaction running now: what it starts takes a connection of its own. */
  outside<T>(start: () => T): T {
    return this.holder.exit(start);
  }

  /** Work that needs no transaction of its own runs at once (the pool hands out connections). */
  hold<T>(work: () => T | Promise<T>): Promise<T> {
    return Promise.resolve().then(work);
  }

  /** SQLite's synchronous call on its connection has no counterpart here: engine-specific code checks the engine first. */
  statement<T>(run: () => T): Promise<T> {
    return Promise.resolve().then(run);
  }

  /** `body` in one transaction (a savepoint inside another): committed when it resolves, rolled back when it throws. */
  transaction<T>(body: () => T | Promise<T>): Promise<T> {
    const outer = this.holder.getStore();
    if (outer?.active) {
      const turn = outer.nested.then(() => this.savepoint(outer, body));
      outer.nested = turn.then(noop, noop);
      return turn;
    }
    return this.withRetries(body);
  }

  private async withRetries<T>(body: () => T | Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(body);
      } catch (error) {
        // A pooled connection that died while idle (the server restarted) fails at BEGIN, before the body
        // ran: the next attempt takes another connection.
        if (error instanceof NotBegun && attempt < ATTEMPTS) continue;
        if (error instanceof NotBegun) throw error.cause;
        const code = (error as { code?: string }).code;
        if (!code || !RETRYABLE.has(code) || attempt >= ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
      }
    }
  }

  private async once<T>(body: () => T | Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const hold: Hold = { client, active: true, nested: Promise.resolve(), depth: 0 };
    let broken: Error | undefined;
    try {
      await client.query("BEGIN").catch((error: Error) => {
        broken = error;
        throw new NotBegun(error);
      });
      const value = await this.holder.run(hold, body);
      hold.active = false;
      await client.query("COMMIT");
      return value;
    } catch (error) {
      hold.active = false;
      if (error instanceof NotBegun) throw error;
      if (connectionLost(error)) broken = error as Error;
      else await client.query("ROLLBACK").catch((e: Error) => (broken = e));
      throw error;
    } finally {
      hold.active = false;
      client.release(broken);
    }
  }

  private async savepoint<T>(outer: Hold, body: () => T | Promise<T>): Promise<T> {
    const name = `lease_${++outer.depth}`;
    const inner: Hold = { client: outer.client, active: true, nested: Promise.resolve(), depth: outer.depth };
    await outer.client.query(`SAVEPOINT ${name}`);
    try {
      const value = await this.holder.run(inner, body);
      inner.active = false;
      await outer.client.query(`RELEASE SAVEPOINT ${name}`);
      return value;
    } catch (error) {
      inner.active = false;
      if (!connectionLost(error)) {
        await outer.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
        await outer.client.query(`RELEASE SAVEPOINT ${name}`);
      }
      throw error;
    } finally {
      inner.active = false;
      outer.depth--;
    }
  }
}
