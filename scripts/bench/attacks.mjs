// The benchmark's attack phases, each on its own freshly started shop (so neither leaves state, such
// as rate-limit counters or held tickets, to the other phases):
//
// - Batch hammer: four anonymous clients loop `GET /api/trpc/public.competitions.list,…(600 times)?batch=1`
//   (a refusal does not slow them: Retry-After is not honoured) while signed-in buyers purchase as in
//   the flash sale and a prober reads /api/health every 100 ms; the same figures are taken first
//   without the attackers.
// - Ticket hoarder: 40 honest signed-in buyers buy 1–3 tickets at a time of a capped competition
//   through POST /api/entries, once alone and once (on a second, identical competition) while one
//   account, from several addresses, loops tRPC `public.entries.checkoutCart` with lines adding up to
//   every remaining ticket and the decline card, so each try holds the remaining tickets for the
//   length of a payment call (the shop runs with PAYMENT_LATENCY_MS=200 here). Told "Only N left" or
//   "At most N … in one order", it asks for N; refused otherwise (403, 429), it simply tries again.
//   Target: honest purchases/s and tickets/s with the hoarder ≥ 80 % of without (PASS/FAIL; a FAIL
//   fails the full run, not --quick).
//
// Every client here, attacker or honest, has its own X-Forwarded-For and the shop runs with
// TRUST_PROXY=true, so a per-address request budget sees them as the different people they stand for
// (over loopback they would all be 127.0.0.1).
import autocannon from "autocannon";
import { address, ledger, newCompetition, perConnectionAddress, purchaseRequests, seedBuyers, startShop } from "./shop.mjs";
import { client, percentiles, probeHealth, sleep, tally } from "./load.mjs";

/** The address blocks (10.<block>.x.y) of each kind of client. */
const BLOCK = { warmUp: 9, buyersAlone: 11, buyersAttacked: 12, prober: 99, hammer: 66, honestAlone: 21, honestAttacked: 22, hoarder: 77 };
/** How long an in-flight request may run past the end of its window before it is abandoned. */
const GRACE_MS = 5_000;
const TARGET_RATIO = 0.8;

