// `npm run bench [-- --quick] [-- --json]`: the launch-night benchmark. Starts the production build
// on a fresh temporary database, drives it over loopback with autocannon, runs a plain node:http +
// SQLite "ceiling" beside it, and reports the shop's figures next to the ceiling's. Then two attacks,
// each on a fresh shop of its own (scripts/bench/attacks.mjs): the batch hammer (oversized tRPC
// batches from anonymous clients while people buy and a monitor reads /api/health) and the ticket
// hoarder (one account holding every remaining ticket with a card that declines), each measured
// against the same load without the attacker. And, on a fresh shop too, "provider latency": 1,000
// buyers purchasing while each payment call takes 400 ms (scripts/bench/latency.mjs), read against
// the bound connections ÷ latency. And the storefront's budgets (issue 31, scripts/bench/budgets.mjs):
// an anonymous competition page's HTML against its cached JSON read on the same shop
// (scripts/bench/pages.mjs), the first-load JavaScript against today's, and with `--lighthouse`
// Lighthouse's mobile figures for the demo shop (scripts/bench/lighthouse.mjs).
import "./runtime.mjs"; // first: Node 24 LTS, or a plain message
import autocannon from "autocannon";
import { fork } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAll } from "./build.mjs";
import { gzipSync } from "node:zlib";
import {
  address,
  freePort,
  ledger as ledgerOf,
  addInstantPrizes,
  newCompetition as newCompetitionIn,
  perConnectionAddress,
  purchaseRequests as purchaseRequestsOf,
  seedBuyers,
  startShop,
} from "./bench/shop.mjs";
import { attackLines, attacksOk, batchHammer, ticketHoarder } from "./bench/attacks.mjs";
import { providerLatency, providerLatencyLines, providerLatencyOk } from "./bench/latency.mjs";
import { bigDatabase, bigDatabaseLines, bigDatabaseOk } from "./bench/big-database.mjs";
import { firstLoadCheck, verdict } from "./bench/budgets.mjs";
import { lighthouseLines, lighthouseOk, lighthousePages } from "./bench/lighthouse.mjs";
import { pageVsJson, pageVsJsonLines, pageVsJsonOk } from "./bench/pages.mjs";
import { postgresComparison, postgresLines, postgresOk } from "./bench/postgres.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const quick = process.argv.includes("--quick");
const asJson = process.argv.includes("--json");
const log = (...a) => (asJson ? process.stderr : process.stdout).write(a.join(" ") + "\n");
const D = quick ? { sale: 2, soldOut: 6, reads: 1, latency: 3, latencyWarmUp: 1 } : { sale: 20, soldOut: 15, reads: 10, latency: 20, latencyWarmUp: 3 };
// `--profile`: the shop runs under the V8 CPU profiler; the profile lands in the printed folder
// (open it in Chrome DevTools, or `node scripts/bench/profile-summary.mjs <file>`).
// `--lighthouse`: also Lighthouse's mobile figures (median of three runs; one with `--quick`) for the home
// page and a competition page of a fresh shop with the demo data `npm start` seeds, against the budgets, with
// the npm package (fetched by npx at a pinned version, so not a dependency) on Debian's Chromium.
const withLighthouse = process.argv.includes("--lighthouse");
// `--pages-only`: just the storefront's figures on one fresh demo shop: Lighthouse (with `--lighthouse`),
// then the server-rendered page against its JSON, and the first-load JavaScript.
const pagesOnly = process.argv.includes("--pages-only");
// `--sale-only`: just the flash sale and its ceiling (for working on the purchase path).
const saleOnly = process.argv.includes("--sale-only");
const profileDir = process.argv.includes("--profile") ? mkdtempSync(join(tmpdir(), "harvest-profile-")) : null;
// The attack phases (scripts/bench/attacks.mjs), each on its own shop after the main one has stopped:
// `--attacks-only` runs just both, `--batch-hammer-only` / `--hoarder-only` just one; `--sale-only` skips them.
const hammerOnly = process.argv.includes("--batch-hammer-only");
const hoarderOnly = process.argv.includes("--hoarder-only");
const attacksOnly = process.argv.includes("--attacks-only") || hammerOnly || hoarderOnly;
// `--latency-only`: just the provider-latency scenario (its own shop, payments taking 400 ms); `--sale-only` skips it.
const latencyOnly = process.argv.includes("--latency-only");
// `--big`: just the big-database phase (a customer with 200,000 orders: lists and exports, health meanwhile).
// The full run includes it; `--quick` and `--sale-only` skip it.
const bigOnly = process.argv.includes("--big");

