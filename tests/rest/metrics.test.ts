import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { withTransaction, type Db } from "../../db/client";
import { createApp } from "../../src/server/app";
import { decideMetricsAccess, isLoopbackAddress } from "../../src/server/http/metrics";
import { createLogger, silentLogger } from "../../src/server/logger";
import { createMailer, noopMailer } from "../../src/server/mail/mailer";
import { ShopMetrics } from "../../src/server/metrics";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { sweepPendingOrders } from "../../src/server/services/purchase";
import { enqueueMail } from "../../src/server/mail/outbox";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer, type TestServer } from "../helpers/http";

/**
 * GET /metrics, the operator's Prometheus endpoint: off unless a token or loopback is configured,
 * in Prometheus's text format, counting what the shop does (requests by route, purchases by outcome,
 * the payment provider's latency) and reading holds, the mail queue and the database's size when scraped.
 */
const TOKEN = "metrics-token-0123456789abcdef";
const auth = { authorization: `Bearer ${TOKEN}` };

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The text exposition format, line by line: `# TYPE name kind`, `name{label="value",…} number`. */
function parse(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line) continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith("# HELP ")) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/i.exec(line);
    if (!m) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return { types, samples };
}

/** The value of the one sample with this name and (at least) these labels; 0 when absent. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} series`);
  return found[0]?.value ?? 0;
}

async function scrape(api: TestServer) {
  const res = await fetch(`${api.origin}/metrics`, { headers: auth });
  expect(res.status).toBe(200);
  return parse(await res.text());
}

const enter = (api: TestServer, token: string, competitionId: string, paymentToken: string) =>
  api.request("/api/entries", {
    token,
    body: { competitionId, customerName: "Bryn Lloyd", customerEmail: "bryn@example.test", answer: "green", quantity: 2, paymentToken },
  });

describe("off by default", () => {
  it("GET /metrics is an unknown path (404) without a token or loopback, whatever the caller sends", async () => {
    const api = await startTestServer(createTestDb());
    for (const headers of [{}, auth]) {
      const res = await fetch(`${api.origin}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toMatch(/harvest_|# TYPE/);
    }
    // An empty setting is off too.
    const empty = await startTestServer(createTestDb(), { metrics: { token: "", loopback: false } });
    expect((await fetch(`${empty.origin}/metrics`, { headers: auth })).status).toBe(404);
  });
});

describe("with METRICS_TOKEN", () => {
  const db = createTestDb();
  let api: TestServer;

  it("answers 401 without the token or with a wrong one, saying nothing more", async () => {
    api = await startTestServer(db, { metrics: { token: TOKEN }, requestBudget: { perSecond: 1, burst: 3 } });
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Bearer wrong-token-0123456789abcd" },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
    ]) {
      const res = await fetch(`${api.origin}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      const body = await res.text();
      expect(body).toBe("Unauthorized\n");
    }
  });

  it("answers 200 in Prometheus's text format with the token, outside the API's per-address budget", async () => {
    // The budget is 3 calls: ten scrapes all pass, and the API's own calls are still limited as before.
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${api.origin}/metrics`, { headers: auth });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-store");
      await res.text();
    }
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await api.request("/api/competitions")).status);
    expect(statuses).toContain(429);

    const { types, samples } = await scrape(api);
    expect(types.get("harvest_http_request_duration_seconds")).toBe("histogram");
    expect(types.get("harvest_purchases_total")).toBe("counter");
    expect(types.get("harvest_payment_provider_seconds")).toBe("histogram");
    expect(types.get("harvest_holds_in_progress")).toBe("gauge");
    expect(types.get("harvest_mail_outbox")).toBe("gauge");
    expect(types.get("harvest_mail_send_failures_total")).toBe("counter");
    expect(types.get("harvest_database_bytes")).toBe("gauge");
    // prom-client's standard process metrics: event-loop lag and memory.
    expect(types.get("nodejs_eventloop_lag_seconds")).toBe("gauge");
    expect(types.get("process_resident_memory_bytes")).toBe("gauge");
    expect(types.get("nodejs_heap_size_used_bytes")).toBe("gauge");
    expect(valueOf(samples, "harvest_database_bytes", { file: "main" })).toBeGreaterThan(4096);
    // The scrapes themselves are counted under their own route.
    expect(valueOf(samples, "harvest_http_request_duration_seconds_count", { method: "GET", route: "/metrics", status_class: "2xx" })).toBe(10);
    expect(valueOf(samples, "harvest_http_request_duration_seconds_count", { method: "GET", route: "/metrics", status_class: "4xx" })).toBe(4);
    // The list answered before the budget ran out; the refusals came before any route was recognised.
    expect(valueOf(samples, "harvest_http_request_duration_seconds_count", { method: "GET", route: "/api/competitions", status_class: "2xx" })).toBeGreaterThan(
      0,
    );
    expect(valueOf(samples, "harvest_http_request_duration_seconds_count", { method: "GET", route: "other", status_class: "4xx" })).toBe(
      statuses.filter((s) => s === 429).length,
    );
  });
});

describe("what is counted", () => {
  const db = createTestDb();
  let api: TestServer;
  const scrapeNow = async () => (await scrape(api)).samples;

  it("a paid purchase through the REST API adds exactly one to purchases{outcome=paid}, with its route and the provider's call timed", async () => {
    api = await startTestServer(db, { metrics: { token: TOKEN } });
    const buyer = await createUserWithSession(db);
    const c = await createCompetition(db, { pricePence: 100, maxTickets: 100 });
    const before = await scrapeNow();
    const res = await enter(api, buyer.token, c.id, "sim_approve");
    expect(res.status).toBe(201);
    const after = await scrapeNow();
    expect(valueOf(after, "harvest_purchases_total", { outcome: "paid" }) - valueOf(before, "harvest_purchases_total", { outcome: "paid" })).toBe(1);
    const route = { method: "POST", route: "/api/entries", status_class: "2xx" };
    expect(valueOf(after, "harvest_http_request_duration_seconds_count", route)).toBe(1);
    expect(valueOf(after, "harvest_http_request_duration_seconds_bucket", { ...route, le: "+Inf" })).toBe(1);
    expect(valueOf(after, "harvest_http_request_duration_seconds_sum", route)).toBeGreaterThan(0);
    expect(
      valueOf(after, "harvest_payment_provider_seconds_count", { provider: "simulated", operation: "charge", outcome: "succeeded" }) -
        valueOf(before, "harvest_payment_provider_seconds_count", { provider: "simulated", operation: "charge", outcome: "succeeded" }),
    ).toBe(1);
  });

  it("declines count with their reason, refusals with their error code, and a challenge as three_ds holding its numbers", async () => {
    const buyer = await createUserWithSession(db);
    const c = await createCompetition(db, { pricePence: 100, maxTickets: 100 });
    const before = await scrapeNow();
    expect((await enter(api, buyer.token, c.id, "sim_insufficient_funds")).status).toBe(402);
    const wrongAnswer = await api.request("/api/entries", {
      token: buyer.token,
      body: { competitionId: c.id, customerName: "Bryn Lloyd", customerEmail: "bryn@example.test", answer: "purple", quantity: 1, paymentToken: "sim_approve" },
    });
    expect(wrongAnswer.status).toBe(422);
    expect((await enter(api, buyer.token, c.id, "sim_3ds_required")).status).toBe(202);
    const after = await scrapeNow();
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta("harvest_purchases_total", { outcome: "declined", reason: "insufficient_funds" })).toBe(1);
    expect(delta("harvest_purchases_total", { outcome: "refused", reason: wrongAnswer.json.appCode })).toBe(1);
    expect(delta("harvest_purchases_total", { outcome: "three_ds" })).toBe(1);
    expect(delta("harvest_purchases_total", { outcome: "paid" })).toBe(0);
    expect(delta("harvest_holds_in_progress", { status: "requires_action" })).toBe(1);
    expect(valueOf(after, "harvest_holds_in_progress", { status: "pending" })).toBe(0);
  });

  it("a challenge ends as paid when the bank approves, and as expired when the sweep finds it abandoned", async () => {
    // As main.ts wires it: one registry for the app and the sweep, the provider timed once for both.
    const sweepDb = createTestDb();
    const shop = new ShopMetrics(sweepDb, { defaultMetrics: false });
    const payments = shop.instrument(new SimulatedPaymentProvider(0));
    const server = await startTestServer(sweepDb, { metrics: { token: TOKEN, shop }, services: { payments } });
    const buyer = await createUserWithSession(sweepDb);
    const c = await createCompetition(sweepDb, { pricePence: 100, maxTickets: 100 });
    const approved = await enter(server, buyer.token, c.id, "sim_3ds_required");
    const abandoned = await enter(server, buyer.token, c.id, "sim_3ds_required");
    expect([approved.status, abandoned.status]).toEqual([202, 202]);
    const answer = await fetch(approved.json.nextAction.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ outcome: "approve" }),
    });
    expect(answer.status).toBe(200);
    let { samples } = await scrape(server);
    expect(valueOf(samples, "harvest_purchases_total", { outcome: "three_ds" })).toBe(2);
    expect(valueOf(samples, "harvest_purchases_total", { outcome: "paid" })).toBe(1);
    expect(valueOf(samples, "harvest_holds_in_progress", { status: "requires_action" })).toBe(1);

    const later = new Date(Date.now() + 60 * 60 * 1000);
    const swept = await sweepPendingOrders({ db: sweepDb, payments, mailer: noopMailer, onOutcome: (o, r) => shop.purchase(o, r) }, later);
    expect(swept.failed).toBe(1);
    ({ samples } = await scrape(server));
    expect(valueOf(samples, "harvest_purchases_total", { outcome: "expired", reason: "authentication_abandoned" })).toBe(1);
    expect(valueOf(samples, "harvest_holds_in_progress", { status: "requires_action" })).toBe(0);
    // The sweep's calls to the provider are timed with the requests' ones.
    expect(valueOf(samples, "harvest_payment_provider_seconds_count", { provider: "simulated", operation: "cancel", outcome: "ok" })).toBe(1);
  });

  it("the mail queue gauge reads the outbox when scraped", async () => {
    const before = valueOf(await scrapeNow(), "harvest_mail_outbox", { status: "queued" });
    const queue = (to: string) => withTransaction(db, (tx) => enqueueMail(tx, { to, subject: "Your Harvest Draws entry is confirmed", text: "Tickets 1, 2" }));
    await queue("a@example.test");
    await queue("b@example.test");
    expect(valueOf(await scrapeNow(), "harvest_mail_outbox", { status: "queued" })).toBe(before + 2);
  });

  it("a mail the SMTP server would not take counts as a send failure, and mail shows as not sending", async () => {
    const mailDb = createTestDb();
    const mailer = createMailer(mailDb, { smtpUrl: "smtp://127.0.0.1:1", from: "Harvest Draws <no-reply@harvestdraws.test>", logger: silentLogger });
    afterAll(() => mailer.stop());
    const shop = await startTestServer(mailDb, { metrics: { token: TOKEN }, services: { mailer } });
    expect(valueOf((await scrape(shop)).samples, "harvest_mail_send_failures_total")).toBe(0);
    await withTransaction(mailDb, (tx) => enqueueMail(tx, { to: "c@example.test", subject: "Your Harvest Draws entry is confirmed", text: "Tickets 3, 4" }));
    await mailer.flush();
    const { samples } = await scrape(shop);
    expect(valueOf(samples, "harvest_mail_send_failures_total")).toBe(1);
    expect(valueOf(samples, "harvest_mail_sent_total")).toBe(0);
    expect(valueOf(samples, "harvest_mail_sending")).toBe(0);
    // Still queued: it is retried later.
    expect(valueOf(samples, "harvest_mail_outbox", { status: "queued" })).toBe(1);
  });

  it("route labels come from a fixed set: made-up paths are 'other', never the URL", async () => {
    await api.request("/api/competitions/made-up-path-zz9/and/more");
    await fetch(`${api.origin}/api/trpc/public.nothing.here-zz9`);
    const c = await createCompetition(db);
    expect((await api.request(`/api/competitions/${c.id}`)).status).toBe(200);
    const text = await (await fetch(`${api.origin}/metrics`, { headers: auth })).text();
    expect(text).not.toContain("zz9");
    expect(text).not.toContain(c.id);
    const { samples } = parse(text);
    expect(valueOf(samples, "harvest_http_request_duration_seconds_count", { method: "GET", route: "/api/competitions/{id}", status_class: "2xx" })).toBe(1);
    expect(valueOf(samples, "harvest_http_request_duration_seconds_count", { method: "GET", route: "other", status_class: "4xx" })).toBe(2);
  });

  it("two shops in one process count apart", async () => {
    const other = await startTestServer(createTestDb(), { metrics: { token: TOKEN } });
    const { samples } = await scrape(other);
    expect(valueOf(samples, "harvest_purchases_total", { outcome: "paid" })).toBe(0);
    expect(valueOf(samples, "harvest_http_request_duration_seconds_count", { method: "POST", route: "/api/entries", status_class: "2xx" })).toBe(0);
  });
});

describe("with METRICS_LOOPBACK", () => {
  it("serves a caller on this machine without a token, but not a request that came through a proxy", async () => {
    const api = await startTestServer(createTestDb(), { metrics: { loopback: true }, config: { trustProxy: true } });
    const res = await fetch(`${api.origin}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("# TYPE harvest_purchases_total counter");
    // A local reverse proxy connects from loopback on behalf of anyone: its requests are not "local".
    expect((await fetch(`${api.origin}/metrics`, { headers: { "x-forwarded-for": "127.0.0.1" } })).status).toBe(404);
    expect((await fetch(`${api.origin}/metrics`, { headers: { forwarded: "for=127.0.0.1" } })).status).toBe(404);
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === "IPv4")?.address;

  it.skipIf(!external)("refuses (404) a caller whose socket is not loopback; with a token too, that caller needs it", async () => {
    const listen = async (metrics: { token?: string; loopback: boolean }) => {
      const server = createServer(createApp({ db: createTestDb(), metrics }));
      await new Promise<void>((resolve) => server.listen(0, external, resolve));
      afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
      return `http://${external}:${(server.address() as AddressInfo).port}`;
    };
    const loopbackOnly = await listen({ loopback: true });
    expect((await fetch(`${loopbackOnly}/metrics`)).status).toBe(404);
    const both = await listen({ loopback: true, token: TOKEN });
    expect((await fetch(`${both}/metrics`)).status).toBe(401);
    expect((await fetch(`${both}/metrics`, { headers: auth })).status).toBe(200);
  });

  it("decides by the socket's peer address", () => {
    expect(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"].every(isLoopbackAddress)).toBe(true);
    expect(["192.0.2.2", "::ffff:192.0.2.2", "fd00::2", "::", "0.0.0.0", "127.0.0.1.example", undefined].some(isLoopbackAddress)).toBe(false);
    expect(decideMetricsAccess({ loopback: true }, { remoteAddress: "203.0.113.5" }, {})).toBe("not_found");
    expect(decideMetricsAccess({ loopback: true }, { remoteAddress: "::1" }, {})).toBe("serve");
    expect(decideMetricsAccess({ loopback: true }, { remoteAddress: "::1" }, { "x-real-ip": "203.0.113.5" })).toBe("not_found");
    expect(decideMetricsAccess({ loopback: true, token: TOKEN }, { remoteAddress: "203.0.113.5" }, {})).toBe("unauthorized");
    expect(decideMetricsAccess({ loopback: true, token: TOKEN }, { remoteAddress: "203.0.113.5" }, auth)).toBe("serve");
  });
});

describe("the request log line", () => {
  it("names the signed-in user and the client address (as the per-address limits see it), and no token", async () => {
    const db: Db = createTestDb();
    let log = "";
    const sink = new Writable({
      write(chunk, _enc, cb) {
        log += chunk.toString();
        cb();
      },
    });
    const api = await startTestServer(db, { logger: createLogger("info", sink), config: { trustProxy: true } });
    const { user, token } = await createUserWithSession(db);
    expect(
      (await api.request("/api/auth/user", { token, headers: { "x-forwarded-for": "198.51.100.1, 203.0.113.7", "x-request-id": "req-signed-in-1" } })).status,
    ).toBe(200);
    expect((await api.request("/api/competitions", { headers: { "x-request-id": "req-anonymous-1" } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const lines = log
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === "request");
    const signedIn = lines.find((l) => l.reqId === "req-signed-in-1");
    expect(signedIn).toMatchObject({ method: "GET", path: "/api/auth/user", status: 200, userId: user.id, ip: "203.0.113.7" });
    const anonymous = lines.find((l) => l.reqId === "req-anonymous-1");
    expect(anonymous).toMatchObject({ path: "/api/competitions", status: 200, ip: "127.0.0.1" });
    expect(anonymous).not.toHaveProperty("userId");
    expect(log).not.toContain(token);
  });
});
