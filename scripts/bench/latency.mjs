// "Provider latency": purchases while every payment call takes as long as a real provider's does
// (PAYMENT_LATENCY_MS=400 on the simulated provider), on a fresh shop of its own. 1,000 connections,
// each its own signed-in buyer with its own X-Forwarded-For, buy 1–5 tickets at a time through
// POST /api/entries with the frictionless test card (sim_approve) from a competition too large to
// sell out. A connection has one order in flight at a time, so no shop can answer more than
// connections ÷ latency purchases a second (1,000 / 0.4 s = 2,500/s): that bound, not a ceiling
// server, is what the rate is read against. What falls short of it is time the shop adds around the
// payment call (queueing for the event loop and the database, the hold and the settlement), or work
// it does while waiting on the provider that it should not.
//
// The measured window follows a short unmeasured warm-up (same buyers, other addresses) and the
// settling of what it left in flight: a freshly started process hit by 1,000 orders at once answers
// some of the first ones only after several seconds (up to autocannon's 10 s timeout), which would
// otherwise dominate the tail. The warm-up's own figures are reported too (`warmUp`).
import autocannon from "autocannon";
import { address, ledger, newCompetition, perConnectionAddress, purchaseRequests, seedBuyers, startShop } from "./shop.mjs";
import { loadGeneratorCpu, withPeakRss } from "./attacks.mjs";
import { sleep } from "./load.mjs";
import { readFileSync } from "node:fs";

export const PROVIDER_LATENCY_MS = 400;
const CONNECTIONS = 1_000;
/** Large enough that the run never sells out (about 3 tickets a purchase at most 2,500 purchases/s for 20 s is 150,000). */
const MAX_TICKETS = 1_000_000;
const BLOCK = 31; // X-Forwarded-For 10.31.x.y, one per connection
const WARM_UP_BLOCK = 30;

const count = (res, code) => res.statusCodeStats?.[code]?.count ?? 0;

