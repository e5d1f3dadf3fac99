import type Database from "better-sqlite3";

/**
 * Group commit for the purchase path. At a launch-night peak many buyers' short write steps arrive
 * within the same turn of the event loop; committing each on its own writes the same table and
 * index pages to the WAL again and again. Here the steps queued during one turn run, one after the
 * other, inside a single IMMEDIATE transaction, each in its own savepoint: a step that throws rolls
 * back only its own writes and gets its own error, and every step sees the writes of the steps
 * before it exactly as if they had committed separately. No step's promise settles before the
 * COMMIT has succeeded; if the COMMIT fails, every step in the group fails with that error and
 * nothing of the group is kept.
 *
 * Steps must be synchronous (the write lock is never held across an await).
 */
interface Step {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** Upper bound on the steps in one transaction, so one commit never grows without limit. */
const MAX_GROUP = 256;

export class GroupCommit {
  private queue: Step[] = [];
  private scheduled = false;
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;
  private readonly savepoint: Database.Statement;
  private readonly release: Database.Statement;
  private readonly rollbackTo: Database.Statement;

  constructor(private readonly client: Database.Database) {
    this.begin = client.prepare("BEGIN IMMEDIATE");
    this.commit = client.prepare("COMMIT");
    this.rollback = client.prepare("ROLLBACK");
    this.savepoint = client.prepare("SAVEPOINT group_step");
    this.release = client.prepare("RELEASE group_step");
    this.rollbackTo = client.prepare("ROLLBACK TO group_step");
  }

  enqueue<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.runQueued());
      }
    });
  }

  /**
   * Commits what is queued now, without waiting for the next turn of the event loop. It first lets
   * the current turn finish (steps about to be queued by promises already resolving are included),
   * then resolves once every step queued by then has settled: tests await it instead of sleeping.
   */
  async flush(): Promise<void> {
    do {
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (this.queue.length && !this.client.inTransaction) this.runGroup();
    } while (this.queue.length);
  }

  private runQueued(): void {
    this.scheduled = false;
    if (!this.queue.length) return;
    this.runGroup();
    if (this.queue.length) {
      this.scheduled = true;
      setImmediate(() => this.runQueued());
    }
  }

  private runGroup(): void {
    const group = this.queue.splice(0, MAX_GROUP);
    if (this.client.inTransaction) {
      // Never the case on the event loop (transactions here are synchronous); be safe anyway.
      for (const step of group) this.enqueue(step.run).then(step.resolve, step.reject);
      return;
    }
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      this.begin.run();
      for (const step of group) {
        this.savepoint.run();
        try {
          const value = step.run();
          this.release.run();
          outcomes.push({ ok: true, value });
        } catch (error) {
          this.rollbackTo.run();
          this.release.run();
          outcomes.push({ ok: false, error });
        }
      }
      this.commit.run();
    } catch (error) {
      if (this.client.inTransaction) this.rollback.run();
      for (const step of group) step.reject(error);
      return;
    }
    group.forEach((step, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) step.resolve(outcome.value);
      else step.reject(outcome.error);
    });
  }
}
