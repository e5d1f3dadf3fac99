// "Big database" (issue #28 item 6): a shop whose customer has 200,000 paid orders (written straight
// into the database), then the lists and exports that used to fail or stop the server, each over real
// HTTP against the production server, timed, with /api/health asked 10 ms after each answer meanwhile
// (the worst answer is how long the call held everyone else up) and the server's RSS sampled every 20 ms.
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { fillPaidOrders } from "./big-shop.mjs";
import { newCompetition, seedBuyers, startShop } from "./shop.mjs";

const HEALTH_TARGET_MS = 100;

/** One call: its time, size, status, the worst and p99 health answer while it ran, and the server's peak RSS. */
async function measure(shop, path, token, { expectLines, expectJsonCount } = {}) {
  const sampler = new Worker(fileURLToPath(new URL("./health-sampler.mjs", import.meta.url)), {
    workerData: { url: `${shop.base}/api/health`, intervalMs: 10 },
  });
  await new Promise((r) => sampler.once("online", r));
  let peakRss = shop.rssMb();
  const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, shop.rssMb())), 20);
  const started = performance.now();
  const res = await fetch(`${shop.base}${path}`, { headers: { "x-session-token": token } });
  const text = await res.text();
  const ms = performance.now() - started;
  clearInterval(rssTimer);
  sampler.postMessage("stop");
  const { latencies, failures } = await new Promise((r) => sampler.once("message", r));
  await sampler.terminate();
  const sorted = [...latencies].sort((a, b) => a - b);
  let complete = res.status === 200;
  if (expectLines !== undefined) complete &&= text.trimEnd().split("\n").length === expectLines;
  if (expectJsonCount !== undefined) complete &&= expectJsonCount(JSON.parse(text));
  return {
    path: path.replace(/[0-9a-f-]{36}/g, "{id}"),
    status: res.status,
    ms: Math.round(ms),
    mb: Math.round((Buffer.byteLength(text) / 1024 / 1024) * 10) / 10,
    complete,
    healthChecks: latencies.length,
    healthWorstMs: Math.round(sorted.at(-1) ?? 0),
    healthP99Ms: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
    healthFailures: failures,
    peakRssMb: Math.round(peakRss),
  };
}