/** CPU time (user + system, ms) a process has used so far, from /proc (0 where there is none). */
function cpuMsOf(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

export async function providerLatency({ root, log, seconds, warmUpSeconds }) {
  const env = { TRUST_PROXY: "true", PAYMENT_LATENCY_MS: String(PROVIDER_LATENCY_MS) };
  const boundPerSec = Math.round(CONNECTIONS / (PROVIDER_LATENCY_MS / 1000));
  log(
    `Provider latency: payments take ${PROVIDER_LATENCY_MS} ms; ${CONNECTIONS} connections, each its own buyer and address, ${warmUpSeconds}s warm-up then ${seconds}s against ${MAX_TICKETS.toLocaleString("en-GB")} tickets (bound ${boundPerSec}/s)…`,
  );
  const shop = await startShop({ root, env });
  try {
    const tokens = seedBuyers(shop.db, CONNECTIONS, "latency");
    const cid = newCompetition(shop.db, MAX_TICKETS);
    const buy = (duration, block) =>
      new Promise((resolve, reject) =>
        autocannon(
          perConnectionAddress({ url: shop.base, connections: CONNECTIONS, duration, requests: purchaseRequests(cid, tokens, undefined, CONNECTIONS) }, (n) =>
            address(block, n),
          ),
          (err, r) => (err ? reject(err) : resolve(r)),
        ),
      );
    // autocannon drops the requests still in flight when a window closes; the shop finishes their
    // payments anyway. Wait until nothing is held or pending any more (at most 15 s).
    const unsettled = shop.db.prepare(
      "select (select held_tickets from competitions where id = ?) held, (select count(*) from entries where competition_id = ? and payment_status = 'pending') pending",
    );
    const settled = async () => {
      let state = unsettled.get(cid, cid);
      for (let i = 0; i < 150 && (state.held > 0 || state.pending > 0); i++) {
        await sleep(100);
        state = unsettled.get(cid, cid);
      }
      return state;
    };

    const warm = await buy(warmUpSeconds, WARM_UP_BLOCK);
    const warmEnded = performance.now();
    await settled();
    // How long the shop took to finish what the warm-up left in flight: the cold start's tail.
    const warmSettleMs = Math.round(performance.now() - warmEnded);
    const soldBefore = ledger(shop.db, cid).sold;

    const cpu = loadGeneratorCpu();
    const serverCpu0 = cpuMsOf(shop.proc.pid);
    const t0 = performance.now();
    const { result: res, peakRssMb } = await withPeakRss(shop, () => buy(seconds, BLOCK));
    const loadGeneratorCpuPct = cpu();
    // The shop's own CPU over the window, as a share of one core: near 100 % means it, not the bound, set the rate.
    const serverCpuPct = Math.round(((cpuMsOf(shop.proc.pid) - serverCpu0) / (performance.now() - t0)) * 100);

    // The ledger covers the warm-up and the measured window: everything sold in this competition.
    const state = await settled();
    const l = ledger(shop.db, cid);
    const purchases = count(res, 201);
    const purchasesPerSec = Math.round(purchases / res.duration);
    return {
      seconds: res.duration,
      serverEnv: env,
      addresses: `X-Forwarded-For: one per connection (10.${BLOCK}.x.y), each connection its own signed-in buyer`,
      paymentLatencyMs: PROVIDER_LATENCY_MS,
      connections: CONNECTIONS,
      buyers: tokens.length,
      maxTickets: MAX_TICKETS,
      purchases,
      purchasesPerSec,
      boundPerSec,
      ofBound: Math.round((purchasesPerSec / boundPerSec) * 100) / 100,
      p50Ms: res.latency.p50,
      p99Ms: res.latency.p99,
      maxMs: res.latency.max,
      // Nothing here should be refused: the competition does not sell out and no buyer has two orders at once.
      errors: res.errors + res.non2xx,
      timeouts: res.timeouts,
      statusCodes: Object.fromEntries(Object.entries(res.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
      loadGeneratorCpuPct,
      serverCpuPct,
      serverPeakRssMb: peakRssMb,
      warmUp: {
        seconds: warm.duration,
        purchases: count(warm, 201),
        p50Ms: warm.latency.p50,
        p99Ms: warm.latency.p99,
        maxMs: warm.latency.max,
        errors: warm.errors + warm.non2xx,
        timeouts: warm.timeouts,
        ticketsSold: soldBefore,
        settledAfterMs: warmSettleMs,
      },
      sold: l.sold,
      ticketsInPaidOrders: l.paidTickets,
      heldAtEnd: state.held,
      pendingAtEnd: state.pending,
      oversold: Math.max(0, l.sold - l.max),
      duplicates: l.duplicates,
      paidWithoutTickets: l.paidWithoutTickets,
    };
  } finally {
    await shop.stop();
  }
}

/** The ledger adds up (sold = tickets in paid orders, no oversell, no duplicate, nothing paid without tickets) and something sold. */
export function providerLatencyOk(p) {
  return p.purchases > 0 && p.sold === p.ticketsInPaidOrders && p.oversold === 0 && p.duplicates === 0 && p.paidWithoutTickets === 0;
}

export function providerLatencyLines(p) {
  const pct = (r) => `${Math.round(r * 100)}%`;
  return [
    `  Provider latency ${p.purchasesPerSec} purchases/s (${pct(p.ofBound)} of the ${p.boundPerSec}/s bound = ${p.connections} connections ÷ ${p.paymentLatencyMs} ms), p50 ${p.p50Ms} ms, p99 ${p.p99Ms} ms, errors ${p.errors}${p.timeouts ? ` (${p.timeouts} timeouts)` : ""}`,
    `                  ledger: sold ${p.sold} = ${p.ticketsInPaidOrders} tickets in paid orders${p.sold === p.ticketsInPaidOrders ? "" : " (MISMATCH)"}, oversold ${p.oversold}, duplicate numbers ${p.duplicates}, paid orders without tickets ${p.paidWithoutTickets}; held at the end ${p.heldAtEnd}`,
    `                  ${p.connections} buyers on their own addresses, ${p.seconds}s after a ${p.warmUp.seconds}s warm-up (its last orders settled ${p.warmUp.settledAfterMs} ms after it); server ${p.serverCpuPct}% of a core, peak RSS ${p.serverPeakRssMb} MB; load generator ${p.loadGeneratorCpuPct}% of a core (PAYMENT_LATENCY_MS=${p.paymentLatencyMs})`,
  ];
}
