// `npm run bench [-- --quick] [-- --json]`: the launch-night benchmark. Starts the production build
// on a fresh temporary database, drives it over loopback with autocannon, runs a plain node:http +
// SQLite "ceiling" beside it, and reports the shop's figures next to the ceiling's.
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { fork, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAll, SERVER_ENTRY, SERVER_NODE_ARGS } from "./build.mjs";
import { gzipSync } from "node:zlib";
import { createHash, randomBytes } from "node:crypto";

const root = fileURLToPath(new URL("..", import.meta.url));
const quick = process.argv.includes("--quick");
const asJson = process.argv.includes("--json");
const log = (...a) => (asJson ? process.stderr : process.stdout).write(a.join(" ") + "\n");
const D = quick ? { sale: 2, soldOut: 6, reads: 1 } : { sale: 20, soldOut: 15, reads: 10 };
// `--profile`: the shop runs under the V8 CPU profiler; the profile lands in the printed folder
// (open it in Chrome DevTools, or `node scripts/bench/profile-summary.mjs <file>`).
// `--lighthouse`: also Lighthouse's mobile performance score (median of three runs) for the home page
// and a competition page, with the npm package (fetched by npx, so not a dependency) on Debian's Chromium.
const withLighthouse = process.argv.includes("--lighthouse");
const LIGHTHOUSE = "lighthouse@12.8.2"; // the newest that runs on Node 20
// `--sale-only`: just the flash sale and its ceiling (for working on the purchase path).
const saleOnly = process.argv.includes("--sale-only");
const profileDir = process.argv.includes("--profile") ? mkdtempSync(join(tmpdir(), "harvest-profile-")) : null;

const freePort = () => new Promise((resolve) => { const s = createServer(); s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => resolve(p)); }); });
const waitFor = async (url) => { for (let i = 0; i < 300; i++) { try { if ((await fetch(url)).ok) return; } catch {} await new Promise((r) => setTimeout(r, 100)); } throw new Error(`${url} did not come up`); };

// The production build, as `npm start` runs it (rebuilt only when older than its sources).
await buildAll({ ifStale: true, log });

// 1. The shop, production mode, fresh database.
const dataDir = mkdtempSync(join(tmpdir(), "harvest-bench-"));
const port = await freePort();
const shop = spawn(process.execPath, [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), ...SERVER_NODE_ARGS, SERVER_ENTRY], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SEED_DEMO: "true", SEED_ADMIN_PASSWORD: "bench-admin-pw", LOG_LEVEL: "warn", PAYMENT_LATENCY_MS: "0" },
  stdio: ["ignore", "ignore", "inherit"],
});
const base = `http://127.0.0.1:${port}`;
await waitFor(`${base}/api/health`);

// 2. The ceiling, serving the shop's own list, competition and page bytes.
const firstId = (await (await fetch(`${base}/api/competitions`)).json())[0].id;
const samples = join(dataDir, "ceiling");
mkdirSync(samples, { recursive: true });
writeFileSync(join(samples, "list.json"), Buffer.from(await (await fetch(`${base}/api/competitions`)).arrayBuffer()));
writeFileSync(join(samples, "one.json"), Buffer.from(await (await fetch(`${base}/api/competitions/${firstId}`)).arrayBuffer()));
writeFileSync(join(samples, "index.html"), readFileSync(join(root, "dist/client/index.html")));
const cport = await freePort();
const ceiling = fork(join(root, "scripts/bench/ceiling-server.mjs"), [String(cport), join(samples, "list.json"), join(samples, "one.json"), join(samples, "index.html")], { stdio: "ignore" });
await new Promise((r) => ceiling.once("message", r));
const cbase = `http://127.0.0.1:${cport}`;

