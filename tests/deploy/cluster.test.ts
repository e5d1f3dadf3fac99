import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres, type TestPostgres } from "../helpers/postgres";
import { freePort } from "../helpers/server-process";
import {
  CADDY,
  NGINX,
  OPENSSL,
  call,
  deployedShopEnvironment,
  localExecStart,
  makeCertificate,
  removeDir,
  root,
  startCaddy,
  startNginx,
  startProcess,
  tempDir,
  threePorts,
  waitFor,
  type Ports,
  type Proc,
} from "./harness";

/**
 * docs/deploy.md, "More than one machine": two shops on one PostgreSQL behind Debian's Caddy or nginx,
 * with the upstream the repository's configuration gives for several machines (in a comment beside the
 * one-machine line). The proxy spreads visitors over both; when one shop dies (SIGKILL, as a crash
 * does), every request is still answered, a sign-in included; and the shop restarted (a deploy) is
 * given requests again.
 */

const available = toolsAvailable();
const ADMIN_PASSWORD = "cluster-admin-pw";

function toolsAvailable() {
  // The proxies and openssl are installed with the other deployment tests' (scripts/ensure-proxy.mjs).
  const missing = [CADDY, NGINX, OPENSSL].filter((bin) => spawnSync("test", ["-x", bin]).status !== 0);
  return missing.length ? { ok: false as const, reason: `${missing.join(" and ")} missing` } : { ok: true as const };
}

interface Shop {
  port: number;
  dataDir: string;
  proc: Proc;
  /** How many requests for `path` this shop has logged so far. */
  served: (path: string) => number;
}

function startShop(port: number, dataDir: string, databaseUrl: string, ports: Ports): Shop {
  const { command, args } = localExecStart();
  const proc = startProcess(command, args, {
    env: deployedShopEnvironment({ ...ports, shop: port }, dataDir, { DATABASE_URL: databaseUrl, SEED_ADMIN_PASSWORD: ADMIN_PASSWORD }),
  });
  return {
    port,
    dataDir,
    proc,
    served: (path) =>
      proc
        .output()
        .split("\n")
        .filter((l) => l.includes('"request"') && l.includes(`"path":"${path}"`)).length,
  };
}

describe.skipIf(!available.ok)(`two shops on PostgreSQL behind the documented proxies${available.ok ? "" : ` (skipped: ${available.reason})`}`, () => {
  let pg: TestPostgres;

  beforeAll(async () => {
    const built = spawnSync(process.execPath, [join(root, "scripts/build.mjs"), "--if-stale"], { cwd: root, encoding: "utf8" });
    if (built.status !== 0) throw new Error(`the production build failed:\n${built.stdout}${built.stderr}`);
    pg = await startPostgres();
  }, 300_000);

  afterAll(() => pg?.stop());

  describe.each([
    { proxy: "Caddy", start: startCaddy, slot: 3 },
    { proxy: "nginx", start: startNginx, slot: 4 },
  ])("$proxy with the upstream for several machines", ({ proxy, start, slot }) => {
    let ports: Ports;
    let dir: string;
    let ca: string;
    let url: string;
    let shops: Shop[] = [];
    let front: Proc | undefined;
    let origin: string;
    let visitors = 0;
    /** A visitor of its own for each request (its own loopback address), so no per-address limit decides. */
    const from = () => `127.0.${slot}.${++visitors}`;
    const get = (path: string) => call(`${origin}${path}`, { ca, from: from() });
    const log = () => `${shops.map((s, i) => `shop ${i + 1}:\n${s.proc.output()}`).join("\n")}\n${proxy}:\n${front?.output() ?? ""}`;

    beforeAll(async () => {
      ports = await threePorts();
      dir = tempDir(`harvest-cluster-${proxy.toLowerCase()}-`);
      const cert = makeCertificate(dir);
      ca = cert.pem;
      origin = `https://localhost:${ports.https}`;
      url = await pg.createDatabase(`cluster_${proxy.toLowerCase()}`);
      const shopPorts = [await freePort(), await freePort()];
      shops = shopPorts.map((port, i) => startShop(port, join(dir, `data-${i + 1}`), url, ports));
      for (const shop of shops) {
        await waitFor(`shop on ${shop.port}`, async () => (await call(`http://127.0.0.1:${shop.port}/api/health`)).status === 200, log, 60_000);
      }
      front = await start(dir, ports, cert, shopPorts);
      await waitFor(`${proxy} in front of both`, async () => (await get("/api/health")).status === 200, log);
    }, 120_000);

    afterAll(async () => {
      await front?.stop();
      for (const shop of shops) await shop.proc.stop();
      if (dir) removeDir(dir);
    });

    it("spreads visitors over both shops, which serve the same shop", async () => {
      const answers = [];
      for (let i = 0; i < 20; i++) answers.push(await get("/api/competitions"));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      // Both read the one database: the same competitions whichever shop answered.
      expect(new Set(answers.map((a) => JSON.stringify(a.json().map((c: { id: string }) => c.id)))).size).toBe(1);
      expect(shops[0]!.served("/api/competitions")).toBeGreaterThan(0);
      expect(shops[1]!.served("/api/competitions")).toBeGreaterThan(0);
    }, 30_000);

    it("answers every request when one shop dies, a sign-in included, and gives the restarted shop requests again", async () => {
      const [dead, alive] = shops as [Shop, Shop];
      dead.proc.proc.kill("SIGKILL");
      await new Promise((r) => dead.proc.proc.once("exit", r));
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await get("/api/competitions")).status);
      const signIn = await call(`${origin}/api/auth/login`, {
        method: "POST",
        ca,
        from: from(),
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: "admin@example.co.uk", password: ADMIN_PASSWORD }),
      });
      expect(statuses, log()).toEqual(Array(10).fill(200));
      expect(signIn.status, signIn.text()).toBe(200);
      // The session made on one shop is good on the other.
      const me = await call(`${origin}/api/auth/user`, { ca, from: from(), headers: { "x-session-token": signIn.json().token } });
      expect(me.json().role).toBe("admin");

      // A deploy: the shop starts again on its port, and the proxy sends it requests once its health check passes.
      const restarted = startShop(dead.port, dead.dataDir, url, ports);
      shops[0] = restarted;
      await waitFor(`the restarted shop`, async () => (await call(`http://127.0.0.1:${dead.port}/api/health`)).status === 200, log, 60_000);
      await waitFor(
        `${proxy} sending requests to the restarted shop`,
        async () => {
          expect((await get("/api/categories")).status).toBe(200);
          return restarted.served("/api/categories") > 0;
        },
        log,
        30_000,
      );
      expect(alive.proc.proc.exitCode).toBeNull();
    }, 120_000);
  });
});
