import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { inGroupCommit, withTransaction } from "../../db/client";
import { createTestDb } from "../helpers/db";

const db = createTestDb();
const rows = () => db.$client.prepare("select v from gc_rows order by id").pluck().all();

beforeAll(() => {
  db.$client.exec(`create table gc_parent (id integer primary key);
    create table gc_rows (id integer primary key, v text not null, parent integer references gc_parent(id));
    insert into gc_parent values (1);`);
});

describe("group commit", () => {
  it("runs the steps queued together in order, each seeing the ones before it, and a failing step loses only its own writes", async () => {
    db.$client.exec("delete from gc_rows");
    const insert = (v: string) => db.$client.prepare("insert into gc_rows (v) values (?)").run(v);
    const a = inGroupCommit(db, () => (insert("a"), "first"));
    const b = inGroupCommit(db, () => {
      insert("b");
      throw new Error("refused");
    });
    const c = inGroupCommit(db, () => {
      const seen = rows();
      insert("c");
      return seen;
    });
    await expect(a).resolves.toBe("first");
    await expect(b).rejects.toThrow("refused");
    await expect(c).resolves.toEqual(["a"]);
    expect(rows()).toEqual(["a", "c"]);
  });

  it("settles no step before the group is committed: another connection sees the rows by then", async () => {
    db.$client.exec("delete from gc_rows");
    const other = new Database(db.$client.name, { readonly: true });
    try {
      const seenByOther = await inGroupCommit(db, () => db.$client.prepare("insert into gc_rows (v) values ('x')").run()).then(() =>
        other.prepare("select count(*) from gc_rows").pluck().get(),
      );
      expect(seenByOther).toBe(1);
    } finally {
      other.close();
    }
  });

  it("when the commit itself fails, every step of the group fails and none of its writes is kept", async () => {
    db.$client.exec("delete from gc_rows");
    const good = inGroupCommit(db, () => db.$client.prepare("insert into gc_rows (v) values ('kept?')").run());
    // A deferred foreign-key violation is only reported by COMMIT.
    const bad = inGroupCommit(db, () => {
      db.$client.pragma("defer_foreign_keys = ON");
      db.$client.prepare("insert into gc_rows (v, parent) values ('orphan', 99)").run();
    });
    await expect(good).rejects.toThrow(/FOREIGN KEY/);
    await expect(bad).rejects.toThrow(/FOREIGN KEY/);
    expect(rows()).toEqual([]);
    expect(db.$client.inTransaction).toBe(false);
    // The connection is usable afterwards.
    await expect(inGroupCommit(db, () => db.$client.prepare("insert into gc_rows (v) values ('after')").run().changes)).resolves.toBe(1);
    expect(rows()).toEqual(["after"]);
  });

  it("flush() commits what is queued, including steps queued by promises already resolving", async () => {
    db.$client.exec("delete from gc_rows");
    const insert = (v: string) => db.$client.prepare("insert into gc_rows (v) values (?)").run(v);
    // Queued a few microtasks from now, as a purchase's hold is after an awaited provider call.
    const later = Promise.resolve()
      .then(() => undefined)
      .then(() => inGroupCommit(db, (tx) => (insert("late"), tx === db)));
    await db.groupCommit.flush();
    expect(rows()).toEqual(["late"]);
    await expect(later).resolves.toBe(true);
    // Nothing queued: flush() simply returns.
    await db.groupCommit.flush();
    expect(rows()).toEqual(["late"]);
  });

  it("runs steps that await the database between their statements, and keeps every other query out until the group commits", async () => {
    db.$client.exec("delete from gc_rows");
    const insert = (v: string) => db.lease.statement(() => db.$client.prepare("insert into gc_rows (v) values (?)").run(v));
    const count = () => db.lease.statement(() => db.$client.prepare("select count(*) from gc_rows").pluck().get() as number);
    const step = (v: string) =>
      inGroupCommit(db, async () => {
        await insert(`${v}1`);
        await new Promise((resolve) => setImmediate(resolve));
        await insert(`${v}2`);
        return count();
      });
    const a = step("a");
    const b = step("b");
    // Asked for while the group runs: it waits for the commit and sees all four rows, never some of them.
    await new Promise((resolve) => setImmediate(resolve));
    const outside = count();
    await expect(a).resolves.toBe(2);
    await expect(b).resolves.toBe(4);
    await expect(outside).resolves.toBe(4);
    expect(rows()).toEqual(["a1", "a2", "b1", "b2"]);
  });

  it("runs a step asked for inside a transaction at once, in a savepoint of it, instead of waiting for a group that needs the connection", async () => {
    db.$client.exec("delete from gc_rows");
    const outcome = await withTransaction(db, async () => {
      await inGroupCommit(db, () => db.$client.prepare("insert into gc_rows (v) values ('inner')").run());
      return inGroupCommit(db, () => {
        db.$client.prepare("insert into gc_rows (v) values ('undone')").run();
        throw new Error("refused");
      }).catch((error: Error) => error.message);
    });
    expect(outcome).toBe("refused");
    expect(rows()).toEqual(["inner"]);
  });
});