// The production build, as `npm start` runs it (rebuilt only when older than its sources).
await buildAll({ ifStale: true, log });

/** First-load JavaScript and CSS of the storefront, gzip bytes, from the build manifest. */
function firstLoad() {
  const manifest = JSON.parse(readFileSync(join(root, "dist/client/.vite/manifest.json"), "utf8"));
  const entry = Object.values(manifest).find((m) => m.isEntry);
  const seen = new Set();
  let js = 0;
  let css = 0;
  const walk = (chunk) => {
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    js += gzipSync(readFileSync(join(root, "dist/client", chunk.file))).length;
    for (const file of chunk.css ?? []) css += gzipSync(readFileSync(join(root, "dist/client", file))).length;
    for (const imp of chunk.imports ?? []) walk(manifest[imp]);
  };
  walk(entry);
  // The entry is a loader that asks for the app once the page is painted (src/client/main.tsx): what it
  // loads that way is part of every first load too.
  for (const imp of entry.dynamicImports ?? []) walk(manifest[imp]);
  return { js, css };
}
/** The first page's JavaScript budget: a change that pulls a big module (zod, a chart library) into every visit fails the run. */
const FIRST_LOAD_JS_BUDGET = 150 * 1024;
const firstLoadLine = (c) =>
  `  ${verdict(c.pass)}  first-load JavaScript ${c.bytes.toLocaleString("en-GB")} B gzip, ${c.difference >= 0 ? "+" : ""}${c.difference.toLocaleString("en-GB")} B against today's ${c.reference.toLocaleString("en-GB")} B (budget: no larger, ${c.allowance} B allowed for chunk names)`;

/** The demo competition the page figures are taken on: the first one on sale (the kind of page people share). */
async function demoCompetition(base) {
  const list = await (await fetch(`${base}/api/competitions`)).json();
  return (list.find((c) => c.status === "active") ?? list[0]).id;
}

// The shop's CPU time so far (ms), to wait for it to be quiet before Lighthouse.
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) * 10;
};
async function waitUntilIdle(pid) {
  for (let i = 0; i < 60; i++) {
    const before = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 1000));
    if (cpuMs(pid) - before < 50) return;
  }
}
/**
 * Lighthouse on the home page and a demo competition of `shop` once it is quiet (its first answers warmed
 * first: a visitor rarely meets a server that has just started).
 */
async function lighthouseOn(shop, competitionId) {
  const pages = { home: "/", competition: `/competition/${competitionId}` };
  for (const path of [...Object.values(pages), "/api/competitions", `/api/competitions/${competitionId}`]) await (await fetch(shop.base + path)).arrayBuffer();
  await waitUntilIdle(shop.proc.pid);
  const runs = quick ? 1 : 3;
  log(`Lighthouse (mobile), ${runs} run${runs === 1 ? "" : "s"} per page, demo shop…`);
  return lighthousePages({ root, base: shop.base, pages, runs, dir: shop.dataDir, log });
}
const budgetsOk = (lh, pv, fl) => fl.pass && (quick || ((lh === null || lighthouseOk(lh)) && (pv === null || pageVsJsonOk(pv))));

