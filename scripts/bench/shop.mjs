// The benchmark's shop: the production bundle started on a fresh temporary database, with signed-in
// adult buyers and competitions written straight into that database. Shared by the main benchmark
// (scripts/bench.mjs) and the attack phases (scripts/bench/attacks.mjs), each of which starts its own.
import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_ENTRY, SERVER_NODE_ARGS } from "../build.mjs";

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
export const waitFor = async (url) => {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
};

/**
 * Starts `node dist/server/main.mjs` as `npm start` runs it (production mode, seeded demo data) on a
 * free loopback port and a fresh data folder; `env` adds to or overrides the benchmark's defaults;
 * `node` is the runtime (this process's by default).
 */
export async function startShop({ root, env = {}, nodeArgs = [], node = process.execPath, sqlite = true }) {
  const dataDir = mkdtempSync(join(tmpdir(), "harvest-bench-"));
  const port = await freePort();
  // BENCH_SERVER_CPUS=0 pins the shop to those cores (taskset), to measure a smaller machine than this one.
  const pin = process.env.BENCH_SERVER_CPUS;
  const argv = [...nodeArgs, ...SERVER_NODE_ARGS, SERVER_ENTRY];
  const proc = spawn(pin ? "taskset" : node, pin ? ["-c", pin, node, ...argv] : argv, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      SEED_ADMIN_PASSWORD: "bench-admin-pw",
      LOG_LEVEL: "warn",
      PAYMENT_LATENCY_MS: "0",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((r) => proc.once("exit", r));
  const base = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitFor(`${base}/api/health`),
    exited.then(() => {
      throw new Error("the shop exited during start-up");
    }),
  ]);
  // The bench writes its buyers straight into the shop's SQLite file (none when the shop runs on PostgreSQL).
  const db = sqlite ? new Database(join(dataDir, "shop.db")) : null;
  db?.pragma("busy_timeout = 5000");
  return {
    proc,
    base,
    port,
    dataDir,
    db,
    /** Resident memory now, in MB (0 once the process is gone). */
    rssMb() {
      try {
        return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    },
    /** SIGTERM (the shop's graceful shutdown, at most 10 s), then SIGKILL if it is still there after 15 s. */
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill("SIGTERM");
        const killer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(killer);
      }
      try {
        db?.close();
      } catch {
        /* already closed */
      }
    },
  };
}

/** A session as a sign-in makes one: the token the client sends and the id the database keeps (its SHA-256). */
export function newSession() {
  const token = randomBytes(20)
    .toString("base64url")
    .toLowerCase()
    .replace(/[^a-z2-7]/g, "a")
    .slice(0, 32)
    .padEnd(32, "a");
  return { token, id: createHash("sha256").update(token).digest("hex") };
}

/** `n` adult customers (date of birth set), each with a 30-day session as a sign-in makes; returns their tokens. */
export function seedBuyers(db, n, prefix = "bench") {
  const now = Date.now();
  const insUser = db.prepare(
    "insert into users (id, email, password_hash, first_name, last_name, date_of_birth, country, role, is_active, email_verified, created_at, updated_at) values (?, ?, 'x', 'Bench', ?, '1980-01-01', 'United Kingdom', 'user', 1, 0, ?, ?)",
  );
  const insSession = db.prepare("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)");
  const tokens = [];
  for (let i = 0; i < n; i++) {
    const id = crypto.randomUUID();
    insUser.run(id, `${prefix}${i}@example.test`, `B${i}`, now, now);
    const { token, id: sessionId } = newSession();
    insSession.run(sessionId, id, now + 30 * 86_400_000, now);
    tokens.push(token);
  }
  return tokens;
}

/** An open £1 competition with `max` tickets (null: unlimited) and an optional per-person cap. */
export function newCompetition(db, max, { perPerson = null, title = "Bench Tractor", allocation = "sequential", pickNumbers = false } = {}) {
  const id = crypto.randomUUID();
  const now = Date.now();
  db.prepare(
    `insert into competitions (id, title, description, image, category, price_pence, status, start_date, end_date, draw_date, max_tickets, max_tickets_per_person, draw_seed, qualifying_question, qualifying_answer, allocation, pick_numbers, created_at, updated_at)
    values (?, ?, 'd', '/images/tractor.svg', 'Farm Machinery', 100, 'active', ?, ?, ?, ?, ?, ?, 'Colour of grass?', 'green', ?, ?, ?, ?)`,
  ).run(
    id,
    title,
    now - 86_400_000,
    now + 86_400_000,
    now + 2 * 86_400_000,
    max,
    perPerson,
    randomBytes(32).toString("hex"),
    allocation,
    pickNumbers ? 1 : 0,
    now,
    now,
  );
  return id;
}

/**
 * Instant prizes on a competition, as the campaign's save commits them (src/server/services/instant-wins/prizes.ts):
 * `units` distinct winning numbers in 1..max with salts, their commitments and the root.
 */
