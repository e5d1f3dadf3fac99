import { eq } from "drizzle-orm";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first, type Db } from "../../db/client";
import { openPostgres } from "../../db/postgres";
import { createPostgresDb } from "../../db/postgres-db";
import { competitions, orders } from "../../db/schema";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { CLEAN_LEDGER, ledgerProblems } from "../helpers/assertions";
import { startTestServer, type TestServer } from "../helpers/http";
import { startPostgres, type TestPostgres } from "../helpers/postgres";

// PostgreSQL lost while the shop runs (decision 015): requests are answered 503 with Retry-After, nothing
// is left half-written, and once the server is back the shop serves again without a restart.

let server: TestPostgres;
let db: Db;
let api: TestServer;

beforeAll(async () => {
  server = await startPostgres();
  const opened = await openPostgres(await server.createDatabase("shop"), { poolSize: 4, connectTimeoutMs: 1000 });
  db = createPostgresDb(opened.$client);
  api = await startTestServer(db);
}, 60_000);

afterAll(async () => {
  await db?.close().catch(() => {});
  server?.stop();
});

const entry = (competitionId: string, token: string) => ({
  token,
  body: { competitionId, customerName: "Fern Hollis", customerEmail: "fern@example.test", answer: "green", quantity: 2, paymentToken: "sim_approve" },
});

describe("PostgreSQL lost mid-run", () => {
  it("answers 503 with Retry-After while the database is away, keeps nothing half-written, and serves again once it is back", async () => {
    const c = await createCompetition(db, { maxTickets: 100 });
    const buyer = await createUserWithSession(db);
    expect((await api.request("/api/entries", entry(c.id, buyer.token))).status).toBe(201);

    server.pause();
    const during = await api.request("/api/entries", entry(c.id, buyer.token));
    expect(during.status, during.text).toBe(503);
    expect(Number(during.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(during.text).not.toMatch(/ECONNREFUSED|terminat|postgres/i);
    // A signed-in read the cache cannot answer needs the database too.
    expect((await api.request("/api/auth/user", { token: buyer.token })).status).toBe(503);

    server.resume();
    // The pool makes new connections by itself: the next purchase goes through on the same app.
    let after = await api.request("/api/entries", entry(c.id, buyer.token));
    for (let i = 0; i < 20 && after.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 250));
      after = await api.request("/api/entries", entry(c.id, buyer.token));
    }
    expect(after.status).toBe(201);

    const row = (await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!;
    const states = (await db.select({ status: orders.status, failure: orders.failureReason }).from(orders)).map((o) => `${o.status}:${o.failure ?? ""}`);
    expect(row.soldTickets, `${after.text} ${states.join(", ")}`).toBe(4);
    expect(row.heldTickets).toBe(0);
    const paid = await db.select().from(orders).where(eq(orders.status, "paid"));
    expect(paid).toHaveLength(2);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  }, 60_000);

  it("stops the server at start with one plain line and exit code 1 when PostgreSQL cannot be reached", () => {
    const root = new URL("../..", import.meta.url).pathname;
    const url = server
      .url("shop")
      .replace("shop@", "shop:s3cret-pw@")
      .replace(/:(\d+)\//, (_, port: string) => `:${Number(port) + 1}/`);
    const started = spawnSync(process.execPath, ["--import", "tsx", join(root, "src/server/main.ts")], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", PORT: "0", DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), "harvest-nopg-")), LOG_LEVEL: "warn" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr.trim()).toMatch(/^Cannot reach PostgreSQL at shop@127\.0\.0\.1:\d+\/shop: the connection was refused/);
    expect(started.stderr).not.toContain("s3cret-pw");
    expect(started.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("refuses to start when PostgreSQL cannot be reached, in one plain line without the password", async () => {
    const url = server
      .url("shop")
      .replace("shop@", "shop:s3cret-pw@")
      .replace(/:(\d+)\//, (_, port: string) => `:${Number(port) + 1}/`);
    const error = await openPostgres(url, { connectTimeoutMs: 1000 }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/^Cannot reach PostgreSQL at shop@127\.0\.0\.1:\d+\/shop: the connection was refused/);
    expect(error?.message).not.toContain("s3cret-pw");
  });
});