export async function bigDatabase({ root, log, orders = 200_000 }) {
  const shop = await startShop({ root });
  try {
    const [customer] = seedBuyers(shop.db, 1, "longtime");
    const [admin] = seedBuyers(shop.db, 1, "bigadmin");
    shop.db.prepare("update users set role = 'admin' where email = 'bigadmin0@example.test'").run();
    const userId = shop.db.prepare("select id from users where email = 'longtime0@example.test'").get().id;
    const competitionId = newCompetition(shop.db, null, { title: "Bench Long-Running Tractor" });
    log(`Big database: writing ${orders.toLocaleString("en-GB")} paid orders of one customer…`);
    const filling = performance.now();
    fillPaidOrders(shop.db, { userId, email: "longtime0@example.test", competitionId, orders });
    shop.db.pragma("wal_checkpoint(TRUNCATE)");
    const fillSeconds = Math.round((performance.now() - filling) / 100) / 10;
    const rssBeforeMb = Math.round(shop.rssMb());
    log("Big database: lists and exports, each with /api/health sampled every 10 ms…");
    const loadBefore = loadavg()[0];
    const calls = [];
    calls.push(await measure(shop, "/api/user/entries", customer, { expectJsonCount: (d) => d.length === 1000 }));
    calls.push(
      await measure(shop, "/api/user/entries?page=1&pageSize=100", customer, { expectJsonCount: (d) => d.items.length === 100 && d.total === orders }),
    );
    calls.push(await measure(shop, `/api/user/entries?page=${orders / 100}&pageSize=100`, customer, { expectJsonCount: (d) => d.items.length === 100 }));
    calls.push(await measure(shop, "/api/user/export", customer, { expectJsonCount: (d) => d.entries.length === orders && d.orders.length === orders }));
    // The orders: the spec-style newest 200, the first and the last page, and the oldest one found by the reference its buyer quotes.
    calls.push(await measure(shop, "/api/user/orders", customer, { expectJsonCount: (d) => d.length === 200 }));
    calls.push(await measure(shop, "/api/user/orders?page=1&pageSize=50", customer, { expectJsonCount: (d) => d.items.length === 50 && d.total === orders }));
    calls.push(await measure(shop, `/api/user/orders?page=${orders / 50}&pageSize=50`, customer, { expectJsonCount: (d) => d.items.length === 50 }));
    const oldest = shop.db.prepare("select id from orders where user_id = ? order by created_at, rowid limit 1").get(userId).id;
    const reference = oldest.replace(/-/g, "").slice(-8).toUpperCase();
    const found = (d) => d.id === oldest;
    calls.push({
      ...(await measure(shop, `/api/orders/${reference}`, customer, { expectJsonCount: found })),
      path: "/api/orders/{reference} (the customer's oldest)",
    });
    calls.push({ ...(await measure(shop, `/api/orders/${reference}`, admin, { expectJsonCount: found })), path: "/api/orders/{reference} (as an admin)" });
    calls.push(await measure(shop, `/api/admin/entries/export?competitionId=${competitionId}`, admin, { expectLines: orders + 1 }));
    // Every entry of the shop (the demo data's too): one row per ticket, a row for an entry without tickets.
    const rows = shop.db
      .prepare("select (select count(*) from tickets) + (select count(*) from entries e where not exists (select 1 from tickets t where t.entry_id = e.id)) n")
      .get().n;
    calls.push(await measure(shop, "/api/admin/entries/export", admin, { expectLines: rows + 1 }));
    // The back office's other reads of everything: the customer's record, the entries list, the dashboard and analytics.
    calls.push(await measure(shop, `/api/admin/customers/${userId}`, admin, { expectJsonCount: (d) => d.entries.length === 1000 && d.orders.length === 200 }));
    calls.push(await measure(shop, "/api/admin/entries", admin, { expectJsonCount: (d) => d.length > 0 && d.length <= 500 }));
    calls.push(await measure(shop, "/api/admin/dashboard", admin, { expectJsonCount: (d) => d.totalEntries >= orders }));
    calls.push(await measure(shop, "/api/admin/analytics", admin, { expectJsonCount: (d) => d.totalEntries >= orders }));
    // The machine's load (1-minute average) before and after: on a shared machine, a busy neighbour's work shows in every health answer.
    const load = [loadBefore, loadavg()[0]].map((n) => Math.round(n * 10) / 10);
    return { orders, fillSeconds, rssBeforeMb, load, healthTargetMs: HEALTH_TARGET_MS, calls };
  } finally {
    await shop.stop();
  }
}

export function bigDatabaseLines(big) {
  const cores = availableParallelism();
  return [
    `  Big database    ${big.orders.toLocaleString("en-GB")} paid orders of one customer (written in ${big.fillSeconds} s), server RSS ${big.rssBeforeMb} MB before the calls, machine load ${big.load?.join(" → ")} (${cores} cores)`,
    ...big.calls.map(
      (c) =>
        `    GET ${c.path.padEnd(54)} ${String(c.status)} ${c.complete ? "complete" : "INCOMPLETE"}, ${c.ms} ms, ${c.mb} MB; health worst ${c.healthWorstMs} ms (p99 ${c.healthP99Ms}, ${c.healthChecks} checks, ${c.healthFailures} failed); peak RSS ${c.peakRssMb} MB`,
    ),
    `    Health target: every call keeps /api/health under ${big.healthTargetMs} ms: ${big.calls.every((c) => c.healthWorstMs < big.healthTargetMs) ? "met" : "NOT met"}`,
  ];
}

/** The phase fails on a refused or incomplete answer (the latency target is reported beside it). */
export const bigDatabaseOk = (big) => big.calls.every((c) => c.complete && c.healthFailures === 0);
