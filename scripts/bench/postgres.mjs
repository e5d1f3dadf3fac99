// `npm run bench -- --postgres`: the flash sale on PostgreSQL (docs/decisions/015-postgresql-beside-sqlite.md),
// with one shop process and with two behind a small round-robin proxy, beside the same sale on SQLite in the
// same run: purchases/s, p50/p99 and errors, and the ledger of each (0 oversold, 0 duplicates). PostgreSQL is
// a throw-away cluster of Debian's package on this machine (scripts/postgres-cluster.mjs), like the tests'.
import autocannon from "autocannon";
import { randomBytes } from "node:crypto";
import { createServer, request, Agent } from "node:http";
import pg from "pg";
import { startPostgres } from "../postgres-cluster.mjs";
import {
  address,
  freePort,
  ledger as sqliteLedger,
  newCompetition,
  newSession,
  perConnectionAddress,
  purchaseRequests,
  seedBuyers,
  startShop,
} from "./shop.mjs";

const BUYERS = 200;
const CONNECTIONS = 100;
const TICKETS = 50_000;

/** A small round-robin HTTP proxy: each request to the next shop in turn, over kept-alive connections. */
async function roundRobin(targets) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]);
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The bench's buyers and competition on PostgreSQL, as scripts/bench/shop.mjs writes them into SQLite. */
async function seedPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const now = new Date();
    const tokens = [];
    for (let i = 0; i < BUYERS; i++) {
      const id = crypto.randomUUID();
      await client.query(
        "insert into users (id, email, password_hash, first_name, last_name, date_of_birth, country, role, is_active, email_verified, created_at, updated_at) values ($1, $2, 'x', 'Bench', $3, '1980-01-01', 'United Kingdom', 'user', true, false, $4, $4)",
        [id, `bench${i}@example.test`, `B${i}`, now],
      );
      const { token, id: sessionId } = newSession();
      await client.query("insert into sessions (id, user_id, expires_at, created_at) values ($1, $2, $3, $4)", [
        sessionId,
        id,
        new Date(now.getTime() + 30 * 86_400_000),
        now,
      ]);
      tokens.push(token);
    }
    const competitionId = crypto.randomUUID();
    await client.query(
      `insert into competitions (id, title, description, image, category, price_pence, status, start_date, end_date, draw_date, max_tickets, draw_seed, qualifying_question, qualifying_answer, created_at, updated_at)
       values ($1, 'Bench Tractor', 'd', '/images/tractor.svg', 'Farm Machinery', 100, 'active', $2, $3, $4, $5, $6, 'Colour of grass?', 'green', $7, $7)`,
      [
        competitionId,
        new Date(now.getTime() - 86_400_000),
        new Date(now.getTime() + 86_400_000),
        new Date(now.getTime() + 2 * 86_400_000),
        TICKETS,
        randomBytes(32).toString("hex"),
        now,
      ],
    );
    return { tokens, competitionId };
  } finally {
    await client.end();
  }
}

async function postgresLedger(url, competitionId) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (text) => Number((await client.query(text, [competitionId])).rows[0].n);
    return {
      sold: await one("select sold_tickets n from competitions where id = $1"),
      max: await one("select max_tickets n from competitions where id = $1"),
      tickets: await one("select count(*) n from tickets where competition_id = $1"),
      duplicates: await one("select count(*) n from (select number from tickets where competition_id = $1 group by number having count(*) > 1) d"),
      paidWithoutTickets: await one(
        "select count(*) n from entries e where e.competition_id = $1 and e.payment_status = 'paid' and e.ticket_count != (select count(*) from tickets t where t.entry_id = e.id)",
      ),
    };
  } finally {
    await client.end();
  }
}

/** One flash sale against `base`: 100 connections, each its own address, for `seconds` or until sold out. */
function sale(base, competitionId, tokens, seconds) {
  return new Promise((resolve, reject) => {
    let current = null;
    const requests = purchaseRequests(competitionId, tokens, () => current?.stop(), CONNECTIONS);
    const opts = perConnectionAddress({ url: base, connections: CONNECTIONS, duration: seconds, requests }, (n) => address(11, n));
    current = autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

function figures(name, res, ledger) {
  const count = (code) => res.statusCodeStats?.[code]?.count ?? 0;
  const failures = Object.entries(res.statusCodeStats ?? {})
    .filter(([code]) => Number(code) >= 500)
    .reduce((n, [, s]) => n + s.count, 0);
  return {
    name,
    purchasesPerSecond: Math.round(count(201) / res.duration),
    p50: res.latency.p50,
    p99: res.latency.p99,
    errors: failures + res.errors + res.timeouts,
    refused: count(409) + count(429),
    // Tickets beyond the competition's maximum (those of orders still being paid when the run stopped count too).
    oversold: Math.max(0, ledger.tickets - ledger.max),
    duplicates: ledger.duplicates,
    paidWithoutTickets: ledger.paidWithoutTickets,
  };
}

/** The flash sale on SQLite (one process), on PostgreSQL with one process and with two behind the proxy. */
export async function postgresComparison({ root, seconds, log }) {
  const results = [];
  const shopEnv = { TRUST_PROXY: "true" };

  log(`SQLite: one process, ${seconds}s…`);
  {
    const shop = await startShop({ root, env: shopEnv });
    try {
      const tokens = seedBuyers(shop.db, BUYERS);
      const cid = newCompetition(shop.db, TICKETS);
      const res = await sale(shop.base, cid, tokens, seconds);
      results.push(figures("SQLite, 1 process", res, sqliteLedger(shop.db, cid)));
    } finally {
      await shop.stop();
    }
  }

  const cluster = await startPostgres();
  try {
    for (const processes of [1, 2]) {
      log(`PostgreSQL ${cluster.major}: ${processes} process${processes > 1 ? "es behind a round-robin proxy" : ""}, ${seconds}s…`);
      const url = await cluster.createDatabase(`bench_${processes}`);
      const env = { ...shopEnv, DATABASE_URL: url, DATABASE_POOL_SIZE: "20" };
      const shops = [];
      for (let i = 0; i < processes; i++) shops.push(await startShop({ root, env, sqlite: false }));
      const proxy = processes > 1 ? await roundRobin(shops.map((s) => s.base)) : null;
      try {
        const { tokens, competitionId } = await seedPostgres(url);
        const res = await sale(proxy?.base ?? shops[0].base, competitionId, tokens, seconds);
        results.push(figures(`PostgreSQL, ${processes} process${processes > 1 ? "es" : ""}`, res, await postgresLedger(url, competitionId)));
      } finally {
        await proxy?.close();
        await Promise.all(shops.map((s) => s.stop()));
      }
    }
  } finally {
    cluster.stop();
  }
  return results;
}

export function postgresLines(results) {
  return results.map(
    (r) =>
      `  ${r.name.padEnd(22)} ${String(r.purchasesPerSecond).padStart(6)} purchases/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   ` +
      `errors ${r.errors}, oversold ${r.oversold}, duplicates ${r.duplicates}, paid without tickets ${r.paidWithoutTickets}`,
  );
}

export const postgresOk = (results) => results.every((r) => r.errors === 0 && r.oversold === 0 && r.duplicates === 0 && r.paidWithoutTickets === 0);
