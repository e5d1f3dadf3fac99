import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../helpers/server-process";

export const root = fileURLToPath(new URL("../..", import.meta.url));
export const deployFile = (name: string) => join(root, "docs/deploy", name);
export const CADDY = "/usr/bin/caddy";
export const NGINX = "/usr/sbin/nginx";
export const OPENSSL = "/usr/bin/openssl";
export const SYSTEMD_ANALYZE = "/usr/bin/systemd-analyze";

/**
 * Debian's packages the tests need (caddy, nginx, openssl, systemd-analyze), installed by
 * scripts/ensure-proxy.mjs when missing: npm test runs it before Vitest, and a lone
 * `npx vitest run tests/deploy` runs it here. Only a machine without apt-get skips the tests that
 * need a missing one, and says so in their names; an install that fails fails the file.
 */
export function toolsAvailable(tools: string[]): { ok: true } | { ok: false; reason: string } {
  const missing = () => tools.filter((bin) => !existsSync(bin));
  if (missing().length && existsSync("/usr/bin/apt-get")) {
    const run = spawnSync(process.execPath, [join(root, "scripts/ensure-proxy.mjs")], { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`scripts/ensure-proxy.mjs failed:\n${run.stdout}${run.stderr}`);
  }
  const still = missing();
  return still.length ? { ok: false, reason: `${still.join(" and ")} missing, and no apt-get to install Debian's packages` } : { ok: true };
}

/** NAME=value lines of an EnvironmentFile (comments and blank lines skipped), as systemd reads these simple ones. */
export function readEnvironmentFile(path: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const m = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) env[m[1]!] = m[2]!.trim();
  }
  return env;
}

/**
 * The shop's environment as docs/deploy.md sets it up: the settings of docs/deploy/env and the unit's own
 * Environment= line, with payments simulated, no SMTP server, and the test's ports and data folder.
 */
export function deployedShopEnvironment(ports: Ports, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const file = readEnvironmentFile(deployFile("env"));
  for (const name of Object.keys(file)) if (/^(STRIPE_|CASHFLOWS_)/.test(name) || name === "SMTP_URL") delete file[name];
  return {
    PATH: process.env.PATH,
    ...file,
    // The unit's own Environment= line.
    NODE_ENV: "production",
    PUBLIC_ORIGIN: `https://localhost:${ports.https}`,
    PORT: String(ports.shop),
    DATA_DIR: dataDir,
    PAYMENT_PROVIDER: "simulated",
    PAYMENT_LATENCY_MS: "0",
    ...extra,
  };
}

/** The unit's ExecStart as an argument list. */
export function unitExecStart(): string[] {
  const line = readFileSync(deployFile("harvest-draws.service"), "utf8")
    .split("\n")
    .find((l) => l.startsWith("ExecStart="));
  if (!line) throw new Error("harvest-draws.service has no ExecStart");
  return line.slice("ExecStart=".length).trim().split(/\s+/);
}

export const APP_DIR = "/opt/harvest-draws";

/**
 * The unit's ExecStart with the checkout in place of /opt/harvest-draws. The runtime is
 * node_modules/.bin/node when npm installed one there, else the Node running the tests.
 */
export function localExecStart(): { command: string; args: string[] } {
  const [node, ...args] = unitExecStart().map((a) => a.replaceAll(APP_DIR, root.replace(/\/$/, "")));
  return { command: existsSync(node!) ? node! : process.execPath, args };
}