if (pagesOnly) {
  // One fresh shop, trusting the proxy header as in the main run (the page reads come from many addresses).
  const shop = await startShop({ root, env: { TRUST_PROXY: "true" } });
  let lh = null;
  let pv;
  try {
    const id = await demoCompetition(shop.base);
    if (withLighthouse) lh = await lighthouseOn(shop, id);
    pv = await pageVsJson({ base: shop.base, competitionId: id, seconds: Math.max(1, D.reads / 2), log });
  } finally {
    await shop.stop();
  }
  const { js, css } = firstLoad();
  const fl = firstLoadCheck(js);
  if (asJson)
    process.stdout.write(JSON.stringify({ pageVsJson: pv, firstLoad: { ...fl, cssGzipBytes: css }, ...(lh ? { lighthouse: lh } : {}) }, null, 2) + "\n");
  else
    console.log(
      [`\nStorefront budgets${quick ? " (quick smoke run)" : ""}`, ...pageVsJsonLines(pv), firstLoadLine(fl), ...(lh ? lighthouseLines(lh) : [])].join("\n"),
    );
  process.exit(budgetsOk(lh, pv, fl) ? 0 : 1);
}

async function runAttacks() {
  const attacks = {};
  if (!hoarderOnly) attacks.batchHammer = await batchHammer({ root, quick, log });
  if (!hammerOnly) attacks.ticketHoarder = await ticketHoarder({ root, quick, log });
  return attacks;
}
const runLatency = () => providerLatency({ root, log, seconds: D.latency, warmUpSeconds: D.latencyWarmUp });
if (latencyOnly) {
  const providerLatencyResult = await runLatency();
  if (asJson) process.stdout.write(JSON.stringify({ providerLatency: providerLatencyResult }, null, 2) + "\n");
  else console.log(`\nProvider latency${quick ? " (quick smoke run)" : ""}\n${providerLatencyLines(providerLatencyResult).join("\n")}`);
  process.exit(providerLatencyOk(providerLatencyResult) ? 0 : 1);
}
// `--postgres`: the flash sale on PostgreSQL, one process and two behind a round-robin proxy, beside SQLite.
if (process.argv.includes("--postgres")) {
  const results = await postgresComparison({ root, seconds: D.sale, log });
  if (asJson) process.stdout.write(JSON.stringify({ postgres: results }, null, 2) + "\n");
  else
    console.log(
      `\nFlash sale by engine${quick ? " (quick smoke run)" : ""}: 200 buyers, 100 connections, 50,000 tickets\n${postgresLines(results).join("\n")}`,
    );
  process.exit(postgresOk(results) ? 0 : 1);
}
const runBig = () => bigDatabase({ root, log });
if (bigOnly) {
  const result = await runBig();
  if (asJson) process.stdout.write(JSON.stringify({ bigDatabase: result }, null, 2) + "\n");
  else console.log(`\nBig database\n${bigDatabaseLines(result).join("\n")}`);
  process.exit(bigDatabaseOk(result) ? 0 : 1);
}
if (attacksOnly) {
  const attacks = await runAttacks();
  if (asJson) process.stdout.write(JSON.stringify(attacks, null, 2) + "\n");
  else console.log(`\nAttack phases${quick ? " (quick smoke run)" : ""}\n${attackLines(attacks).join("\n")}`);
  process.exit(attacksOk(attacks, { quick }) ? 0 : 1);
}

// 1. The shop, production mode, fresh database. It trusts X-Forwarded-For, and every benchmark
// connection sends its own (10.<phase>.x.y), as the different customers behind a proxy they stand
// for: per-address limits (payments in progress, request budgets) then apply to each as to a person,
// not to all of them at once as they would to one 127.0.0.1.
const shopServer = await startShop({ root, env: { TRUST_PROXY: "true" }, nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [] });
const { proc: shop, base, dataDir, db } = shopServer;

