import Database from "better-sqlite3";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../src/server/auth/password";
import { freePort } from "../helpers/server-process";

const root = fileURLToPath(new URL("../..", import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function childEnv(dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "warn", ...extra };
  for (const name of ["DATABASE_PATH", "SEED_ADMIN_PASSWORD", "SEED_ADMIN_EMAIL"]) if (!(name in extra)) delete env[name];
  return env;
}

/** `npm run db:reset` as an operator runs it, on a fresh data folder. */
function reset(extra: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), "harvest-reset-"));
  dirs.push(dataDir);
  const run = spawnSync(process.execPath, ["--import", "tsx", join(root, "scripts/db-reset.ts")], {
    cwd: root,
    env: childEnv(dataDir, extra),
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return { stdout: run.stdout, dataDir };
}

/** Whether `password` signs the seeded admin in (checked against the stored hash). */
async function adminPasswordIs(dataDir: string, password: string): Promise<boolean> {
  const db = new Database(join(dataDir, "shop.db"), { readonly: true });
  const hash = (db.prepare("select password_hash h from users where role = 'admin'").get() as { h: string }).h;
  db.close();
  return verifyPassword(hash, password);
}

const printedPassword = (stdout: string) => /Admin sign-in: \S+ \/ (\S+)/.exec(stdout)?.[1] ?? null;

describe("db:reset and the admin password", () => {
  it("in production never echoes SEED_ADMIN_PASSWORD, and says where the password is", async () => {
    const { stdout, dataDir } = reset({ NODE_ENV: "production", SEED_ADMIN_PASSWORD: "operator-chosen-secret" });
    expect(stdout).not.toContain("operator-chosen-secret");
    expect(stdout).toContain("Admin sign-in: admin@harvestdraws.co.uk with the password set in SEED_ADMIN_PASSWORD");
    expect(await adminPasswordIs(dataDir, "operator-chosen-secret")).toBe(true);
  }, 40_000);

  it("in production without SEED_ADMIN_PASSWORD prints a fresh random password once, never the development one", async () => {
    const first = reset({ NODE_ENV: "production" });
    const second = reset({ NODE_ENV: "production" });
    const a = printedPassword(first.stdout);
    const b = printedPassword(second.stdout);
    expect(first.stdout).not.toContain("harvest-admin");
    expect(first.stdout).toContain("(generated now and shown only once: note it down)");
    expect(a).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(b).not.toBe(a);
    expect(await adminPasswordIs(first.dataDir, a!)).toBe(true);
    expect(await adminPasswordIs(first.dataDir, "harvest-admin")).toBe(false);
  }, 40_000);

  it("under NODE_ENV=test it is not given the known development password either", async () => {
    const { stdout, dataDir } = reset({ NODE_ENV: "test" });
    expect(stdout).not.toContain("harvest-admin");
    expect(await adminPasswordIs(dataDir, printedPassword(stdout)!)).toBe(true);
  }, 40_000);

  it("in development prints the development default, but still never SEED_ADMIN_PASSWORD", async () => {
    const dev = reset({ NODE_ENV: "development" });
    expect(dev.stdout).toContain("Admin sign-in: admin@harvestdraws.co.uk / harvest-admin (the development default)");
    expect(await adminPasswordIs(dev.dataDir, "harvest-admin")).toBe(true);
    const chosen = reset({ NODE_ENV: "development", SEED_ADMIN_PASSWORD: "developer-chosen-pw" });
    expect(chosen.stdout).not.toContain("developer-chosen-pw");
    expect(chosen.stdout).toContain("with the password set in SEED_ADMIN_PASSWORD");
  }, 40_000);
});

describe("the first start of the production server and the admin password", () => {
  /** Starts the server on a fresh data folder and returns what it printed once it is up. */
  async function firstStart(extra: Record<string, string>): Promise<string> {
    const dataDir = mkdtempSync(join(tmpdir(), "harvest-first-start-"));
    dirs.push(dataDir);
    const port = await freePort();
    const proc = spawn(process.execPath, ["--import", "tsx", join(root, "src/server/main.ts")], {
      cwd: root,
      env: childEnv(dataDir, { NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...extra }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    proc.stdout!.on("data", (c) => (out += c));
    proc.stderr!.on("data", (c) => (out += c));
    const exited = new Promise((resolve) => proc.on("exit", resolve));
    try {
      for (let i = 0; i < 300 && !out.includes("Admin sign-in"); i++) await new Promise((r) => setTimeout(r, 100));
      return out;
    } finally {
      proc.kill("SIGTERM");
      await exited;
    }
  }

  it("says the same as db:reset: SEED_ADMIN_PASSWORD is never echoed, a generated one is printed once", async () => {
    const chosen = await firstStart({ SEED_ADMIN_PASSWORD: "operator-chosen-secret" });
    expect(chosen).toContain("Admin sign-in: admin@harvestdraws.co.uk with the password set in SEED_ADMIN_PASSWORD");
    expect(chosen).not.toContain("operator-chosen-secret");
    const generated = await firstStart({});
    expect(printedPassword(generated)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(generated).toContain("(generated now and shown only once: note it down)");
    expect(generated).not.toContain("harvest-admin");
  }, 60_000);
});
