import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServerProcess } from "../helpers/server-process";

const root = fileURLToPath(new URL("../..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "harvest-startup-"));
chmodSync(scratch, 0o755);
afterAll(() => {
  if (existsSync(join(scratch, "readonly-folder"))) chmodSync(join(scratch, "readonly-folder"), 0o755);
  rmSync(scratch, { recursive: true, force: true });
});

/*
 * Permissions mean nothing to root, so as root the server under test runs as "nobody"; as anyone
 * else it runs as that user and the read-only bits bite as they would in production.
 */
const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;
const owned = (path: string) => {
  if (asRoot) chownSync(path, NOBODY, NOBODY);
  return path;
};

/** Starts the real server with `env` and waits for it to stop by itself. */
async function startUp(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, ["--import", "tsx", join(root, "src/server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      SEED_ADMIN_PASSWORD: "startup-admin-pw",
      LOG_LEVEL: "warn",
      HOME: scratch,
      ...env,
    },
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  proc.stdout.on("data", (c) => (stdout += c));
  proc.stderr.on("data", (c) => (stderr += c));
  const timer = setTimeout(() => proc.kill("SIGKILL"), 20_000);
  const code = await new Promise<number | null>((resolve) => proc.on("exit", (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** A migrated database file, owned by the user the server runs as. */
function databaseIn(folder: string): string {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, "shop.db");
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.exec("create table if not exists t (x)");
  db.close();
  owned(folder);
  return owned(path);
}

function expectOneLine(run: { code: number | null; stdout: string; stderr: string }, line: string) {
  expect(run.code).not.toBe(0);
  expect(run.code).not.toBeNull();
  expect(run.stderr.trim().split("\n")).toEqual([line]);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stdout).toBe("");
}

describe("start-up with a database it cannot use", () => {
  it("stops with one line when the database folder does not exist", async () => {
    const path = join(scratch, "no-such-folder", "shop.db");
    const run = await startUp({ DATA_DIR: owned(mkdtempSync(join(scratch, "data-"))), DATABASE_PATH: path });
    expectOneLine(run, `Cannot open the database at ${path}: the folder does not exist`);
    expect(existsSync(join(scratch, "no-such-folder"))).toBe(false);
  }, 30_000);

  it("stops with one line when the database file is read-only", async () => {
    const path = databaseIn(join(scratch, "readonly-file"));
    chmodSync(path, 0o444);
    const run = await startUp({ DATA_DIR: join(scratch, "readonly-file"), DATABASE_PATH: path });
    expectOneLine(run, `Cannot open the database at ${path}: the file is read-only`);
  }, 30_000);

  it("stops with one line when the database folder is read-only", async () => {
    const folder = join(scratch, "readonly-folder");
    const path = databaseIn(folder);
    chmodSync(folder, 0o555);
    const run = await startUp({ DATA_DIR: folder, DATABASE_PATH: path });
    expectOneLine(run, `Cannot open the database at ${path}: the folder is read-only`);
  }, 30_000);

  it("stops with one line when the file is not a database", async () => {
    const folder = owned(mkdtempSync(join(scratch, "garbage-")));
    const path = join(folder, "shop.db");
    writeFileSync(path, "this is a shopping list, not a database ".repeat(200));
    owned(path);
    const run = await startUp({ DATA_DIR: folder });
    expectOneLine(run, `Cannot open the database at ${path}: the file is not an SQLite database`);
  }, 30_000);
});

describe("the default embedded start", () => {
  it("creates its data folder and database, says loudly that payments are simulated, and answers the shop mode", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "harvest-fresh-")), "data");
    const server = await startServerProcess({ dataDir });
    try {
      expect(existsSync(join(dataDir, "shop.db"))).toBe(true);
      expect(server.output()).toContain("PAYMENT_PROVIDER is simulated: this is a demo shop and takes no real money.");
      const warning = server
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { level: string; msg: string; paymentProvider?: string })
        .find((l) => l.paymentProvider === "simulated");
      expect(warning).toMatchObject({ level: "warn" });
      const mode = await fetch(`${server.url}/api/shop-mode`);
      expect(mode.status).toBe(200);
      expect(await mode.json()).toEqual({ demo: true });
    } finally {
      server.proc.kill("SIGTERM");
      await server.exited;
      rmSync(join(dataDir, ".."), { recursive: true, force: true });
    }
  }, 30_000);

  it("says nothing of a demo when payments are real", async () => {
    const server = await startServerProcess({
      env: {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_startup",
        STRIPE_PUBLISHABLE_KEY: "pk_test_startup",
        STRIPE_WEBHOOK_SECRET: "whsec_startup",
      },
    });
    try {
      expect(server.output()).not.toContain("simulated");
      expect(await (await fetch(`${server.url}/api/shop-mode`)).json()).toEqual({ demo: false });
    } finally {
      server.proc.kill("SIGTERM");
      await server.exited;
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
