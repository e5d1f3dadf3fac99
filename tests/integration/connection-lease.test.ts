import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConnectionLease } from "../../db/lease";

// The lease that lets asynchronous services share the one SQLite connection (db/lease.ts, decision 015),
// on a real SQLite file: transactions whose bodies await never see or spoil each other's writes.
let dir: string;
let client: Database.Database;
let lease: ConnectionLease;

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
const count = () => (client.prepare("SELECT count(*) AS n FROM tickets").get() as { n: number }).n;
const insert = (competition: string, number: number) => client.prepare("INSERT INTO tickets (competition_id, number) VALUES (?, ?)").run(competition, number);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "harvest-lease-"));
  client = new Database(join(dir, "shop.db"));
  client.pragma("journal_mode = WAL");
  client.exec("CREATE TABLE tickets (competition_id TEXT NOT NULL, number INTEGER NOT NULL, UNIQUE (competition_id, number))");
  lease = new ConnectionLease(client);
});

afterEach(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the connection lease", () => {
  it("runs transactions that await between their statements one after the other, in the order they asked", async () => {
    const log: string[] = [];
    const buyer = (name: string, competition: string) =>
      lease.transaction(async () => {
        log.push(`${name} begins`);
        const next = (client.prepare("SELECT count(*) AS n FROM tickets WHERE competition_id = ?").get(competition) as { n: number }).n + 1;
        await tick(5);
        insert(competition, next);
        await tick(5);
        log.push(`${name} commits #${next}`);
        return next;
      });
    // Three buyers of the same competition at once: each reads the count, waits, then takes the next number.
    const numbers = await Promise.all([buyer("a", "c1"), buyer("b", "c1"), buyer("c", "c1")]);
    expect(numbers).toEqual([1, 2, 3]);
    expect(log).toEqual(["a begins", "a commits #1", "b begins", "b commits #2", "c begins", "c commits #3"]);
  });

  it("keeps work outside a transaction from reading what the transaction has not committed", async () => {
    let committed = false;
    const writing = lease.transaction(async () => {
      insert("c1", 1);
      await tick(30);
      insert("c1", 2);
      committed = true;
    });
    // While the transaction waits between its two writes, another request asks to read.
    await tick(10);
    expect(client.inTransaction).toBe(true);
    const reading = lease.hold(() => ({ rows: count(), afterCommit: committed }));
    await writing;
    // The read waited for the commit: it saw both rows, never the first alone.
    expect(await reading).toEqual({ rows: 2, afterCommit: true });
  });

  it("rolls a failed body back, passes its error on, and lets the next work through", async () => {
    const failing = lease.transaction(async () => {
      insert("c1", 1);
      await tick(1);
      insert("c1", 1); // the same number again: refused
    });
    const next = lease.transaction(() => {
      insert("c1", 7);
      return count();
    });
    await expect(failing).rejects.toThrow(/UNIQUE constraint failed/);
    expect(await next).toBe(1);
    expect(client.prepare("SELECT number FROM tickets").all()).toEqual([{ number: 7 }]);
    expect(client.inTransaction).toBe(false);
  });

  it("makes a transaction inside a transaction a savepoint: its failure undoes only its own writes", async () => {
    const outcome = await lease.transaction(async () => {
      insert("c1", 1);
      const inner = await lease
        .transaction(async () => {
          insert("c1", 2);
          await tick(1);
          throw new Error("card declined");
        })
        .catch((error: Error) => error.message);
      await lease.transaction(() => insert("c1", 3));
      return inner;
    });
    expect(outcome).toBe("card declined");
    expect(client.prepare("SELECT number FROM tickets ORDER BY number").all()).toEqual([{ number: 1 }, { number: 3 }]);
  });

  it("serves work that already holds the connection at once, instead of waiting for itself", async () => {
    const inside = await lease.transaction(async () => {
      expect(lease.held).toBe(true);
      insert("c1", 1);
      return lease.hold(() => count());
    });
    expect(inside).toBe(1);
    expect(lease.held).toBe(false);
  });

  it("no longer lends the connection to work a holder left running once the holder is done: it waits its turn", async () => {
    let leftover: Promise<{ heldAtStart: boolean; rows: number }> | undefined;
    await lease.transaction(() => {
      insert("c1", 1);
      // A timer set inside the transaction fires after it has committed.
      setTimeout(() => {
        const heldAtStart = lease.held;
        leftover = lease.hold(() => ({ heldAtStart, rows: count() }));
      }, 5);
    });
    // Another transaction has the connection when the timer fires, and waits between its two writes.
    const other = lease.transaction(async () => {
      insert("c1", 2);
      await tick(30);
      insert("c1", 3);
    });
    await tick(15);
    expect(await leftover).toBeDefined();
    await other;
    // The left-over work did not slip into the open transaction: it ran after the commit and saw every row.
    expect(await leftover).toEqual({ heldAtStart: false, rows: 3 });
  });

  it("runs savepoints a transaction starts together one after the other, each undone on its own", async () => {
    const order: string[] = [];
    const outcomes = await lease.transaction(() =>
      Promise.allSettled(
        [1, 2, 3].map((n) =>
          lease.transaction(async () => {
            order.push(`start ${n}`);
            insert("c1", n);
            await tick(2);
            order.push(`end ${n}`);
            if (n === 2) throw new Error("refused");
          }),
        ),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(order).toEqual(["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"]);
    expect(client.prepare("SELECT number FROM tickets ORDER BY number").all()).toEqual([{ number: 1 }, { number: 3 }]);
  });

  it("runs a single statement at once when nobody holds the connection, and in its turn when somebody does", async () => {
    const now = lease.statement(() => count());
    expect(lease.idle).toBe(true);
    expect(await now).toBe(0);
    const writing = lease.transaction(async () => {
      insert("c1", 1);
      await tick(10);
      insert("c1", 2);
    });
    const read = lease.statement(() => count());
    await writing;
    expect(await read).toBe(2);
    await expect(lease.statement(() => insert("c1", 1))).rejects.toThrow(/UNIQUE constraint failed/);
  });

  it("lets a holder start work apart from itself (outside): that work waits for the commit instead of entering the transaction", async () => {
    let apart: Promise<number> | undefined;
    let inside: Promise<number> | undefined;
    await lease.transaction(async () => {
      insert("c1", 1);
      lease.outside(() => setTimeout(() => (apart = lease.hold(() => count())), 0));
      setTimeout(() => (inside = lease.hold(() => count())), 0);
      await tick(20);
      insert("c1", 2);
    });
    // The timer set the usual way fired while the transaction ran and counted as it (one row so far);
    // the one started outside waited for the commit and saw both.
    expect(await inside).toBe(1);
    expect(await apart).toBe(2);
  });
});
