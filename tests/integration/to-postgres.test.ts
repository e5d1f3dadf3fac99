import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, migrateDb, type Db } from "../../db/client";
import { createPostgresDb, poolOf } from "../../db/postgres-db";
import { competitions, tickets } from "../../db/schema";
import { MoveRefused, moveToPostgres, tablesInCopyOrder } from "../../src/server/maintenance/to-postgres";
import { seed } from "../../src/server/seed/seed";
import { LocalDiskStorage } from "../../src/server/storage/local-disk";
import { PostgresObjectStorage } from "../../src/server/storage/postgres";
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
      // The planner has the copied tables' statistics from the start (not from autovacuum's first pass).
      const analysed = await client.query<{ relname: string }>(
        "SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL AND relname IN ('orders', 'entries', 'tickets')",
      );
      expect(analysed.rows.map((r) => r.relname).sort()).toEqual(["entries", "orders", "tickets"]);
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

describe("npm run db:to-postgres", () => {
  const root = new URL("../..", import.meta.url).pathname;
  const move = (url: string) =>
    spawnSync(process.execPath, ["--import", "tsx", join(root, "scripts/db-to-postgres.ts"), url], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, DATABASE_PATH: join(dir, "shop.db"), NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 120_000,
    });

  it("moves a running shop with its uploads, says what to change, and refuses the same database again", async () => {
    const upload = Buffer.from("a tractor photo, as uploaded");
    await new LocalDiskStorage(join(dir, "uploads")).put("tractor-photo-1234", upload, "image/jpeg", { cleaned: true });
    const url = (await server.createDatabase("moved_by_command")).replace("shop@", "shop:not-shown-pw@");

    const first = move(url);
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Moved the shop to PostgreSQL at shop@127\.0\.0\.1:\d+\/moved_by_command/);
    expect(first.stdout).toContain("1 uploaded files");
    expect(first.stdout).toMatch(/DATABASE_URL=postgres:\/\/shop:<password>@127\.0\.0\.1:\d+\/moved_by_command/);
    expect(first.stdout).not.toContain("not-shown-pw");

    // What the shop on PostgreSQL reads: the same competitions and tickets, and the upload from the database.
    const moved = createPostgresDb(new pg.Pool({ connectionString: url, max: 2 }));
    try {
      expect(await moved.$count(competitions)).toBe(count("competitions"));
      expect(await moved.$count(tickets)).toBe(count("tickets"));
      const stored = await new PostgresObjectStorage(poolOf(moved)!).get("tractor-photo-1234");
      expect(stored?.contentType).toBe("image/jpeg");
      expect(stored?.cleaned).toBe(true);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(upload)).toBe(true);
    } finally {
      await moved.close();
    }

    const again = move(url);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/is not empty: move a shop only into a new, empty database/);
  }, 180_000);
});
