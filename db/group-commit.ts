import type { Lease } from "./client";

/**
 * Group commit for the purchase path. At a launch-night peak many buyers' short write steps arrive
 * within the same turn of the event loop; committing each on its own writes the same table and
 * index pages to the WAL again and again. Here the steps queued during one turn run, one after the
 * other, inside a single IMMEDIATE transaction holding the connection (db/lease.ts), each in its own
 * savepoint: a step that throws rolls back only its own writes and gets its own error, and every step
 * sees the writes of the steps before it exactly as if they had committed separately. No step's
 * promise settles before the COMMIT has succeeded; if the COMMIT fails, every step in the group fails
 * with that error and nothing of the group is kept.
 *
 * A step awaits only the database: the group holds the connection while it runs.
 */
interface Step {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** Upper bound on the steps in one transaction, so one commit never grows without limit. */
const MAX_GROUP = 256;

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export class GroupCommit {
  private queue: Step[] = [];
  private scheduled = false;
  private running: Promise<void> | null = null;

  constructor(private readonly lease: Lease) {}

  enqueue<T>(run: () => T | Promise<T>): Promise<T> {
    // A step asked for by work that holds the connection (inside a transaction) cannot wait for the
    // next group, which needs the connection: it runs now, in a savepoint of that transaction.
    if (this.lease.held) return this.lease.transaction(run);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
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
      if (this.running) await this.running;
      else if (this.queue.length) await this.runGroups();
    } while (this.queue.length || this.running);
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.runGroups();
    });
  }

  private runGroups(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      while (this.queue.length) await this.runGroup(this.queue.splice(0, MAX_GROUP));
    })().finally(() => {
      this.running = null;
      if (this.queue.length) this.schedule();
    });
    return this.running;
  }

  private async runGroup(group: Step[]): Promise<void> {
    const outcomes: Outcome[] = [];
    try {
      await this.lease.transaction(async () => {
        for (const step of group) {
          try {
            outcomes.push({ ok: true, value: await this.lease.transaction(step.run) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
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