let peakRss = 0;
// Peak RSS by phase too, so a reader sees where memory goes.
let phase = "start-up";
const peakByPhase = {};
const rssTimer = setInterval(() => {
  try {
    const status = readFileSync(`/proc/${shop.pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peakRss = Math.max(peakRss, kb / 1024);
    peakByPhase[phase] = Math.max(peakByPhase[phase] ?? 0, Math.round(kb / 1024));
  } catch {}
}, 100);

// 3. Buyers and competitions, written straight into the database (sessions created up front).
const db = new Database(join(dataDir, "shop.db"));
db.pragma("busy_timeout = 5000");
const now = Date.now();
const tokens = [];
for (let i = 0; i < 200; i++) {
  const id = crypto.randomUUID();
  db.prepare("insert into users (id, email, password_hash, first_name, last_name, date_of_birth, country, role, is_active, email_verified, created_at, updated_at) values (?, ?, 'x', 'Bench', ?, '1980-01-01', 'United Kingdom', 'user', 1, 0, ?, ?)").run(id, `bench${i}@example.test`, `B${i}`, now, now);
  const token = randomBytes(20).toString("base64url").toLowerCase().replace(/[^a-z2-7]/g, "a").slice(0, 32).padEnd(32, "a");
  db.prepare("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)").run(createHash("sha256").update(token).digest("hex"), id, now + 30 * 86_400_000, now); // as a sign-in makes them: 30 days
  tokens.push(token);
}
const newCompetition = (max) => {
  const id = crypto.randomUUID();
  db.prepare(`insert into competitions (id, title, description, image, category, price_pence, status, start_date, end_date, draw_date, max_tickets, draw_seed, qualifying_question, qualifying_answer, created_at, updated_at)
    values (?, 'Bench Tractor', 'd', '/images/tractor.svg', 'Farm Machinery', 100, 'active', ?, ?, ?, ?, ?, 'Colour of grass?', 'green', ?, ?)`).run(id, now - 86_400_000, now + 86_400_000, now + 2 * 86_400_000, max, randomBytes(32).toString("hex"), now, now);
  return id;
};
const big = newCompetition(50_000);
const small = newCompetition(1_000);
const live = newCompetition(50_000);

function purchaseRequests(competitionId, onSoldOut) {
  return [{
    method: "POST",
    path: "/api/entries",
    setupRequest: (req) => {
      const quantity = 1 + Math.floor(Math.random() * 5);
      return { ...req, headers: { "content-type": "application/json", "x-session-token": tokens[Math.floor(Math.random() * tokens.length)] }, body: JSON.stringify({ competitionId, customerName: "Bench Buyer", customerEmail: "bench@example.test", answer: "green", quantity }) };
    },
    // 403 is "sold out" here (the buyers have no limits): the sale is over.
    onResponse: (status) => { if (status === 403) onSoldOut?.(); },
  }];
}

let current = null;
const run = (opts) => new Promise((resolve, reject) => { current = autocannon({ connections: 100, ...opts }, (err, res) => (err ? reject(err) : resolve(res))); });
const count = (res, code) => res.statusCodeStats?.[code]?.count ?? 0;
const ledger = (cid) => ({
  sold: db.prepare("select sold_tickets s from competitions where id = ?").get(cid).s,
  max: db.prepare("select max_tickets m from competitions where id = ?").get(cid).m,
  tickets: db.prepare("select count(*) n from tickets where competition_id = ?").get(cid).n,
  duplicates: db.prepare("select count(*) n from (select number from tickets where competition_id = ? group by number having count(*) > 1)").get(cid).n,
  paidWithoutTickets: db.prepare("select count(*) n from entries e where e.competition_id = ? and e.payment_status = 'paid' and e.ticket_count != (select count(*) from tickets t where t.entry_id = e.id)").get(cid).n,
});

log(`Flash sale: 200 buyers, 100 connections, ${D.sale}s (or until sold out) against 50,000 tickets…`);
// The rate is measured while there is something to sell: the run stops at the first "sold out".
phase = "flash sale";
const sale = await run({ url: base, duration: D.sale, requests: purchaseRequests(big, () => current?.stop()) });
const saleLedger = ledger(big);
const ticketsSold = saleLedger.sold;
log(`Sold-out run: 1,000 tickets, ${D.soldOut}s…`);
phase = "sold-out run";
if (!saleOnly) await run({ url: base, duration: D.soldOut, requests: purchaseRequests(small) });
const soldOutLedger = ledger(small);

phase = "idle (ceiling run)";
log(`Ceiling: plain node:http purchases, ${D.sale}s…`);
const ceilingSale = await run({ url: cbase, duration: D.sale, requests: [{ method: "POST", path: "/buy", setupRequest: (r) => ({ ...r, body: JSON.stringify({ quantity: 1 + Math.floor(Math.random() * 5) }) }) }] });

const someId = firstId;
const readRun = async (path, cpath) => {
  const shopRes = await run({ url: base + path, duration: D.reads });
  const ceilRes = await run({ url: cbase + cpath, duration: D.reads });
  return { reqPerSec: Math.round(shopRes.requests.average), p99Ms: shopRes.latency.p99, ceilingReqPerSec: Math.round(ceilRes.requests.average), errors: shopRes.errors + shopRes.non2xx };
};
log(`Reads: ${D.reads}s each…`);
phase = "reads";
const skipped = { reqPerSec: 0, p99Ms: 0, ceilingReqPerSec: 0, errors: 0 };
const reads = {
  competitions: saleOnly ? skipped : await readRun("/api/competitions", "/list"),
  competition: saleOnly ? skipped : await readRun(`/api/competitions/${someId}`, "/one"),
  shell: saleOnly ? skipped : await readRun("/", "/"),
};

// 4. Launch night as it happens: people buying and people browsing the same competition at once.
// Every purchase changes what the pages show, so this is where the read cache earns its keep.
let mixed = null;
if (!saleOnly) {
  log(`Launch-night mix: 50 connections buying and 50 browsing one competition, ${D.reads}s…`);
  phase = "mix";
  // Like the flash sale, the mix ends when the competition sells out.
  const instances = [];
  const once = (opts) => new Promise((resolve, reject) => instances.push(autocannon({ duration: D.reads, ...opts }, (err, res) => (err ? reject(err) : resolve(res)))));
  const [buying, browsing] = await Promise.all([
    once({ url: base, connections: 50, requests: purchaseRequests(live, () => instances.forEach((i) => i.stop())) }),
    once({ url: base, connections: 50, requests: [{ method: "GET", path: `/api/competitions/${live}` }, { method: "GET", path: "/api/competitions" }] }),
  ]);
  const l = ledger(live);
  mixed = {
    purchasesPerSec: Math.round(count(buying, 201) / buying.duration),
    purchaseP99Ms: buying.latency.p99,
    readsPerSec: Math.round(browsing.requests.average),
    readP99Ms: browsing.latency.p99,
    errors: buying.errors + (buying.non2xx - count(buying, 403) - count(buying, 409)) + browsing.errors + browsing.non2xx,
    oversold: Math.max(0, l.sold - l.max),
    duplicates: l.duplicates,
    statusCodes: Object.fromEntries([...Object.entries(buying.statusCodeStats ?? {}), ...Object.entries(browsing.statusCodeStats ?? {}).map(([k, v]) => [`read ${k}`, v])].map(([k, v]) => [k, v.count])),
  };
}

// Lighthouse against the same running shop, before it stops.
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function lighthouse(path) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const out = join(dataDir, `lighthouse-${runs.length}.json`);
    const r = spawnSync("npx", ["--yes", LIGHTHOUSE, base + path, "--only-categories=performance", "--chrome-flags=--headless=new --no-sandbox", "--output=json", `--output-path=${out}`, "--quiet"], {
      cwd: root,
      env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    if (r.status !== 0) throw new Error(`lighthouse failed on ${path}: ${r.stderr}`);
    const report = JSON.parse(readFileSync(out, "utf8"));
    runs.push({ score: Math.round(report.categories.performance.score * 100), lcpMs: Math.round(report.audits["largest-contentful-paint"].numericValue), tbtMs: Math.round(report.audits["total-blocking-time"].numericValue), cls: report.audits["cumulative-layout-shift"].numericValue });
  }
  return { score: median(runs.map((r) => r.score)), lcpMs: median(runs.map((r) => r.lcpMs)), tbtMs: median(runs.map((r) => r.tbtMs)), cls: median(runs.map((r) => r.cls)), runs: runs.map((r) => r.score) };
}
// Page speed is measured on a quiet machine: first let the shop finish what the load left it
// (sending the queued mail, freezing the sold-out competitions' draw pools).
const cpuMs = () => { const f = readFileSync(`/proc/${shop.pid}/stat`, "utf8").split(") ")[1].split(" "); return (Number(f[11]) + Number(f[12])) * 10; };
async function waitUntilIdle() {
  for (let i = 0; i < 60; i++) {
    const before = cpuMs();
    await new Promise((r) => setTimeout(r, 1000));
    if (cpuMs() - before < 50) return;
  }
}
let lighthouseScores = null;
if (withLighthouse) {
  phase = "lighthouse";
  await waitUntilIdle();
  log("Lighthouse (mobile), three runs per page…");
  lighthouseScores = { home: lighthouse("/"), competition: lighthouse(`/competition/${firstId}`) };
}

clearInterval(rssTimer);
const shopExited = new Promise((r) => shop.once("exit", r));
shop.kill("SIGTERM");
ceiling.kill("SIGTERM");
await shopExited;
if (profileDir) log(`CPU profile of the shop: ${profileDir}`);

// First-load JavaScript and CSS of the storefront, gzip bytes, from the build manifest.
const manifest = JSON.parse(readFileSync(join(root, "dist/client/.vite/manifest.json"), "utf8"));
const entry = Object.values(manifest).find((m) => m.isEntry);
const seen = new Set();
let firstLoadJsGzipBytes = 0;
let firstLoadCssGzipBytes = 0;
const walk = (chunk) => {
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  firstLoadJsGzipBytes += gzipSync(readFileSync(join(root, "dist/client", chunk.file))).length;
  for (const css of chunk.css ?? []) firstLoadCssGzipBytes += gzipSync(readFileSync(join(root, "dist/client", css))).length;
  for (const imp of chunk.imports ?? []) walk(manifest[imp]);
};
walk(entry);

const purchases = count(sale, 201);
const result = {
  flashSale: {
    seconds: sale.duration,
    purchasesPerSec: Math.round(purchases / sale.duration),
    ticketsPerSec: Math.round(ticketsSold / sale.duration),
    p50Ms: sale.latency.p50,
    p99Ms: sale.latency.p99,
    errors: sale.errors + (sale.non2xx - count(sale, 409) - count(sale, 403)),
    oversold: Math.max(0, saleLedger.sold - saleLedger.max) + Math.max(0, soldOutLedger.sold - soldOutLedger.max),
    duplicates: saleLedger.duplicates + soldOutLedger.duplicates,
    paidWithoutTickets: saleLedger.paidWithoutTickets + soldOutLedger.paidWithoutTickets,
    ceilingPurchasesPerSec: Math.round(count(ceilingSale, 201) / D.sale),
    statusCodes: Object.fromEntries(Object.entries(sale.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
    timeouts: sale.timeouts,
  },
  soldOut: { max: soldOutLedger.max, sold: soldOutLedger.sold },
  reads,
  ...(mixed ? { mixed } : {}),
  peakRssMb: Math.round(peakRss),
  peakRssMbByPhase: peakByPhase,
  firstLoadJsGzipBytes,
  firstLoadCssGzipBytes,
  ...(lighthouseScores ? { lighthouse: lighthouseScores } : {}),
};
db.close();

if (asJson) process.stdout.write(JSON.stringify(result, null, 2) + "\n");
else {
  const f = result.flashSale;
  const ratio = (a, b) => (b ? `${((a / b) * 100).toFixed(0)}%` : "-");
  console.log(`
Launch-night benchmark${quick ? " (quick smoke run)" : ""}
  Flash sale      ${f.purchasesPerSec} purchases/s (${ratio(f.purchasesPerSec, f.ceilingPurchasesPerSec)} of the ${f.ceilingPurchasesPerSec}/s ceiling), ${f.ticketsPerSec} tickets/s, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, errors ${f.errors}
  Integrity       oversold ${f.oversold}, duplicate numbers ${f.duplicates}, paid orders without tickets ${f.paidWithoutTickets}
  Sold out        ${result.soldOut.sold} of ${result.soldOut.max}
  GET /api/competitions        ${reads.competitions.reqPerSec} req/s (${ratio(reads.competitions.reqPerSec, reads.competitions.ceilingReqPerSec)} of ${reads.competitions.ceilingReqPerSec}), p99 ${reads.competitions.p99Ms} ms
  GET /api/competitions/{id}   ${reads.competition.reqPerSec} req/s (${ratio(reads.competition.reqPerSec, reads.competition.ceilingReqPerSec)} of ${reads.competition.ceilingReqPerSec}), p99 ${reads.competition.p99Ms} ms
  GET / (SPA shell)            ${reads.shell.reqPerSec} req/s (${ratio(reads.shell.reqPerSec, reads.shell.ceilingReqPerSec)} of ${reads.shell.ceilingReqPerSec}), p99 ${reads.shell.p99Ms} ms
  Launch-night mix ${mixed ? `${mixed.purchasesPerSec} purchases/s (p99 ${mixed.purchaseP99Ms} ms) while ${mixed.readsPerSec} page reads/s (p99 ${mixed.readP99Ms} ms), errors ${mixed.errors}` : "-"}
  Peak server RSS ${result.peakRssMb} MB (${Object.entries(peakByPhase).map(([k, v]) => `${k} ${v}`).join(", ")})
  First load      ${(firstLoadJsGzipBytes / 1024).toFixed(1)} KiB gzip JS, ${(firstLoadCssGzipBytes / 1024).toFixed(1)} KiB gzip CSS`);
  if (lighthouseScores) {
    for (const [page, l] of Object.entries(lighthouseScores)) {
      console.log(`  Lighthouse      ${page}: ${l.score} (runs ${l.runs.join(", ")}), LCP ${l.lcpMs} ms, TBT ${l.tbtMs} ms, CLS ${l.cls.toFixed(3)}`);
    }
  }
}
const ok = (mixed === null || (mixed.oversold === 0 && mixed.duplicates === 0)) && result.flashSale.oversold === 0 && result.flashSale.duplicates === 0 && result.flashSale.paidWithoutTickets === 0 && (saleOnly || result.soldOut.sold === result.soldOut.max);
process.exit(ok ? 0 : 1);