// 2. The ceiling, serving the shop's own list, competition and page bytes.
const firstId = (await (await fetch(`${base}/api/competitions`)).json())[0].id;
// The demo competition on sale whose page is measured against its JSON (before the bench's own exist).
const pageId = await demoCompetition(base);
const samples = join(dataDir, "ceiling");
mkdirSync(samples, { recursive: true });
writeFileSync(join(samples, "list.json"), Buffer.from(await (await fetch(`${base}/api/competitions`)).arrayBuffer()));
writeFileSync(join(samples, "one.json"), Buffer.from(await (await fetch(`${base}/api/competitions/${firstId}`)).arrayBuffer()));
writeFileSync(join(samples, "index.html"), readFileSync(join(root, "dist/client/index.html")));
const cport = await freePort();
const ceiling = fork(
  join(root, "scripts/bench/ceiling-server.mjs"),
  [String(cport), join(samples, "list.json"), join(samples, "one.json"), join(samples, "index.html")],
  // Pinned like the shop (BENCH_SERVER_CPUS, scripts/bench/shop.mjs), so the share compares like with like.
  {
    stdio: "ignore",
    ...(process.env.BENCH_SERVER_CPUS ? { execPath: "taskset", execArgv: ["-c", process.env.BENCH_SERVER_CPUS, process.execPath] } : {}),
  },
);
await new Promise((r) => ceiling.once("message", r));
const cbase = `http://127.0.0.1:${cport}`;

