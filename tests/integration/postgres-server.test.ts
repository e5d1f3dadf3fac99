import { existsSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type TestPostgres } from "../helpers/postgres";

// The real PostgreSQL the server suites will also run on (docs/decisions/015-postgresql-beside-sqlite.md),
// and the server's own guarantees the shop's design leans on there, checked on it: a unique key that
// refuses a second ticket number, row locks that queue a second writer, an advisory lock that only one
// process holds, and notifications from one connection to another.
let server: TestPostgres;
const clients: pg.Client[] = [];

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  server = await startPostgres();
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => {})));
  server?.stop();
});

describe("a throw-away PostgreSQL for the tests", () => {
  it("is Debian's PostgreSQL, 15 or newer, answering on loopback", async () => {
    expect(server.major).toBeGreaterThanOrEqual(15);
    expect(server.url()).toMatch(/^postgres:\/\/shop@127\.0\.0\.1:\d+\/postgres$/);
    const db = await connect(server.url());
    const { rows } = await db.query<{ inet_server_addr: string }>("SELECT inet_server_addr()");
    expect(rows[0]!.inet_server_addr).toBe("127.0.0.1");
  });

  it("gives each test file a database of its own, empty and apart from the others", async () => {
    const a = await connect(await server.createDatabase("shop_a"));
    const b = await connect(await server.createDatabase("shop_b"));
    await a.query("CREATE TABLE tickets (competition_id text NOT NULL, number integer NOT NULL, UNIQUE (competition_id, number))");
    await a.query("INSERT INTO tickets VALUES ('c1', 1)");
    const tables = await b.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
    expect(tables.rows).toEqual([]);
    await expect(server.createDatabase("Robert'); DROP TABLE tickets;--")).rejects.toThrow(/Not a database name/);
  });

  it("refuses a second ticket with the same number in a competition (unique_violation, 23505)", async () => {
    const db = await connect(server.url("shop_a"));
    await expect(db.query("INSERT INTO tickets VALUES ('c1', 1)")).rejects.toMatchObject({ code: "23505" });
    await db.query("INSERT INTO tickets VALUES ('c2', 1)");
    expect((await db.query("SELECT count(*)::int AS n FROM tickets")).rows[0]).toEqual({ n: 2 });
  });

  it("queues a second writer behind a row lock until the first commits", async () => {
    const first = await connect(server.url("shop_a"));
    const second = await connect(server.url("shop_a"));
    await first.query("CREATE TABLE competitions (id text PRIMARY KEY, sold integer NOT NULL)");
    await first.query("INSERT INTO competitions VALUES ('c1', 0)");
    await first.query("BEGIN");
    await first.query("SELECT sold FROM competitions WHERE id = 'c1' FOR UPDATE");
    const order: string[] = [];
    await second.query("BEGIN");
    const waiting = second.query("SELECT sold FROM competitions WHERE id = 'c1' FOR UPDATE").then((r) => {
      order.push(`second read ${r.rows[0].sold}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    order.push("first commits");
    await first.query("UPDATE competitions SET sold = sold + 3 WHERE id = 'c1'");
    await first.query("COMMIT");
    await waiting;
    await second.query("COMMIT");
    // The second writer saw the first's sale, never the count from before it.
    expect(order).toEqual(["first commits", "second read 3"]);
  });

  it("lets only one connection hold an advisory lock, and the next once it is let go", async () => {
    const one = await connect(server.url());
    const two = await connect(server.url());
    const tryLock = async (c: pg.Client) => (await c.query<{ ok: boolean }>("SELECT pg_try_advisory_lock(4242) AS ok")).rows[0]!.ok;
    expect(await tryLock(one)).toBe(true);
    expect(await tryLock(two)).toBe(false);
    await one.query("SELECT pg_advisory_unlock(4242)");
    expect(await tryLock(two)).toBe(true);
  });

  it("delivers a notification from one connection to another listening", async () => {
    const listener = await connect(server.url());
    const sender = await connect(server.url());
    await listener.query("LISTEN shop_data");
    const received = new Promise<string | undefined>((resolve) => listener.once("notification", (n) => resolve(n.payload)));
    await sender.query("SELECT pg_notify('shop_data', '42')");
    expect(await received).toBe("42");
  });

  it("leaves nothing behind when stopped", async () => {
    const other = await startPostgres();
    const url = other.url();
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    await probe.connect();
    const { rows } = await probe.query<{ setting: string }>("SHOW data_directory");
    await probe.end();
    other.stop();
    expect(existsSync(rows[0]!.setting)).toBe(false);
    await expect(new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 }).connect()).rejects.toThrow();
  }, 60_000);
});
