import { brotliDecompressSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CADDY,
  NGINX,
  OPENSSL,
  call,
  deployedShopEnvironment,
  deployFile,
  headerCount,
  localExecStart,
  makeCertificate,
  toolsAvailable,
  readEnvironmentFile,
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
 * The shop as docs/deploy.md sets it up: the production bundle started with the unit's ExecStart and
 * the settings of docs/deploy/env (payments simulated, no SMTP server, a temporary data folder and
 * the test's ports swapped in), behind Debian's Caddy or nginx running the repository's
 * configuration over TLS. Every request leaves from a loopback address of its own (127.0.x.y), so
 * each stands for a different visitor while the proxy reaches the shop from 127.0.0.1.
 */

const available = toolsAvailable([CADDY, NGINX, OPENSSL]);
const ADMIN_PASSWORD = "deploy-admin-pw";
/** A small per-address budget with almost no refill, so a visitor's sixth API call is refused. */
const BURST = 5;

/** A PNG's signature followed by zeros: the shop reads the type from the first bytes. */
const png = (bytes: number) => {
  const body = Buffer.alloc(bytes);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(body);
  return body;
};
/** An MP4's ftyp box followed by zeros. */
const mp4 = (bytes: number) => {
  const body = Buffer.alloc(bytes);
  Buffer.from([0, 0, 0, 0x18, ...Buffer.from("ftypisom")]).copy(body);
  return body;
};
const MiB = 1024 * 1024;

/** The machine's first address that is not loopback, if it has one. */
function outsideAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (!a.internal && a.family === "IPv4") return a.address;
  }
  return undefined;
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(3000);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

const METRICS_TOKEN = "deploy-test-metrics-token-0123456789";

function shopEnvironment(ports: Ports, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return deployedShopEnvironment(ports, dataDir, {
    SEED_ADMIN_PASSWORD: ADMIN_PASSWORD,
    API_RATE_LIMIT_BURST: String(BURST),
    API_RATE_LIMIT_PER_SECOND: "0.001",
    METRICS_TOKEN: METRICS_TOKEN,
    ...extra,
  });
}

describe.skipIf(!available.ok)(`the shop behind the documented proxies${available.ok ? "" : ` (skipped: ${available.reason})`}`, () => {
  beforeAll(() => {
    const built = spawnSync(process.execPath, [join(root, "scripts/build.mjs"), "--if-stale"], { cwd: root, encoding: "utf8" });
    if (built.status !== 0) throw new Error(`the production build failed:\n${built.stdout}${built.stderr}`);
  }, 300_000);

  it("refuses to start with TRUST_PROXY on a wildcard HOST, saying why", async () => {
    const ports = await threePorts();
    const dataDir = tempDir("harvest-deploy-refuse-");
    try {
      const { command, args } = localExecStart();
      const run = spawnSync(command, args, { cwd: root, env: shopEnvironment(ports, dataDir, { HOST: "0.0.0.0" }), encoding: "utf8", timeout: 20_000 });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("HOST=0.0.0.0 is every address of the machine");
      expect(run.stderr).toContain("walk around the per-address limits");
      expect(existsSync(join(dataDir, "shop.db"))).toBe(false);
    } finally {
      removeDir(dataDir);
    }
  });

  describe.each([
    { proxy: "Caddy", start: startCaddy, redirect: [301, 308], slot: 1 },
    { proxy: "nginx", start: startNginx, redirect: [301], slot: 2 },
  ])("$proxy with the repository's configuration", ({ proxy, start, redirect, slot }) => {
    let ports: Ports;
    let dir: string;
    let ca: string;
    let shop: Proc | undefined;
    let front: Proc | undefined;
    let origin: string;
    /** The n-th visitor of this proxy's block: its own loopback address. */
    const visitor = (n: number) => `127.0.${slot}.${n}`;
    /** The admin's session token, signed in from `from`. */
    const signIn = async (from: string): Promise<string> => {
      const answer = await call(`${origin}/api/auth/login`, {
        method: "POST",
        ca,
        from,
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: "admin@example.co.uk", password: ADMIN_PASSWORD }),
      });
      expect(answer.status, answer.text()).toBe(200);
      return answer.json().token as string;
    };

    beforeAll(async () => {
      ports = await threePorts();
      dir = tempDir(`harvest-deploy-${proxy.toLowerCase()}-`);
      const cert = makeCertificate(dir);
      ca = cert.pem;
      origin = `https://localhost:${ports.https}`;
      const { command, args } = localExecStart();
      shop = startProcess(command, args, { env: shopEnvironment(ports, join(dir, "data")) });
      front = await start(dir, ports, cert);
      await waitFor(
        `the shop behind ${proxy}`,
        async () => (await call(`${origin}/api/health`, { ca })).status === 200,
        () => `shop:\n${shop!.output()}\n${proxy}:\n${front!.output()}`,
      );
    }, 60_000);

    afterAll(async () => {
      await front?.stop();
      await shop?.stop();
      if (dir) removeDir(dir);
    });

    it("counts each visitor's API budget by the address that connected, whatever X-Forwarded-For it sends", async () => {
      // Each call claims to come from somewhere new; the shop must still see one visitor.
      for (let i = 0; i < BURST; i++) {
        const ok = await call(`${origin}/api/competitions`, { ca, from: visitor(10), headers: { "x-forwarded-for": `198.51.100.${i + 1}` } });
        expect(ok.status, `call ${i + 1}`).toBe(200);
      }
      const spent = await call(`${origin}/api/competitions`, { ca, from: visitor(10), headers: { "x-forwarded-for": "198.51.100.99, 203.0.113.9" } });
      expect(spent.status).toBe(429);
      expect(spent.headers["retry-after"]).toBeDefined();
      // Another visitor behind the same proxy (which reaches the shop from 127.0.0.1 for both) has a budget of its own.
      expect((await call(`${origin}/api/competitions`, { ca, from: visitor(11) })).status).toBe(200);
      // The request log names the visitor's real address, never the one it wrote.
      const logged = shop!.output();
      expect(logged).toContain(`"ip":"${visitor(10)}"`);
      expect(logged).not.toMatch(/"ip":"(198\.51\.100|203\.0\.113)\./);
    });

    it("passes a server-drawn public page through as the shop drew it: preview tags on the public origin, compressed once, revalidated with 304", async () => {
      const path = "/about";
      const page = await call(`${origin}${path}`, { ca, from: visitor(30), headers: { accept: "text/html" } });
      expect(page.status).toBe(200);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      const html = page.text();
      expect(html).toContain(`<link rel="canonical" href="${origin}${path}"/>`.slice(0, -2));
      expect(html).toContain(`<meta property="og:image" content="${origin}/objects/preview.jpg?src=`);
      expect(html).toContain('<script type="application/json" id="render-data">');
      // The shop's own Brotli passes through untouched (the proxy compresses nothing again).
      const br = await call(`${origin}${path}`, { ca, from: visitor(30), headers: { accept: "text/html", "accept-encoding": "br" } });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.body).toString()).toBe(html);
      // A browser holding the page revalidates it for a few bytes.
      const again = await call(`${origin}${path}`, { ca, from: visitor(30), headers: { "if-none-match": String(page.headers.etag) } });
      expect(again.status).toBe(304);
    });

    it("keeps /metrics off the public side: the proxy never passes it on, while the machine itself scrapes the shop's port", async () => {
      const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };
      const outside = await call(`${origin}/metrics`, { ca, from: visitor(15), headers: bearer });
      expect(outside.status).toBe(404);
      expect(outside.text()).not.toContain("harvest_");
      const local = await call(`http://127.0.0.1:${ports.shop}/metrics`, { headers: bearer });
      expect(local.status).toBe(200);
      expect(local.text()).toContain("# TYPE harvest_http_request_duration_seconds histogram");
    });

    it("signs in with a Secure cookie and sends Strict-Transport-Security once, over the proxy's TLS", async () => {
      const signIn = await call(`${origin}/api/auth/login`, {
        method: "POST",
        ca,
        from: visitor(20),
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: "admin@example.co.uk", password: ADMIN_PASSWORD }),
      });
      expect(signIn.status, signIn.text()).toBe(200);
      const cookie = [signIn.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("session="));
      expect(cookie).toMatch(/;\s*Secure(;|$)/i);
      expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i);
      expect(headerCount(signIn, "strict-transport-security")).toBe(1);
      expect(signIn.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      const page = await call(`${origin}/`, { ca, from: visitor(20) });
      expect(page.status).toBe(200);
      expect(headerCount(page, "strict-transport-security")).toBe(1);
      expect(headerCount(page, "content-security-policy")).toBe(1);
    });

    it("passes an image upload at the shop's 10 MB limit and answers one byte over with the shop's own message", async () => {
      const token = await signIn(visitor(30));
      const grant = async () => {
        const answer = await call(`${origin}/api/objects/upload`, {
          method: "POST",
          ca,
          from: visitor(30),
          headers: { "content-type": "application/json", "x-session-token": token },
          body: "{}",
        });
        expect(answer.status, answer.text()).toBe(200);
        return answer.json().uploadURL as string;
      };
      const limit = 10 * MiB;
      const upload = (url: string, body: Buffer) =>
        call(`${origin}${url}`, { method: "PUT", ca, from: visitor(31), headers: { "content-type": "image/png", "x-session-token": token }, body });

      // A real photo-sized PNG just under the limit (1,800 × 1,800 noise, stored uncompressed: 9.7 MB): the
      // shop decodes every image it keeps, so the bytes must be a picture, not a signature and zeros.
      const photo = await sharp({ create: { width: 1800, height: 1800, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(photo.length).toBeGreaterThan(limit - MiB);
      expect(photo.length).toBeLessThanOrEqual(limit);
      const atLimit = await upload(await grant(), photo);
      expect(atLimit.status, atLimit.text()).toBe(200);
      const served = await call(`${origin}${atLimit.json().objectPath}`, { ca, from: visitor(31) });
      expect(served.status).toBe(200);
      expect(await sharp(served.body).metadata()).toMatchObject({ format: "png", width: 1800, height: 1800 });

      const over = await upload(await grant(), png(limit + 1));
      expect(over.status).toBe(413);
      expect(over.headers["content-type"]).toContain("application/json");
      expect(over.json().message).toBe("File too large. Please select a image (max 10 MB)");
    });

    it("passes a video at the shop's default 300 MB limit", async () => {
      const token = await signIn(visitor(40));
      const grant = await call(`${origin}/api/campaign-media/upload-url`, {
        method: "POST",
        ca,
        from: visitor(40),
        headers: { "content-type": "application/json", "x-session-token": token },
        body: JSON.stringify({ filename: "draw-night.mp4" }),
      });
      expect(grant.status, grant.text()).toBe(200);
      const video = await call(`${origin}${grant.json().uploadUrl}`, {
        method: "PUT",
        ca,
        from: visitor(41),
        headers: { "content-type": "video/mp4", "x-session-token": token },
        body: mp4(300 * MiB),
      });
      expect(video.status, video.text()).toBe(200);
    }, 60_000);

    it("answers a body past every limit in JSON, from the shop or from the proxy, before it is sent", async () => {
      const token = await signIn(visitor(60));
      const grant = await call(`${origin}/api/campaign-media/upload-url`, {
        method: "POST",
        ca,
        from: visitor(60),
        headers: { "content-type": "application/json", "x-session-token": token },
        body: JSON.stringify({ filename: "too-long.mp4" }),
      });
      // 400 MiB declared, only the first 64 KiB sent: the answer must come from the declared length alone.
      const started = Date.now();
      const answer = await call(`${origin}${grant.json().uploadUrl}`, {
        method: "PUT",
        ca,
        from: visitor(61),
        headers: { "content-type": "video/mp4", "content-length": String(400 * MiB), "x-session-token": token },
        body: mp4(64 * 1024),
      });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(answer.status).toBe(413);
      expect(answer.headers["content-type"]).toContain("application/json");
      // Caddy passes the request on and the shop refuses it; nginx refuses it itself, in the shop's shape.
      expect(answer.json().message).toBe(
        proxy === "nginx" ? "File too large for the server in front of the shop (310 MB at most)" : "File too large. Please select a video (max 300 MB)",
      );
    });

    it("redirects plain HTTP to HTTPS", async () => {
      const answer = await call(`http://localhost:${ports.http}/competitions?sort=new`, { from: visitor(50) });
      expect(redirect).toContain(answer.status);
      const location = new URL(answer.headers.location ?? "");
      expect(location.protocol).toBe("https:");
      expect(location.hostname).toBe("localhost");
      expect(location.pathname + location.search).toBe("/competitions?sort=new");
    });

    const outside = outsideAddress();
    it.skipIf(!outside)(`keeps the shop's own port on loopback: ${outside ?? "no non-loopback address"} is refused, 127.0.0.1 answers`, async () => {
      expect(await accepts("127.0.0.1", ports.shop)).toBe(true);
      expect(await accepts(outside!, ports.shop)).toBe(false);
      // With HOST left unset, as docs/deploy/env leaves it.
      expect(readEnvironmentFile(deployFile("env")).HOST).toBeUndefined();
    });
  });
});