let peakRss = 0;
// Peak RSS by phase too, so a reader sees where memory goes.
let phase = "start-up";
// A shop that goes away mid-run says so, with the phase, rather than leaving only a refused connection.
let shopStopping = false;
shop.once("exit", (code, signal) => {
  if (!shopStopping) log(`The shop exited during "${phase}" (${signal ?? `exit code ${code}`}).`);
});
const peakByPhase = {};
const rssTimer = setInterval(() => {
  try {
    const status = readFileSync(`/proc/${shop.pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peakRss = Math.max(peakRss, kb / 1024);
    peakByPhase[phase] = Math.max(peakByPhase[phase] ?? 0, Math.round(kb / 1024));
  } catch {
    // The shop has exited between two samples.
  }
}, 100);

// 3. Buyers and competitions, written straight into the database (sessions created up front, as a
// sign-in makes them: 30 days).
const tokens = seedBuyers(db, 200);
const newCompetition = (max, options) => newCompetitionIn(db, max, options);
const big = newCompetition(50_000);
// Issue #18: numbers drawn at random from a million against numbers in order from a million, the two
// sales interleaved in blocks (in order, random, in order, random) so that neither gains from going
// first on a smaller database.
const ordered = newCompetition(1_000_000, { title: "Bench Ordered Tractor" });
const shuffled = newCompetition(1_000_000, { allocation: "random", title: "Bench Random Tractor" });
// And a million numbers chosen by the buyers themselves (the number grid), interleaved with the two.
const picked = newCompetition(1_000_000, { allocation: "random", pickNumbers: true, title: "Bench Picked Tractor" });
// And random numbers from a million with 10,000 instant prizes on them (issue #19): each ticket sold is
// checked against the winning numbers, about one purchase in thirty wins.
const instant = newCompetition(1_000_000, { allocation: "random", title: "Bench Instant Tractor" });
addInstantPrizes(db, instant, 10_000);
const small = newCompetition(1_000);
const live = newCompetition(50_000);
// Buyer j buys on connection j mod connections only (one order at a time each, as in a browser).
const purchaseRequests = (competitionId, onSoldOut, connections = 100, options) => purchaseRequestsOf(competitionId, tokens, onSoldOut, connections, options);

let current = null;
// Against the shop (`block` given), each connection has its own X-Forwarded-For, 10.block.x.y, or
// `addresses` of them in turn (page reads: many visitors per connection).
const run = (opts, block, addresses = 1) =>
  new Promise((resolve, reject) => {
    const o = { connections: 100, ...opts };
    current = autocannon(block ? perConnectionAddress(o, (n) => address(block, n), addresses) : o, (err, res) => (err ? reject(err) : resolve(res)));
  });
const count = (res, code) => res.statusCodeStats?.[code]?.count ?? 0;
const ledger = (cid) => ledgerOf(db, cid);

log(`Flash sale: 200 buyers, 100 connections, ${D.sale}s (or until sold out) against 50,000 tickets…`);
// The rate is measured while there is something to sell: the run stops at the first "sold out".
phase = "flash sale";
const sale = await run({ url: base, duration: D.sale, requests: purchaseRequests(big, () => current?.stop()) }, 1);
const saleLedger = ledger(big);
const ticketsSold = saleLedger.sold;
const block = Math.max(1, D.sale / 4);
log(`Random numbers: the same buyers on 1,000,000 tickets in order and 1,000,000 at random, alternating ${block}s blocks…`);
phase = "random flash sale";
const blocks = { ordered: [], random: [], picked: [], instant: [] };
const sales = [
  ["ordered", () => purchaseRequests(ordered)],
  ["random", () => purchaseRequests(shuffled)],
  ["picked", () => purchaseRequests(picked, undefined, 100, { pickFrom: 1_000_000 })],
  ["instant", () => purchaseRequests(instant)],
];
// Four rounds, each the last rotated by one, so every sale runs once in every position: none is always
// the one on the biggest database, or always the one after another's burst of checkpoints.
const rounds = sales.map((_, k) => [...sales.slice(k), ...sales.slice(0, k)]);
for (const round of rounds) {
  for (const [name, requests] of round) blocks[name].push(await run({ url: base, duration: block, requests: requests() }, 8));
}
const rateOf = (runs) => runs.reduce((n, r) => n + count(r, 201), 0) / runs.reduce((s, r) => s + r.duration, 0);
const randomLedger = ledger(shuffled);
const orderedLedger = ledger(ordered);
const pickedLedger = ledger(picked);
const instantLedger = ledger(instant);
const instantWon = db.prepare("select count(*) n from instant_prizes where competition_id = ? and won_at is not null").get(instant).n;
log(`Sold-out run: 1,000 tickets, ${D.soldOut}s…`);
phase = "sold-out run";
if (!saleOnly) await run({ url: base, duration: D.soldOut, requests: purchaseRequests(small) }, 2);
const soldOutLedger = ledger(small);

phase = "idle (ceiling run)";
log(`Ceiling: plain node:http purchases, ${D.sale}s…`);
const ceilingSale = await run({
  url: cbase,
  duration: D.sale,
  requests: [{ method: "POST", path: "/buy", setupRequest: (r) => ({ ...r, body: JSON.stringify({ quantity: 1 + Math.floor(Math.random() * 5) }) }) }],
});

const someId = firstId;
// Each read connection stands for 32 visitors, each with its own address (3,200 in all): a few dozen
// reads a second each at most, like the people they stand for, so a per-address request budget
// measures what it costs rather than refusing the benchmark.
const READ_ADDRESSES = 32;
const readRun = async (path, cpath, block) => {
  const shopRes = await run({ url: base + path, duration: D.reads }, block, READ_ADDRESSES);
  const ceilRes = await run({ url: cbase + cpath, duration: D.reads });
  return {
    reqPerSec: Math.round(shopRes.requests.average),
    p99Ms: shopRes.latency.p99,
    ceilingReqPerSec: Math.round(ceilRes.requests.average),
    errors: shopRes.errors + shopRes.non2xx,
  };
};
log(`Reads: ${D.reads}s each…`);
phase = "reads";
const skipped = { reqPerSec: 0, p99Ms: 0, ceilingReqPerSec: 0, errors: 0 };
const reads = {
  competitions: saleOnly ? skipped : await readRun("/api/competitions", "/list", 3),
  competition: saleOnly ? skipped : await readRun(`/api/competitions/${someId}`, "/one", 4),
  shell: saleOnly ? skipped : await readRun("/", "/", 5),
  // Draw night: every viewer of /live polls this every few seconds.
  live: saleOnly ? skipped : await readRun("/api/live", "/list", 9),
};
// Server rendering's cost: an anonymous competition page's HTML against its cached JSON, on this shop now.
phase = "page vs JSON";
const pages = saleOnly ? null : await pageVsJson({ base, competitionId: pageId, seconds: Math.max(1, D.reads / 2), log });

// 4. Launch night as it happens: people buying and people browsing the same competition at once.
// Every purchase changes what the pages show, so this is where the read cache earns its keep.
let mixed = null;
if (!saleOnly) {
  log(`Launch-night mix: 50 connections buying and 50 browsing one competition, ${D.reads}s…`);
  phase = "mix";
  // Like the flash sale, the mix ends when the competition sells out.
  const instances = [];
  const once = (opts) =>
    new Promise((resolve, reject) => instances.push(autocannon({ duration: D.reads, ...opts }, (err, res) => (err ? reject(err) : resolve(res)))));
  const [buying, browsing] = await Promise.all([
    once(
      perConnectionAddress({ url: base, connections: 50, requests: purchaseRequests(live, () => instances.forEach((i) => i.stop()), 50) }, (n) =>
        address(6, n),
      ),
    ),
    once(
      perConnectionAddress(
        {
          url: base,
          connections: 50,
          requests: [
            { method: "GET", path: `/api/competitions/${live}` },
            { method: "GET", path: "/api/competitions" },
          ],
        },
        (n) => address(7, n),
        READ_ADDRESSES,
      ),
    ),
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
    statusCodes: Object.fromEntries(
      [...Object.entries(buying.statusCodeStats ?? {}), ...Object.entries(browsing.statusCodeStats ?? {}).map(([k, v]) => [`read ${k}`, v])].map(([k, v]) => [
        k,
        v.count,
      ]),
    ),
  };
}

clearInterval(rssTimer);
ceiling.kill("SIGTERM");
shopStopping = true;
await shopServer.stop();
if (profileDir) log(`CPU profile of the shop: ${profileDir}`);

// 5. Lighthouse on a fresh shop with only the demo data, as a newcomer meets it (not the one the load has
// filled with the bench's own competitions), on a quiet machine.
let lighthouseScores = null;
if (withLighthouse) {
  const demo = await startShop({ root });
  try {
    lighthouseScores = await lighthouseOn(demo, await demoCompetition(demo.base));
  } finally {
    await demo.stop();
  }
}

// 6. Purchases against a slow payment provider, on a fresh shop (see scripts/bench/latency.mjs).
const latency = saleOnly ? null : await runLatency();

// 7. The attacks, each on its own fresh shop (see scripts/bench/attacks.mjs).
const attacks = saleOnly ? {} : await runAttacks();

// 8. A customer with 200,000 orders: lists and exports, on a fresh shop (see scripts/bench/big-database.mjs).
const bigDb = saleOnly || quick ? null : await runBig();

const { js: firstLoadJsGzipBytes, css: firstLoadCssGzipBytes } = firstLoad();
const firstLoadBudget = firstLoadCheck(firstLoadJsGzipBytes);

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
  randomSale: {
    purchasesPerSec: Math.round(rateOf(blocks.random)),
    orderedPurchasesPerSec: Math.round(rateOf(blocks.ordered)),
    p99Ms: Math.max(...blocks.random.map((r) => r.latency.p99)),
    /** The random sale's rate as a share of the interleaved sale in order (issue #18 target ≥ 0.9). */
    shareOfSequential: Math.round((rateOf(blocks.random) / rateOf(blocks.ordered)) * 100) / 100,
    errors: [...blocks.random, ...blocks.ordered, ...blocks.picked].reduce((n, r) => n + r.errors + (r.non2xx - count(r, 409) - count(r, 403)), 0),
    oversold: [randomLedger, orderedLedger, pickedLedger].reduce((n, l) => n + Math.max(0, l.sold - l.max), 0),
    duplicates: randomLedger.duplicates + orderedLedger.duplicates + pickedLedger.duplicates,
    paidWithoutTickets: randomLedger.paidWithoutTickets + orderedLedger.paidWithoutTickets + pickedLedger.paidWithoutTickets,
    /** Buyers choosing 1–5 numbers at random from the same million (the grid), interleaved with the two. */
    pickedPurchasesPerSec: Math.round(rateOf(blocks.picked)),
    pickedP99Ms: Math.max(...blocks.picked.map((r) => r.latency.p99)),
    /** Picks refused because another buyer had a chosen number first (409 NUMBERS_TAKEN). */
    pickedLost: blocks.picked.reduce((n, r) => n + count(r, 409), 0),
  },
  instantSale: {
    purchasesPerSec: Math.round(rateOf(blocks.instant)),
    /** Against the plain random sale of the same run (issue #19: no slower). */
    shareOfPlainRandom: Math.round((rateOf(blocks.instant) / rateOf(blocks.random)) * 100) / 100,
    p99Ms: Math.max(...blocks.instant.map((r) => r.latency.p99)),
    prizesWon: instantWon,
    errors: blocks.instant.reduce((n, r) => n + r.errors + (r.non2xx - count(r, 409) - count(r, 403)), 0),
    oversold: Math.max(0, instantLedger.sold - instantLedger.max),
    duplicates: instantLedger.duplicates,
  },
  soldOut: { max: soldOutLedger.max, sold: soldOutLedger.sold },
  reads,
  ...(mixed ? { mixed } : {}),
  ...(latency ? { providerLatency: latency } : {}),
  peakRssMb: Math.round(peakRss),
  peakRssMbByPhase: peakByPhase,
  firstLoadJsGzipBytes,
  firstLoadCssGzipBytes,
  firstLoad: firstLoadBudget,
  ...(pages ? { pageVsJson: pages } : {}),
  ...(lighthouseScores ? { lighthouse: lighthouseScores } : {}),
  ...attacks,
  ...(bigDb ? { bigDatabase: bigDb } : {}),
};

if (asJson) process.stdout.write(JSON.stringify(result, null, 2) + "\n");
else {
  const f = result.flashSale;
  const ratio = (a, b) => (b ? `${((a / b) * 100).toFixed(0)}%` : "-");
  console.log(`
Launch-night benchmark${quick ? " (quick smoke run)" : ""}
  Flash sale      ${f.purchasesPerSec} purchases/s (${ratio(f.purchasesPerSec, f.ceilingPurchasesPerSec)} of the ${f.ceilingPurchasesPerSec}/s ceiling), ${f.ticketsPerSec} tickets/s, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, errors ${f.errors}
  Integrity       oversold ${f.oversold}, duplicate numbers ${f.duplicates}, paid orders without tickets ${f.paidWithoutTickets}
  Random numbers  ${result.randomSale.purchasesPerSec} purchases/s from 1,000,000 tickets at random against ${result.randomSale.orderedPurchasesPerSec}/s in order, interleaved (${(result.randomSale.shareOfSequential * 100).toFixed(0)}%), p99 ${result.randomSale.p99Ms} ms, errors ${result.randomSale.errors}, oversold ${result.randomSale.oversold}, duplicate numbers ${result.randomSale.duplicates}
  Instant wins    ${result.instantSale.purchasesPerSec} purchases/s on a million random numbers with 10,000 instant prizes (${(result.instantSale.shareOfPlainRandom * 100).toFixed(0)}% of the plain random sale), p99 ${result.instantSale.p99Ms} ms, ${result.instantSale.prizesWon} prizes won, errors ${result.instantSale.errors}, oversold ${result.instantSale.oversold}, duplicate numbers ${result.instantSale.duplicates}
  Chosen numbers  ${result.randomSale.pickedPurchasesPerSec} purchases/s with buyers choosing 1–5 numbers from the same million (${ratio(result.randomSale.pickedPurchasesPerSec, result.randomSale.orderedPurchasesPerSec)} of in order), p99 ${result.randomSale.pickedP99Ms} ms, ${result.randomSale.pickedLost} lost to a quicker buyer (409)
  Sold out        ${result.soldOut.sold} of ${result.soldOut.max}
  GET /api/competitions        ${reads.competitions.reqPerSec} req/s (${ratio(reads.competitions.reqPerSec, reads.competitions.ceilingReqPerSec)} of ${reads.competitions.ceilingReqPerSec}), p99 ${reads.competitions.p99Ms} ms
  GET /api/competitions/{id}   ${reads.competition.reqPerSec} req/s (${ratio(reads.competition.reqPerSec, reads.competition.ceilingReqPerSec)} of ${reads.competition.ceilingReqPerSec}), p99 ${reads.competition.p99Ms} ms
  GET / (SPA shell)            ${reads.shell.reqPerSec} req/s (${ratio(reads.shell.reqPerSec, reads.shell.ceilingReqPerSec)} of ${reads.shell.ceilingReqPerSec}), p99 ${reads.shell.p99Ms} ms
  GET /api/live (draw night)   ${reads.live.reqPerSec} req/s (${ratio(reads.live.reqPerSec, reads.live.ceilingReqPerSec)} of ${reads.live.ceilingReqPerSec}), p99 ${reads.live.p99Ms} ms
  Launch-night mix ${mixed ? `${mixed.purchasesPerSec} purchases/s (p99 ${mixed.purchaseP99Ms} ms) while ${mixed.readsPerSec} page reads/s (p99 ${mixed.readP99Ms} ms), errors ${mixed.errors}` : "-"}
${latency ? providerLatencyLines(latency).join("\n") : "  Provider latency -"}
  Peak server RSS ${result.peakRssMb} MB (${Object.entries(peakByPhase)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ")})
  First load      ${(firstLoadJsGzipBytes / 1024).toFixed(1)} KiB gzip JS (budget ${FIRST_LOAD_JS_BUDGET / 1024} KiB), ${(firstLoadCssGzipBytes / 1024).toFixed(1)} KiB gzip CSS`);
  console.log("  Storefront budgets (issue 31)");
  if (pages) for (const line of pageVsJsonLines(pages)) console.log(line);
  console.log(firstLoadLine(firstLoadBudget));
  if (lighthouseScores) for (const line of lighthouseLines(lighthouseScores)) console.log(line);
  for (const line of attackLines(attacks)) console.log(line);
  if (bigDb) for (const line of bigDatabaseLines(bigDb)) console.log(line);
}
const ok =
  (mixed === null || (mixed.oversold === 0 && mixed.duplicates === 0)) &&
  result.flashSale.oversold === 0 &&
  result.flashSale.duplicates === 0 &&
  result.flashSale.paidWithoutTickets === 0 &&
  result.randomSale.oversold === 0 &&
  result.randomSale.duplicates === 0 &&
  result.randomSale.paidWithoutTickets === 0 &&
  result.instantSale.oversold === 0 &&
  result.instantSale.duplicates === 0 &&
  (saleOnly || result.soldOut.sold === result.soldOut.max) &&
  (latency === null || providerLatencyOk(latency)) &&
  firstLoadJsGzipBytes <= FIRST_LOAD_JS_BUDGET &&
  budgetsOk(lighthouseScores, pages, firstLoadBudget) &&
  attacksOk(attacks, { quick }) &&
  (bigDb === null || bigDatabaseOk(bigDb));
process.exit(ok ? 0 : 1);
