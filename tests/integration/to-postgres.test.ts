import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, migrateDb, type Db } from "../../db/client";
import { MoveRefused, moveToPostgres, tablesInCopyOrder } from "../../src/server/maintenance/to-postgres";
import { seed } from "../../src/server/seed/seed";
import { startPostgres, type TestPostgres } from "../helpers/postgres";

// Moving a shop from SQLite to PostgreSQL (src/server/maintenance/to-postgres.ts, decision 015): the demo shop, with its sales,
// credit and published draws, copied into an empty database on a real server and checked there.
let server: TestPostgres;
let dir: string;
let shop: Db;

beforeAll(async () => {
  server = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), "harvest-move-"));
  shop = createDb(join(dir, "shop.db"));
  migrateDb(shop);
  await seed(shop, { demo: true, adminEmail: "admin@harvestdraws.co.uk", adminPassword: "move-admin-pw-1", now: new Date("2026-11-27T12:00:00Z") });
}, 120_000);

afterAll(() => {
  shop?.$client.close();
  server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const count = (table: string) => (shop.$client.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;

describe("moving a shop to PostgreSQL", () => {
  it("copies parents before children", () => {
    const order = tablesInCopyOrder().map((t) => t.name);
    expect(order.indexOf("users")).toBeLessThan(order.indexOf("orders"));
    expect(order.indexOf("competitions")).toBeLessThan(order.indexOf("tickets"));
    expect(order.indexOf("entries")).toBeLessThan(order.indexOf("tickets"));
  });

  it("copies every table of the demo shop and checks it: each table row for row, each balance, each draw's proof", async () => {
    expect(count("tickets")).toBeGreaterThan(100);
    const drawnOnSqlite = (shop.$client.prepare("SELECT count(*) AS n FROM draws WHERE winners IS NOT NULL").get() as { n: number }).n;
    expect(drawnOnSqlite).toBeGreaterThan(0);

    const url = await server.createDatabase("moved_shop");
    const report = await moveToPostgres(shop, url);
    expect(report.tables.map((t) => t.table).sort()).toEqual(
      tablesInCopyOrder()
        .map((t) => t.name)
        .sort(),
    );
    for (const t of report.tables) expect(t.rows, t.table).toBe(count(t.table));
    expect(report.draws).toBe(drawnOnSqlite);
    expect(report.target).toMatch(/^shop@127\.0\.0\.1:\d+\/moved_shop$/);

    // The shop carries on there: a new audit row takes the id after the copied ones.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const before = Number((await client.query<{ m: string }>("SELECT coalesce(max(id), 0) AS m FROM audit_log")).rows[0]!.m);
      const inserted = await client.query<{ id: string }>(
        "INSERT INTO audit_log (action, target_type, created_at) VALUES ('moved', 'shop', now()) RETURNING id",
      );
      expect(Number(inserted.rows[0]!.id)).toBe(before + 1);
      // An order's reference is computed by PostgreSQL as it was by SQLite.
      const refs = await client.query<{ id: string; reference: string }>("SELECT id, reference FROM orders ORDER BY id LIMIT 3");
      for (const r of refs.rows) expect(r.reference).toBe(r.id.slice(-8).toUpperCase());
    } finally {
      await client.end();
    }
  }, 120_000);

  it("refuses a database that is not empty, and says so, touching nothing", async () => {
    const url = await server.createDatabase("moved_twice");
    await moveToPostgres(shop, url);
    const again = await moveToPostgres(shop, url).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(MoveRefused);
    expect((again as Error).message).toMatch(
      /^The database at shop@127\.0\.0\.1:\d+\/moved_twice is not empty: move a shop only into a new, empty database\.$/,
    );
  }, 120_000);
});