const codes = (res) => Object.fromEntries(Object.entries(res.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
const count = (res, code) => res.statusCodeStats?.[code]?.count ?? 0;
const sumCounts = (list) =>
  list.reduce((all, c) => {
    for (const [k, v] of Object.entries(c)) all[k] = (all[k] ?? 0) + v;
    return all;
  }, {});

/** This process's CPU time from now until the returned function is called, as a percentage of one core. */
export function loadGeneratorCpu() {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  return () => {
    const c = process.cpuUsage(c0);
    return Math.round(((c.user + c.system) / 1000 / (performance.now() - t0)) * 100);
  };
}

/** Peak resident memory of a shop while `work` runs. */
export async function withPeakRss(shop, work) {
  let peak = shop.rssMb();
  const timer = setInterval(() => {
    peak = Math.max(peak, shop.rssMb());
  }, 100);
  try {
    const result = await work();
    return { result, peakRssMb: Math.round(peak) };
  } finally {
    clearInterval(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Batch hammer

export const BATCH_CALLS = 600;
const BATCH_PATH = `/api/trpc/${Array(BATCH_CALLS).fill("public.competitions.list").join(",")}?batch=1`;

export async function batchHammer({ root, quick, log }) {
  const seconds = quick ? 2 : 10;
  const attackers = 4;
  const buyerConnections = 50;
  const env = { TRUST_PROXY: "true", PAYMENT_LATENCY_MS: "0" };
  log(
    `Batch hammer: ${buyerConnections} buyer connections and a health prober, ${seconds}s alone then ${seconds}s with ${attackers} anonymous clients looping a ${BATCH_CALLS}-call batch GET…`,
  );
  const shop = await startShop({ root, env });
  try {
    const tokens = seedBuyers(shop.db, 200);
    const cid = newCompetition(shop.db, 5_000_000);

    const buy = (duration, block) =>
      new Promise((resolve, reject) =>
        autocannon(
          perConnectionAddress(
            { url: shop.base, connections: buyerConnections, duration, requests: purchaseRequests(cid, tokens, undefined, buyerConnections) },
            (n) => address(block, n),
          ),
          (err, res) => (err ? reject(err) : resolve(res)),
        ),
      );

    // The attacker: one connection, one address, one request after another until the window ends.
    const hammer = async (i, until) => {
      const c = client(shop.base, { "x-forwarded-for": address(BLOCK.hammer, i) });
      const statusCodes = {};
      const ms = [];
      let bytes = 0;
      while (Date.now() < until) {
        const r = await c.send({ path: BATCH_PATH, keepBody: false, timeoutMs: until + GRACE_MS - Date.now() });
        tally(statusCodes, r.status);
        ms.push(r.ms);
        bytes += r.bytes;
        if (r.status === "error") await sleep(50); // the connection was refused or reset: reconnect, do not spin
      }
      c.close();
      return { statusCodes, ms, bytes };
    };

    const window = async (attack, block) => {
      const cpu = loadGeneratorCpu();
      const until = Date.now() + seconds * 1000;
      const health = probeHealth({ url: `${shop.base}/api/health`, durationMs: seconds * 1000, headers: { "x-forwarded-for": address(BLOCK.prober, 0) } });
      const hammers = attack ? Array.from({ length: attackers }, (_, i) => hammer(i, until)) : [];
      const buyers = await buy(seconds, block);
      const [h, ...attacks] = await Promise.all([health, ...hammers]);
      const buying = {
        purchasesPerSec: Math.round(count(buyers, 201) / buyers.duration),
        p50Ms: buyers.latency.p50,
        p99Ms: buyers.latency.p99,
        errors: buyers.errors + buyers.non2xx,
        timeouts: buyers.timeouts,
        statusCodes: codes(buyers),
      };
      const attackFigures = attack
        ? {
            requests: attacks.reduce((n, a) => n + a.ms.length, 0),
            requestsPerSec: Math.round(attacks.reduce((n, a) => n + a.ms.length, 0) / seconds),
            statusCodes: sumCounts(attacks.map((a) => a.statusCodes)),
            ...percentiles(attacks.flatMap((a) => a.ms)),
            mbReceived: Math.round(attacks.reduce((n, a) => n + a.bytes, 0) / 1e6),
          }
        : null;
      return { buying: { ...buying, loadGeneratorCpuPct: cpu() }, health: h, attackFigures };
    };

    // A short unmeasured warm-up, so the first window does not pay for the JIT alone.
    await buy(quick ? 0.5 : 1, BLOCK.warmUp);
    const { result, peakRssMb } = await withPeakRss(shop, async () => {
      const alone = await window(false, BLOCK.buyersAlone);
      const attacked = await window(true, BLOCK.buyersAttacked);
      return { alone, attacked };
    });
    const l = ledger(shop.db, cid);
    const { alone, attacked } = result;
    return {
      seconds,
      serverEnv: env,
      addresses: `X-Forwarded-For: one per attacker (10.${BLOCK.hammer}.0.1-${attackers}), one per buyer connection (10.${BLOCK.buyersAlone}.0.x alone, 10.${BLOCK.buyersAttacked}.0.x attacked), prober 10.${BLOCK.prober}.0.1`,
      attackers,
      batchCalls: BATCH_CALLS,
      buyerConnections,
      withoutAttackers: { ...alone.buying, health: alone.health },
      withAttackers: { ...attacked.buying, health: attacked.health },
      purchasesRatio: alone.buying.purchasesPerSec ? Math.round((attacked.buying.purchasesPerSec / alone.buying.purchasesPerSec) * 100) / 100 : null,
      attackerAnswers: attacked.attackFigures,
      oversold: Math.max(0, l.sold - (l.max ?? Infinity)),
      duplicates: l.duplicates,
      paidWithoutTickets: l.paidWithoutTickets,
      serverPeakRssMb: peakRssMb,
    };
  } finally {
    await shop.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Ticket hoarder

/** The most one order can hold: 50 lines of 100 tickets (cartCheckoutInput). */
const MAX_PER_ORDER = 5_000;

function hoardingCart(competitionId, quantity) {
  const lines = [];
  for (let left = quantity; left > 0; left -= 100) lines.push({ competitionId, quantity: Math.min(100, left), answer: "green" });
  return {
    email: "hoarder0@example.test",
    firstName: "Hoard",
    lastName: "Er",
    lines,
    billing: { address: "1 Bench Lane", city: "Leeds", postcode: "LS1 1AA", country: "United Kingdom" },
    // The provider's token for the declining test card (4000 0000 0000 0002): checkouts take tokens, not card numbers.
    paymentToken: "sim_decline",
  };
}

export async function ticketHoarder({ root, quick, log }) {
  const seconds = quick ? 2 : 10;
  const honestBuyers = 40;
  const attackerAddresses = 4;
  // 5,000 tickets: what one order (50 lines of 100) can hold, so one try can take every remaining
  // ticket, and more than 40 buyers sell in 10 s (about 3,800), so neither run sells out. (Should
  // one sell out, its rates count only the time there was something to sell.)
  const maxTickets = MAX_PER_ORDER;
  const paymentLatencyMs = 200;
  const env = { TRUST_PROXY: "true", PAYMENT_LATENCY_MS: String(paymentLatencyMs) };
  log(
    `Ticket hoarder: ${honestBuyers} honest buyers, ${maxTickets} tickets, payments take ${paymentLatencyMs} ms; ${seconds}s alone then ${seconds}s with one account hoarding from ${attackerAddresses} addresses…`,
  );
  const shop = await startShop({ root, env });
  try {
    const honest = seedBuyers(shop.db, honestBuyers, "honest");
    const [hoarderToken] = seedBuyers(shop.db, 1, "hoarder");
    const unsoldOf = shop.db.prepare("select max_tickets - sold_tickets u from competitions where id = ?");

    const run = async (attack, block) => {
      const cpu = loadGeneratorCpu();
      const cid = newCompetition(shop.db, maxTickets, { title: attack ? "Hoarded Tractor" : "Bench Tractor" });
      const started = Date.now();
      const until = started + seconds * 1000;
      let soldOutAt = null;

      const buyer = async (i) => {
        const c = client(shop.base, { "x-forwarded-for": address(block, i), "x-session-token": honest[i] });
        const s = { purchases: 0, tickets: 0, ms: [], statusCodes: {}, soldOutWhileUnsold: 0, refusedWhileUnsold: 0 };
        while (Date.now() < until && soldOutAt === null) {
          const quantity = 1 + Math.floor(Math.random() * 3);
          const r = await c.send({
            method: "POST",
            path: "/api/entries",
            body: {
              competitionId: cid,
              customerName: "Honest Buyer",
              customerEmail: `honest${i}@example.test`,
              answer: "green",
              quantity,
              paymentToken: "sim_approve",
            },
            timeoutMs: until + GRACE_MS - Date.now(),
          });
          tally(s.statusCodes, r.status);
          if (r.status === 201) {
            s.purchases += 1;
            s.tickets += quantity;
            s.ms.push(r.ms);
            continue;
          }
          if (typeof r.status === "number" && r.status >= 200 && r.status < 300) continue; // e.g. 202: still processing, not (yet) a sale
          // Refused: were there unsold tickets (sold < max) to serve this buyer at that moment?
          const unsold = unsoldOf.get(cid).u;
          if (unsold <= 0) {
            soldOutAt ??= Date.now();
            break;
          }
          if (/sold out/i.test(r.text)) s.soldOutWhileUnsold += 1;
          if (unsold >= quantity) s.refusedWhileUnsold += 1;
          // A person told "sold out" or "try again" looks again a moment later, not at once.
          const retryAfter = Number(r.headers?.["retry-after"]);
          await sleep(r.status === 429 && retryAfter > 0 ? Math.min(1000, retryAfter * 1000) : 100);
        }
        c.close();
        return s;
      };

      // The hoarder: one account; each of its addresses loops "read what is unsold, order all of it".
      const hoarder = async (k) => {
        const c = client(shop.base, { "x-forwarded-for": address(BLOCK.hoarder, k), "x-session-token": hoarderToken });
        const s = { tries: 0, holds: 0, ticketsHeld: 0, statusCodes: {}, readCodes: {} };
        // The most the shop lets one order take, once it has said so ("At most N entries per competition in one order").
        let perOrder = MAX_PER_ORDER;
        while (Date.now() < until) {
          const g = await c.send({ path: `/api/competitions/${cid}`, timeoutMs: until + GRACE_MS - Date.now() });
          tally(s.readCodes, g.status);
          let want = perOrder;
          const comp = g.status === 200 ? JSON.parse(g.text) : null; // refused (429): order the most it may anyway
          if (comp) {
            if (comp.maxTickets - comp.soldTickets <= 0) break;
            want = Math.min(perOrder, comp.maxTickets - comp.soldTickets);
          }
          // Refused for asking too much ("Only N tickets are left", "At most N … in one order"): ask again for N.
          for (let attempt = 0; attempt < 3 && Date.now() < until; attempt++) {
            const r = await c.send({
              method: "POST",
              path: "/api/trpc/public.entries.checkoutCart",
              body: hoardingCart(cid, want),
              timeoutMs: until + GRACE_MS - Date.now(),
            });
            s.tries += 1;
            tally(s.statusCodes, r.status);
            if (r.status === 402) {
              s.holds += 1; // held `want` tickets for the length of the payment call, then declined
              s.ticketsHeld += want;
            }
            if (r.status === "error") await sleep(50);
            const only = r.status === 409 ? /Only (\d+) tickets? (?:is|are) left/.exec(r.text) : null;
            const cap = r.status === 400 ? /At most (\d+) (?:entries|tickets)/i.exec(r.text) : null;
            if (cap && Number(cap[1]) > 0) perOrder = Math.min(perOrder, Number(cap[1]));
            const next = only ? Number(only[1]) : cap ? Math.min(want, perOrder) : 0;
            if (next <= 0 || next === want) break;
            want = next;
          }
        }
        c.close();
        return s;
      };

      const hoarders = attack ? Array.from({ length: attackerAddresses }, (_, k) => hoarder(k)) : [];
      const buyers = await Promise.all(Array.from({ length: honestBuyers }, (_, i) => buyer(i)));
      const buyersDone = Date.now(); // past `until` by the purchases that were in flight then
      const attacks = await Promise.all(hoarders);
      const sellingSeconds = ((soldOutAt ?? buyersDone) - started) / 1000;
      const purchases = buyers.reduce((n, b) => n + b.purchases, 0);
      const tickets = buyers.reduce((n, b) => n + b.tickets, 0);
      const l = ledger(shop.db, cid);
      const held = shop.db.prepare("select held_tickets h from competitions where id = ?").get(cid).h;
      return {
        competitionId: cid,
        honest: {
          sellingSeconds: Math.round(sellingSeconds * 10) / 10,
          purchases,
          tickets,
          purchasesPerSec: Math.round(purchases / sellingSeconds),
          ticketsPerSec: Math.round(tickets / sellingSeconds),
          ...percentiles(buyers.flatMap((b) => b.ms)),
          soldOutWhileUnsold: buyers.reduce((n, b) => n + b.soldOutWhileUnsold, 0),
          refusedWhileUnsold: buyers.reduce((n, b) => n + b.refusedWhileUnsold, 0),
          statusCodes: sumCounts(buyers.map((b) => b.statusCodes)),
        },
        hoarder: attack
          ? {
              tries: attacks.reduce((n, a) => n + a.tries, 0),
              triesPerSec: Math.round(attacks.reduce((n, a) => n + a.tries, 0) / seconds),
              holds: attacks.reduce((n, a) => n + a.holds, 0),
              ticketsHeldPerHold: Math.round(
                attacks.reduce((n, a) => n + a.ticketsHeld, 0) /
                  Math.max(
                    1,
                    attacks.reduce((n, a) => n + a.holds, 0),
                  ),
              ),
              statusCodes: sumCounts(attacks.map((a) => a.statusCodes)),
              readStatusCodes: sumCounts(attacks.map((a) => a.readCodes)),
            }
          : null,
        loadGeneratorCpuPct: cpu(),
        sold: l.sold,
        unsoldAtEnd: l.max - l.sold,
        heldAtEnd: held,
        oversold: Math.max(0, l.sold - l.max),
        duplicates: l.duplicates,
        paidWithoutTickets: l.paidWithoutTickets,
      };
    };

    const { result, peakRssMb } = await withPeakRss(shop, async () => {
      const alone = await run(false, BLOCK.honestAlone);
      const attacked = await run(true, BLOCK.honestAttacked);
      return { alone, attacked };
    });
    const { alone, attacked } = result;
    const ratio = (a, b) => (b ? Math.round((a / b) * 100) / 100 : null);
    const purchasesRatio = ratio(attacked.honest.purchasesPerSec, alone.honest.purchasesPerSec);
    const ticketsRatio = ratio(attacked.honest.ticketsPerSec, alone.honest.ticketsPerSec);
    return {
      seconds,
      serverEnv: env,
      addresses: `X-Forwarded-For: one per honest buyer (10.${BLOCK.honestAlone}.0.x alone, 10.${BLOCK.honestAttacked}.0.x attacked), hoarder 10.${BLOCK.hoarder}.0.1-${attackerAddresses} (one account)`,
      honestBuyers,
      maxTickets,
      paymentLatencyMs,
      withoutAttacker: alone,
      withAttacker: attacked,
      purchasesRatio,
      ticketsRatio,
      target: TARGET_RATIO,
      pass: purchasesRatio !== null && ticketsRatio !== null && purchasesRatio >= TARGET_RATIO && ticketsRatio >= TARGET_RATIO,
      serverPeakRssMb: peakRssMb,
    };
  } finally {
    await shop.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting, in the style of the main table.

const fmtCodes = (c) =>
  Object.entries(c ?? {})
    .map(([k, v]) => `${k}×${v}`)
    .join(" ") || "-";
const pct = (r) => (r === null || r === undefined ? "-" : `${Math.round(r * 100)}%`);
const h = (x) => `health p50 ${x.p50Ms} ms, p99 ${x.p99Ms} ms, max ${x.maxMs} ms${x.failures ? `, ${x.failures} of ${x.probes} failed` : ""}`;

export function attackLines({ batchHammer: b, ticketHoarder: t }) {
  const lines = [];
  if (b) {
    lines.push(
      `  Batch hammer    alone: ${b.withoutAttackers.purchasesPerSec} purchases/s (p99 ${b.withoutAttackers.p99Ms} ms), ${h(b.withoutAttackers.health)}`,
      `                  ${b.attackers} attackers × ${b.batchCalls}-call batch, ${b.seconds}s: ${b.withAttackers.purchasesPerSec} purchases/s (${pct(b.purchasesRatio)}; p99 ${b.withAttackers.p99Ms} ms, errors ${b.withAttackers.errors}), ${h(b.withAttackers.health)}`,
      `                  attackers' answers ${fmtCodes(b.attackerAnswers.statusCodes)} (${b.attackerAnswers.requestsPerSec} req/s, ${b.attackerAnswers.mbReceived} MB, p50 ${b.attackerAnswers.p50Ms} ms); server peak RSS ${b.serverPeakRssMb} MB; load generator ${b.withoutAttackers.loadGeneratorCpuPct}% → ${b.withAttackers.loadGeneratorCpuPct}% of a core`,
      `                  (TRUST_PROXY=true; own X-Forwarded-For per attacker and per buyer connection)`,
    );
  }
  if (t) {
    const a = t.withoutAttacker.honest;
    const w = t.withAttacker.honest;
    lines.push(
      `  Ticket hoarder  alone: ${a.purchasesPerSec} purchases/s, ${a.ticketsPerSec} tickets/s (${t.honestBuyers} buyers, ${t.maxTickets} tickets, payments ${t.paymentLatencyMs} ms); refused while unsold ${a.refusedWhileUnsold}`,
      `                  hoarded: ${w.purchasesPerSec} purchases/s (${pct(t.purchasesRatio)}), ${w.ticketsPerSec} tickets/s (${pct(t.ticketsRatio)}); "sold out" while unsold ${w.soldOutWhileUnsold}, refused while unsold ${w.refusedWhileUnsold}; ${t.withAttacker.unsoldAtEnd} unsold at the end — ${t.pass ? "PASS" : "FAIL"} (target ≥ ${pct(t.target)})`,
      `                  hoarder's answers ${fmtCodes(t.withAttacker.hoarder.statusCodes)} (${t.withAttacker.hoarder.triesPerSec} tries/s, ${t.withAttacker.hoarder.holds} holds of ~${t.withAttacker.hoarder.ticketsHeldPerHold} tickets); server peak RSS ${t.serverPeakRssMb} MB`,
      `                  (TRUST_PROXY=true, PAYMENT_LATENCY_MS=${t.paymentLatencyMs}; own X-Forwarded-For per honest buyer and per hoarder address, one hoarder account)`,
    );
  }
  return lines;
}

/** Integrity of the attack phases (always required), and the hoarder target (unless `quick`). */
export function attacksOk({ batchHammer: b, ticketHoarder: t }, { quick }) {
  const intact = (x) => x.oversold === 0 && x.duplicates === 0 && x.paidWithoutTickets === 0;
  if (b && !intact(b)) return false;
  if (t && !(intact(t.withoutAttacker) && intact(t.withAttacker))) return false;
  if (t && !quick && !t.pass) return false;
  return true;
}
