import Database from "better-sqlite3";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { sessionIdFromToken } from "../../src/server/auth/session";

const root = fileURLToPath(new URL("../..", import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  dataDir: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The real production server in its own process, on a data directory the test owns. */
export async function startServerProcess(opts: { dataDir?: string; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "harvest-proc-"));
  const port = await freePort();
  let out = "";
  // With the young generation production runs with (SERVER_NODE_ARGS in scripts/build.mjs), so memory is
  // measured as an operator's server spends it.
  const proc = spawn(process.execPath, ["--max-semi-space-size=8", "--import", "tsx", join(root, "src/server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      SEED_ADMIN_PASSWORD: "process-admin-pw",
      LOG_LEVEL: "warn",
      PAYMENT_LATENCY_MS: "0",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (c) => (out += c));
  proc.stderr!.on("data", (c) => (out += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on("exit", (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { proc, url, dataDir, output: () => out, exited };
    } catch {
      /* not up yet */
    }
    if (proc.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill("SIGKILL");
  throw new Error(`server did not start:\n${out}`);
}

/** Adult customers with sessions and an open competition, written straight into the database file. */
export function seedBuyers(dataDir: string, buyers: number, competition: { maxTickets: number; pricePence?: number }) {
  const db = new Database(join(dataDir, "shop.db"));
  db.pragma("busy_timeout = 5000");
  const now = Date.now();
  const competitionId = crypto.randomUUID();
  db.prepare(
    `insert into competitions (id, title, description, image, category, price_pence, status, start_date, end_date, draw_date, max_tickets, draw_seed, created_at, updated_at)
     values (?, 'Process Test Tractor', 'd', '/images/tractor.svg', 'Farm Machinery', ?, 'active', ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    competitionId,
    competition.pricePence ?? 100,
    now - 86_400_000,
    now + 86_400_000,
    now + 2 * 86_400_000,
    competition.maxTickets,
    "ab".repeat(32),
    now,
    now,
  );
  const tokens: string[] = [];
  for (let i = 0; i < buyers; i++) {
    const id = crypto.randomUUID();
    db.prepare(
      "insert into users (id, email, password_hash, first_name, last_name, date_of_birth, country, role, is_active, email_verified, created_at, updated_at) values (?, ?, 'x', 'Buyer', ?, '1980-01-01', 'United Kingdom', 'user', 1, 0, ?, ?)",
    ).run(id, `buyer${i}-${id.slice(0, 6)}@example.test`, `N${i}`, now, now);
    const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
    db.prepare("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)").run(sessionIdFromToken(token), id, now + 86_400_000, now);
    tokens.push(token);
  }
  db.close();
  return { competitionId, tokens };
}

/** The first admin of a test: an admin account with a one-day session written into the database file; returns the session token. */
export function seedAdminSession(dataDir: string, name: string): string {
  const db = new Database(join(dataDir, "shop.db"));
  db.pragma("busy_timeout = 5000");
  const now = Date.now();
  const id = crypto.randomUUID();
  db.prepare(
    "insert into users (id, email, password_hash, first_name, last_name, date_of_birth, country, role, is_active, email_verified, created_at, updated_at) values (?, ?, 'x', ?, 'Admin', '1980-01-01', 'United Kingdom', 'admin', 1, 0, ?, ?)",
  ).run(id, `${name.toLowerCase()}-admin-${id.slice(0, 6)}@example.test`, name, now, now);
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  db.prepare("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)").run(sessionIdFromToken(token), id, now + 86_400_000, now);
  db.close();
  return token;
}

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run db:backup` / `db:restore` as an operator runs them (scripts/<name>.ts, production mode) on
 * `dataDir`; `extra` adds to the environment (the backup's keep counts and DATABASE_PATH only when given).
 */
function dbScript(name: "db-backup" | "db-restore", dataDir: string, args: string[], extra: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", ...extra };
  for (const v of ["DATABASE_PATH", "BACKUP_KEEP_DAILY", "BACKUP_KEEP_WEEKLY"]) if (!(v in extra)) delete env[v];
  return { argv: ["--import", "tsx", join(root, `scripts/${name}.ts`), ...args], env };
}

/** The script, waited for; the test process blocks meanwhile (no server of its own may need to answer). */
export function runDbScriptSync(
  name: "db-backup" | "db-restore",
  dataDir: string,
  args: string[],
  extra: Record<string, string> = {},
  timeout = 30_000,
): ScriptRun {
  const { argv, env } = dbScript(name, dataDir, args, extra);
  const run = spawnSync(process.execPath, argv, { cwd: root, env, encoding: "utf8", timeout });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The script in the background, so a server in this process (or a load against one) keeps going; with its time taken. */
export function runDbScript(
  name: "db-backup" | "db-restore",
  dataDir: string,
  args: string[],
  extra: Record<string, string> = {},
): Promise<ScriptRun & { ms: number }> {
  const { argv, env } = dbScript(name, dataDir, args, extra);
  const started = Date.now();
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, argv, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    proc.stdout.on("data", (c) => (stdout += c));
    proc.stderr.on("data", (c) => (stderr += c));
    proc.on("exit", (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}