export interface Proc {
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export function startProcess(command: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Proc {
  let out = "";
  const proc = spawn(command, args, { cwd: opts.cwd ?? root, env: opts.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout!.on("data", (c) => (out += c));
  proc.stderr!.on("data", (c) => (out += c));
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  proc.once("error", (err) => (out += `\n${String(err)}`));
  return {
    proc,
    output: () => out,
    stop: async () => {
      if (proc.exitCode !== null || proc.signalCode !== null || proc.pid === undefined) return;
      proc.kill("SIGTERM");
      const killed = setTimeout(() => proc.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(killed);
    },
  };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every header line as sent, to count repeats. */
  rawHeaders: string[];
  body: Buffer;
  text: () => string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * One request on a fresh connection. `url` names the host as the visitor would (localhost); the
 * connection goes to 127.0.0.1 and, with `from`, leaves from that loopback address, so each test
 * stands for a visitor of its own.
 */
export function call(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string; ca?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const send = secure ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        host: "127.0.0.1",
        port: Number(target.port),
        path: target.pathname + target.search,
        method: opts.method ?? "GET",
        headers: { host: target.host, ...opts.headers },
        localAddress: opts.from,
        agent: false,
        ...(secure ? { servername: target.hostname, ca: opts.ca } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body,
            text: () => body.toString("utf8"),
            json: () => JSON.parse(body.toString("utf8")),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

/** How many times a header was sent. */
export const headerCount = (answer: Answer, name: string) => answer.rawHeaders.filter((h, i) => i % 2 === 0 && h.toLowerCase() === name.toLowerCase()).length;

export async function waitFor(what: string, check: () => Promise<boolean>, log: () => string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up within ${ms / 1000} s:\n${log()}`);
}

/** A self-signed certificate for localhost (and 127.0.0.1), made with openssl. */
export function makeCertificate(dir: string): { cert: string; key: string; pem: string } {
  const cert = join(dir, "localhost.crt");
  const key = join(dir, "localhost.key");
  const made = spawnSync(
    OPENSSL,
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=localhost"].concat([
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate:\n${made.stderr}`);
  return { cert, key, pem: readFileSync(cert, "utf8") };
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  // nginx's workers run as nobody and keep their temporary files under the test's prefix.
  chmodSync(dir, 0o755);
  return dir;
}

/** Replaces `from` with `to` in `text`, failing when `from` is not there (the file changed under the test). */
export function substitute(text: string, name: string, pairs: Array<[string | RegExp, string]>): string {
  let out = text;
  for (const [from, to] of pairs) {
    const found = typeof from === "string" ? out.includes(from) : from.test(out);
    if (!found) throw new Error(`${name} no longer contains ${String(from)}: update the deployment test's substitutions`);
    out =
      typeof from === "string" ? out.replaceAll(from, to) : out.replace(new RegExp(from.source, from.flags.includes("g") ? from.flags : `${from.flags}g`), to);
  }
  return out;
}

export interface Ports {
  shop: number;
  http: number;
  https: number;
}

/**
 * The upstream lines for several machines' shops, as the configuration's comment gives them: the
 * one-machine line taken out, the commented lines put in (their addresses the shops' ports here).
 */
function severalShops(shops: number[]): Array<[string | RegExp, string]> {
  return shops.map((port, i): [string, string] => [`10.0.0.${i + 1}:3000`, `127.0.0.1:${port}`]);
}

/**
 * Caddy with the repository's Caddyfile: only the site name, ports, the certificate and the upstream
 * port swapped in; with `shops`, the upstream of several machines the file gives in a comment.
 */
export async function startCaddy(dir: string, ports: Ports, cert: { cert: string; key: string }, shops?: number[]): Promise<Proc> {
  const upstream: Array<[string | RegExp, string]> = shops
    ? [
        ["\treverse_proxy 127.0.0.1:3000\n", ""],
        [
          /\t# (reverse_proxy 10\.0\.0\.1:3000 10\.0\.0\.2:3000 \{)\n\t# (\thealth_uri .*)\n\t# (\thealth_interval .*)\n\t# (\tlb_try_duration .*)\n\t# \}\n/,
          "\t$1\n\t$2\n\t$3\n\t$4\n\t}\n",
        ],
        ...severalShops(shops),
      ]
    : [["127.0.0.1:3000", `127.0.0.1:${ports.shop}`]];
  const config = substitute(readFileSync(deployFile("Caddyfile"), "utf8"), "Caddyfile", [
    // Global options: the test's own ports, no admin endpoint (several Caddies may run at once).
    ["\temail admin@example.co.uk", `\tadmin off\n\thttp_port ${ports.http}\n\thttps_port ${ports.https}\n\tskip_install_trust`],
    // The test's certificate in place of Let's Encrypt's.
    ["shop.example.co.uk {", `localhost {\n\ttls ${cert.cert} ${cert.key}`],
    ...upstream,
  ]);
  const file = join(dir, "Caddyfile");
  writeFileSync(file, config);
  for (const sub of ["data", "config"]) mkdirSync(join(dir, sub), { recursive: true });
  return startProcess(CADDY, ["run", "--config", file, "--adapter", "caddyfile"], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: join(dir, "data"), XDG_CONFIG_HOME: join(dir, "config") },
  });
}

/** nginx with the repository's site file inside a minimal main configuration of the test's own (with `shops`, as for Caddy). */
export async function startNginx(dir: string, ports: Ports, cert: { cert: string; key: string }, shops?: number[]): Promise<Proc> {
  const upstream: Array<[string | RegExp, string]> = shops
    ? [["    server 127.0.0.1:3000;\n", ""], [/ {4}# (server 10\.0\.0\.\d:3000 .*;)\n/, "    $1\n"], ...severalShops(shops)]
    : [["server 127.0.0.1:3000;", `server 127.0.0.1:${ports.shop};`]];
  const site = substitute(readFileSync(deployFile("nginx.conf"), "utf8"), "nginx.conf", [
    // IPv4 loopback only: the machine running the tests may have no IPv6.
    [/^\s*listen \[::\]:.*\n/m, ""],
    ["listen 80;", `listen 127.0.0.1:${ports.http};`],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`],
    ["server_name shop.example.co.uk;", "server_name localhost;"],
    ["/etc/letsencrypt/live/shop.example.co.uk/fullchain.pem", cert.cert],
    ["/etc/letsencrypt/live/shop.example.co.uk/privkey.pem", cert.key],
    ...upstream,
    ["shared:harvest_tls:10m", `shared:harvest_tls_${ports.https}:1m`],
  ]);
  writeFileSync(join(dir, "site.conf"), site);
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`;
  writeFileSync(
    join(dir, "nginx.conf"),
    [
      "daemon off;",
      "worker_processes 1;",
      `pid ${join(dir, "nginx.pid")};`,
      `error_log ${join(dir, "error.log")} warn;`,
      "events { worker_connections 256; }",
      "http {",
      "  include /etc/nginx/mime.types;",
      "  default_type application/octet-stream;",
      "  access_log off;",
      "  gzip on;", // as Debian's /etc/nginx/nginx.conf has it: the site must turn it off itself
      `  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}`,
      `  include ${join(dir, "site.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  const nginx = startProcess(NGINX, ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], { cwd: dir });
  const output = nginx.output;
  return { ...nginx, output: () => `${output()}${existsSync(join(dir, "error.log")) ? readFileSync(join(dir, "error.log"), "utf8") : ""}` };
}

export async function threePorts(): Promise<Ports> {
  const ports = new Set<number>();
  while (ports.size < 3) ports.add(await freePort());
  const [shop, http, https] = [...ports];
  return { shop: shop!, http: http!, https: https! };
}

export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });
