import { AsyncLocalStorage } from "node:async_hooks";
import type Database from "better-sqlite3";

const noop = () => {};

/**
 * The one SQLite connection, lent to one piece of work at a time: how asynchronous services share it
 * (docs/decisions/015-postgresql-beside-sqlite.md). A transaction whose body awaits between its
 * statements holds the connection from BEGIN IMMEDIATE to COMMIT, and any other work waits its turn, in
 * the order it asked. Otherwise another request's reads and writes would land inside the open
 * transaction between two of its awaits: reading what it has not committed, or being rolled back with it.
 *
 * Work that holds the connection may ask for it again (a step inside a transaction): it is served at
 * once, and a transaction inside a transaction is a savepoint. Work started inside and left running after
 * the holder is done must not use the connection: everything a body starts is awaited before it returns.
 */
export class ConnectionLease {
  private tail: Promise<void> = Promise.resolve();
  private readonly holder = new AsyncLocalStorage<ConnectionLease>();
  private savepoints = 0;
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
    return this.holder.getStore() === this;
  }

  /** Runs `work` with the connection to itself, after the work that asked before it (at once inside work that holds it). */
  hold<T>(work: () => T | Promise<T>): Promise<T> {
    if (this.held) return Promise.resolve().then(work);
    const turn = this.tail.then(() => this.holder.run(this, work));
    this.tail = turn.then(noop, noop);
    return turn;
  }

  /**
   * `body` in one transaction: committed when it resolves, rolled back when it throws (and the error
   * passed on). Inside another transaction, a savepoint of its own: its failure undoes only its writes.
   */
  transaction<T>(body: () => T | Promise<T>): Promise<T> {
    return this.hold(async () => {
      const savepoint = this.client.inTransaction ? `lease_${++this.savepoints}` : null;
      if (savepoint) this.client.exec(`SAVEPOINT ${savepoint}`);
      else this.begin.run();
      try {
        const value = await body();
        if (savepoint) this.client.exec(`RELEASE ${savepoint}`);
        else this.commit.run();
        return value;
      } catch (error) {
        if (savepoint) this.client.exec(`ROLLBACK TO ${savepoint}; RELEASE ${savepoint}`);
        else if (this.client.inTransaction) this.rollback.run();
        throw error;
      } finally {
        if (savepoint) this.savepoints--;
      }
    });
  }
}