export function addInstantPrizes(db, cid, units) {
  const max = db.prepare("select max_tickets m from competitions where id = ?").get(cid).m;
  const taken = new Set();
  const insert = db.prepare(
    "insert into instant_prizes (id, competition_id, unit_index, name, kind, value_pence, ticket_number, salt, commitment) values (?, ?, ?, '£5 site credit', 'credit', 500, ?, ?, ?)",
  );
  const commitments = [];
  db.transaction(() => {
    for (let i = 0; i < units; i++) {
      let n;
      do n = 1 + Math.floor(Math.random() * max);
      while (taken.has(n));
      taken.add(n);
      const salt = randomBytes(32).toString("hex");
      const commitment = createHash("sha256").update(`${cid}:${n}:${salt}`).digest("hex");
      commitments.push(commitment);
      insert.run(crypto.randomUUID(), cid, i, String(n), salt, commitment);
    }
    const root = createHash("sha256").update(commitments.join("\n")).digest("hex");
    db.prepare("update competitions set instant_win = 1, instant_commitment_root = ?, instant_committed_at = ? where id = ?").run(root, Date.now(), cid);
  })();
}

/** What the database says about a competition's tickets after a run. */
export function ledger(db, cid) {
  return {
    sold: db.prepare("select sold_tickets s from competitions where id = ?").get(cid).s,
    max: db.prepare("select max_tickets m from competitions where id = ?").get(cid).m,
    tickets: db.prepare("select count(*) n from tickets where competition_id = ?").get(cid).n,
    /** Ticket numbers of this competition that belong to paid orders. */
    paidTickets: db
      .prepare(
        "select count(*) n from tickets t join entries e on e.id = t.entry_id join orders o on o.id = e.order_id where t.competition_id = ? and o.status = 'paid'",
      )
      .get(cid).n,
    duplicates: db.prepare("select count(*) n from (select number from tickets where competition_id = ? group by number having count(*) > 1)").get(cid).n,
    paidWithoutTickets: db
      .prepare(
        "select count(*) n from entries e where e.competition_id = ? and e.payment_status = 'paid' and e.ticket_count != (select count(*) from tickets t where t.entry_id = e.id)",
      )
      .get(cid).n,
  };
}

/** `n`-th client address in block `block`: 10.block.x.y (the shop reads it from X-Forwarded-For when TRUST_PROXY=true). */
export const address = (block, n) => `10.${block}.${((n + 1) >> 8) & 255}.${(n + 1) & 255}`;

/**
 * Gives every autocannon connection its own X-Forwarded-For (`addressOf(i)`), as if each were a
 * different customer behind the shop's proxy, and tells its requests which connection they are on
 * (`req.connection`, used by purchaseRequests). With `perConnection` > 1, a connection stands for
 * that many visitors instead: its requests are repeated once per address and sent in turn (a page
 * read at hundreds a second is many people, not one). autocannon has no per-connection hook for
 * headers, so this rewrites the connection's own copy of the requests when it is created.
 */
export function perConnectionAddress(opts, addressOf, perConnection = 1) {
  let n = 0;
  return {
    ...opts,
    setupClient: (client) => {
      const connection = n++;
      const it = client.requestIterator;
      const requests = [];
      for (let k = 0; k < perConnection; k++) {
        const ip = addressOf(connection * perConnection + k);
        for (const r of it.requests) requests.push({ ...r, headers: { ...r.headers, "x-forwarded-for": ip }, connection });
      }
      // Built now, like autocannon's own (requests with a setupRequest are rebuilt before each send).
      requests.forEach((r, i) => {
        it.currentRequestIndex = i;
        it.currentRequest = r;
        it.rebuildRequest();
      });
      it.requests = requests;
      it.currentRequestIndex = 0;
      it.currentRequest = requests[0];
    },
  };
}

/**
 * The flash sale's purchase: one of the signed-in buyers buys 1–5 tickets through POST /api/entries
 * with the simulated provider's frictionless test card (`sim_approve`: approved, no 3-D Secure step).
 * With `connections` (and perConnectionAddress), the buyers are dealt out to the connections (buyer j
 * on connection j mod connections), so a person buys on one connection, from one address, one order at
 * a time, as in a browser; without it, any buyer on any connection. Headers set by
 * perConnectionAddress (X-Forwarded-For) are kept. With `pickFrom`, each buyer chooses their numbers
 * (uniformly from 1..pickFrom), as on the number grid.
 */
export function purchaseRequests(competitionId, tokens, onSoldOut, connections = 0, { pickFrom = 0 } = {}) {
  const buyerOn = (c) => {
    if (c === undefined || !connections) return tokens[Math.floor(Math.random() * tokens.length)];
    if (c >= tokens.length) return tokens[c % tokens.length];
    return tokens[c + connections * Math.floor(Math.random() * Math.ceil((tokens.length - c) / connections))];
  };
  return [
    {
      method: "POST",
      path: "/api/entries",
      setupRequest: (req) => {
        const quantity = 1 + Math.floor(Math.random() * 5);
        // Picking (`pickFrom` = the competition's maximum): the buyer chooses that many numbers at random.
        const chosen = new Set();
        while (pickFrom && chosen.size < quantity) chosen.add(String(1 + Math.floor(Math.random() * pickFrom)));
        return {
          ...req,
          headers: { ...req.headers, "content-type": "application/json", "x-session-token": buyerOn(req.connection) },
          body: JSON.stringify({
            competitionId,
            customerName: "Bench Buyer",
            customerEmail: "bench@example.test",
            answer: "green",
            quantity,
            ...(pickFrom ? { numbers: [...chosen] } : {}),
            paymentToken: "sim_approve",
          }),
        };
      },
      // 403 is "sold out" here (the buyers have no limits): the sale is over.
      onResponse: (status) => {
        if (status === 403) onSoldOut?.();
      },
    },
  ];
}
