import { AsyncLocalStorage } from "node:async_hooks";
import type Database from "better-sqlite3";

const noop = () => {};

/** One piece of work's hold on the connection; it lapses when the work is done. */
interface Hold {
  active: boolean;
  /** Savepoints opened inside this hold run one after the other, even when its work starts them together. */
  nested: Promise<void>;
}

/**
 * The one SQLite connection, lent to one piece of work at a time: how asynchronous services share it
 * (docs/decisions/015-postgresql-beside-sqlite.md). A transaction whose body awaits between its
 * statements holds the connection from BEGIN IMMEDIATE to COMMIT, and any other work waits its turn, in
 * the order it asked. Otherwise another request's reads and writes would land inside the open
 * transaction between two of its awaits: reading what it has not committed, or being rolled back with it.
 *
 * Work that holds the connection may ask for it again (a step inside a transaction): it is served at
 * once, and a transaction inside a transaction is a savepoint. Work started inside and left running after
 * the holder is done (a timer, an event) no longer holds it: it waits its turn like any other. A timer
 * that fires while the holder still runs counts as the holder, so work meant to run apart from it (the
 * mail sender woken after a write) is started through `outside`.
 */
export class ConnectionLease {
  private tail: Promise<void> = Promise.resolve();
  private readonly holder = new AsyncLocalStorage<Hold>();
  /** Holds asked for and not yet finished: while there are none, a single statement runs at once. */
  private waiting = 0;
  private savepoints = 0;
  /** SAVEPOINT, RELEASE and ROLLBACK TO for each depth, compiled once (a purchase opens a few per step). */
  private readonly savepointStatements: Array<{ open: Database.Statement; release: Database.Statement; undo: Database.Statement }> = [];
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;

  constructor(private readonly client: Database.Database) {
    this.begin = client.prepare("BEGIN IMMEDIATE");
    this.commit = client.prepare("COMMIT");
    this.rollback = client.prepare("ROLLBACK");
  }

  /** Whether the work running now holds the connection. */
  get held(): boolean {
    return this.holder.getStore()?.active === true;
  }

  /** Whether no work holds the connection or waits for it. */
  get idle(): boolean {
    return this.waiting === 0;
  }

  /** Runs `start` apart from any work holding the connection: what it starts waits its own turn. */
  outside<T>(start: () => T): T {
    return this.holder.exit(start);
  }

  /** Runs `work` with the connection to itself, after the work that asked before it (at once inside work that holds it). */
  hold<T>(work: () => T | Promise<T>): Promise<T> {
    if (this.held) return Promise.resolve().then(work);
    this.waiting++;
    const turn = this.tail.then(async () => {
      const hold: Hold = { active: true, nested: Promise.resolve() };
      try {
        return await this.holder.run(hold, work);
      } finally {
        hold.active = false;
        this.waiting--;
      }
    });
    this.tail = turn.then(noop, noop);
    return turn;
  }

  /**
   * One statement, synchronous on the connection: run now when the work asking holds the connection or
   * nobody does (nothing can come between, as it does not await), else in its turn.
   */
  statement<T>(run: () => T): Promise<T> {
    if (this.held || this.idle) {
      try {
        return Promise.resolve(run());
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    return this.hold(run);
  }

  /**
   * `body` in one transaction: committed when it resolves, rolled back when it throws (and the error
   * passed on). Inside another transaction, a savepoint of its own: its failure undoes only its writes.
   */
  transaction<T>(body: () => T | Promise<T>): Promise<T> {
    const outer = this.holder.getStore();
    if (outer?.active) {
      const turn = outer.nested.then(() => this.savepoint(body));
      outer.nested = turn.then(noop, noop);
      return turn;
    }
    return this.hold(async () => {
      if (this.client.inTransaction) return this.savepoint(body);
      this.begin.run();
      try {
        const value = await body();
        this.commit.run();
        return value;
      } catch (error) {
        if (this.client.inTransaction) this.rollback.run();
        throw error;
      }
    });
  }

  private savepointAt(depth: number) {
    let statements = this.savepointStatements[depth];
    if (!statements) {
      const name = `lease_${depth}`;
      statements = {
        open: this.client.prepare(`SAVEPOINT ${name}`),
        release: this.client.prepare(`RELEASE ${name}`),
        undo: this.client.prepare(`ROLLBACK TO ${name}`),
      };
      this.savepointStatements[depth] = statements;
    }
    return statements;
  }

  private async savepoint<T>(body: () => T | Promise<T>): Promise<T> {
    const statements = this.savepointAt(++this.savepoints);
    statements.open.run();
    const inner: Hold = { active: true, nested: Promise.resolve() };
    try {
      const value = await this.holder.run(inner, body);
      statements.release.run();
      return value;
    } catch (error) {
      if (this.client.inTransaction) {
        statements.undo.run();
        statements.release.run();
      }
      throw error;
    } finally {
      inner.active = false;
      this.savepoints--;
    }
  }
}
