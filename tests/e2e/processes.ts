import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../helpers/server-process";
import { ADMIN, test as base } from "./fixtures";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The environment of a child process, without the test runner's own loader options. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_OPTIONS;
  return env;
}

export interface ShopProcess {
  url: string;
  port: number;
  dataDir: string;
  dbPath: string;
  proc: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** kill -9: no shutdown handler runs, the database is left as the crash left it. */
  crash: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * The production build (dist/server/main.mjs, as `npm start` runs it) in a process of its own, on a
 * port and data directory the journey owns, so the journey can kill it and start it again on the
 * same database and address. The seeded admin is the e2e shop's, so the fixtures' services work on it.
 */
export async function startShop(opts: { port: number; dataDir?: string; env?: Record<string, string> }): Promise<ShopProcess> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "harvest-e2e-shop-"));
  let out = "";
  const proc = spawn(process.execPath, ["--max-semi-space-size=8", join(root, "dist/server/main.mjs")], {
    cwd: root,
    env: childEnv({
      NODE_ENV: "production",
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      SEED_ADMIN_EMAIL: ADMIN.email,
      SEED_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      PAYMENT_LATENCY_MS: "0",
      ...opts.env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (c) => (out += c));
  proc.stderr!.on("data", (c) => (out += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on("exit", (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${opts.port}`;
  const shop: ShopProcess = {
    url,
    port: opts.port,
    dataDir,
    dbPath: join(dataDir, "shop.db"),
    proc,
    output: () => out,
    exited,
    crash: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
      await exited;
    },
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) break;
    try {
      if ((await fetch(`${url}/api/health`)).ok) return shop;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill("SIGKILL");
  throw new Error(`the shop did not start on ${url}:\n${out}`);
}

export interface StandInProcess {
  url: string;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
  /** The shop's environment for PAYMENT_PROVIDER=stripe against this stand-in. */
  shopEnv: Record<string, string>;
}

/**
 * A stand-in (tests/helpers/<file>) as its own process: started with `args`, it prints one JSON line
 * describing itself (its address and credentials), which is answered with the process's handles.
 */
async function spawnStandIn<Info>(name: string, file: string, args: string[]) {
  let out = "";
  const proc = spawn(process.execPath, ["--import", "tsx", join(root, "tests/helpers", file), "--port", "0", ...args], {
    cwd: root,
    env: childEnv({}),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => proc.on("exit", () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${name} stand-in did not start:\n${out}`)), 20_000);
    proc.stdout!.on("data", (c) => {
      out += c;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line && out.includes("\n")) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    proc.stderr!.on("data", (c) => (out += c));
    proc.on("exit", () => reject(new Error(`the ${name} stand-in exited:\n${out}`)));
  });
  return {
    info: JSON.parse(first) as Info,
    proc,
    output: () => out,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
      await exited;
    },
  };
}

/** tests/helpers/stripe-stand-in.ts as its own process; its events go to `webhookTarget` (the shop's origin). */
export async function startStripeStandIn(webhookTarget: string): Promise<StandInProcess> {
  const { info, ...handles } = await spawnStandIn<{ url: string; secretKey: string; publishableKey: string; webhookSecret: string }>(
    "Stripe",
    "stripe-stand-in.ts",
    ["--webhook-target", webhookTarget],
  );
  return {
    ...info,
    ...handles,
    shopEnv: {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_API_URL: info.url,
      STRIPE_SECRET_KEY: info.secretKey,
      STRIPE_PUBLISHABLE_KEY: info.publishableKey,
      STRIPE_WEBHOOK_SECRET: info.webhookSecret,
    },
  };
}

export interface CashflowsStandInProcess {
  url: string;
  configurationId: string;
  reserveConfigurationId: string;
  apiKey: string;
  notificationSecret: string;
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
  /** The shop's environment for PAYMENT_PROVIDER=cashflows against this stand-in (PUBLIC_ORIGIN: the shop's address, where notifications go). */
  shopEnv: Record<string, string>;
}

/**
 * tests/helpers/cashflows-stand-in.ts as its own process. Its notifications go to each job's
 * webhookUrl, i.e. to `shopOrigin` (the shop's PUBLIC_ORIGIN). `publicUrl`: the origin the browser
 * reaches it at, when the journey routes https://gateway-int.cashflows.com/* to it.
 */
export async function startCashflowsStandIn(shopOrigin: string, opts: { publicUrl?: string } = {}): Promise<CashflowsStandInProcess> {
  const { info, ...handles } = await spawnStandIn<{
    url: string;
    configurationId: string;
    reserveConfigurationId: string;
    apiKey: string;
    notificationSecret: string;
  }>("Cashflows", "cashflows-stand-in.ts", ["--notify", "webhookUrl", ...(opts.publicUrl ? ["--public-url", opts.publicUrl] : [])]);
  return {
    ...info,
    ...handles,
    shopEnv: {
      PAYMENT_PROVIDER: "cashflows",
      CASHFLOWS_CONFIGURATION_ID: info.configurationId,
      CASHFLOWS_API_KEY: info.apiKey,
      CASHFLOWS_ENVIRONMENT: "integration",
      CASHFLOWS_NOTIFICATION_SECRET: info.notificationSecret,
      CASHFLOWS_API_URL: info.url,
      PUBLIC_ORIGIN: shopOrigin,
    },
  };
}

/**
 * Journeys against a shop process of their own: the port is chosen before the browser starts, so the
 * page's baseURL is that shop's, and the journey starts (and restarts) the shop on it.
 */
export const test = base.extend<{ shopPort: number }>({
  // eslint-disable-next-line no-empty-pattern
  shopPort: async ({}, use) => use(await freePort()),
  baseURL: async ({ shopPort }, use) => use(`http://127.0.0.1:${shopPort}`),
});

export { expect } from "./fixtures";
