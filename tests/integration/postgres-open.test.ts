import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, PG_MIGRATIONS_FOLDER, PostgresMigrationError, PostgresUnreachableError, shownUrl, type PgDb } from "../../db/postgres";
import { competitions } from "../../db/schema-pg";
import { freePort } from "../helpers/server-process";
import { startPostgres, type TestPostgres } from "../helpers/postgres";

// Opening the shop's PostgreSQL database (db/postgres.ts): migrations applied once however many processes
// start together, nothing applied when one fails, and a plain line when the server cannot be reached.
let server: TestPostgres;
const opened: PgDb[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  server = await startPostgres();
}, 60_000);

afterAll(async () => {
  await Promise.all(opened.map((db) => db.$client.end().catch(() => {})));
  server?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function open(url: string, opts = {}) {
  const db = await openPostgres(url, opts);
  opened.push(db);
  return db;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const publicTables = async (url: string) =>
  (await query<{ table_name: string }>(url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")).map(
    (r) => r.table_name,
  );

describe("opening the shop's PostgreSQL database", () => {
  it("applies the committed migrations to an empty database, and the shop's tables take a competition", async () => {
    const url = await server.createDatabase("open_fresh");
    const db = await open(url);
    expect(await publicTables(url)).toContain("competitions");
    await db.insert(competitions).values({
      title: "Massey Ferguson 5S",
      description: "A tractor",
      image: "/images/tractor.svg",
      category: "Farm Machinery",
      pricePence: 299,
      startDate: new Date("2026-12-01T00:00:00Z"),
      endDate: new Date("2026-12-20T21:00:00Z"),
      drawDate: new Date("2026-12-21T20:00:00Z"),
    } as never);
    const [row] = await db.select({ title: competitions.title, endDate: competitions.endDate }).from(competitions);
    expect(row).toEqual({ title: "Massey Ferguson 5S", endDate: new Date("2026-12-20T21:00:00Z") });
  });

  it("migrates once when several processes start together, and not again on the next start", async () => {
    const url = await server.createDatabase("open_together");
    await Promise.all([open(url), open(url), open(url)]);
    await open(url);
    // One record per committed migration: none applied twice.
    const committed = JSON.parse(readFileSync(join(PG_MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")).entries.length;
    expect(committed).toBeGreaterThanOrEqual(2);
    expect(await query(url, "SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations")).toEqual([{ n: committed }]);
  });

  it("applies none of a start's migrations when one of them fails", async () => {
    const url = await server.createDatabase("open_broken");
    const folder = mkdtempSync(join(tmpdir(), "harvest-pg-migrations-"));
    dirs.push(folder);
    cpSync(PG_MIGRATIONS_FOLDER, folder, { recursive: true });
    writeFileSync(
      join(folder, "0001_broken.sql"),
      'ALTER TABLE "competitions" ADD COLUMN "spare" text;--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" text;',
    );
    const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8"));
    journal.entries.push({ idx: 1, version: "7", when: journal.entries[0].when + 1000, tag: "0001_broken", breakpoints: true });
    writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify(journal));
    await expect(openPostgres(url, { migrationsFolder: folder })).rejects.toThrow(PostgresMigrationError);
    await expect(openPostgres(url, { migrationsFolder: folder })).rejects.toThrow(/failed, and none was applied: relation "no_such_table" does not exist/);
    // Not even the first, good migration: the tables were never created.
    expect(await publicTables(url)).toEqual([]);
    expect(await query(url, "SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations")).toEqual([{ n: 0 }]);
  });

  it("says plainly when the server cannot be reached, or the database is not there, without the password", async () => {
    const closed = `postgres://shop:s3cret-pw@127.0.0.1:${await freePort()}/harvest`;
    const unreachable = await openPostgres(closed, { connectTimeoutMs: 2000 }).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(PostgresUnreachableError);
    expect((unreachable as Error).message).toBe(
      "Cannot reach PostgreSQL at shop@127.0.0.1:" +
        new URL(closed).port +
        "/harvest: the connection was refused (is the server running on that host and port?). Check DATABASE_URL and that the server is running and accepts this user.",
    );
    expect((unreachable as Error).message).not.toContain("s3cret");
    const missing = await openPostgres(server.url("no_such_database")).catch((e: unknown) => e);
    expect((missing as Error).message).toMatch(/^Cannot reach PostgreSQL at shop@127\.0\.0\.1:\d+\/no_such_database: the database does not exist\./);
    expect(shownUrl("not a url")).toBe("(an unreadable DATABASE_URL)");
  });
});
