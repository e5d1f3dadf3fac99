import { describe, expect, it } from "vitest";
import { createCompetition } from "../factories/competitions";
import { count } from "../helpers/assertions";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { ResponseCache } from "../../src/server/http/response-cache";

const db = createTestDb();
await createCompetition(db, { title: "Batch Test Baler" });
const cache = new ResponseCache();
const api = await startTestServer(db, { cache });
// A slow refill (one call every ten seconds): a busy machine's slow requests must not earn a call back
// between the ones this file expects refused.
const budgeted = await startTestServer(db, { requestBudget: { perSecond: 0.1, burst: 20 }, config: { trustProxy: true } });

const contact = (i: number) => ({ name: "Batch Sender", email: `batch${i}@example.test`, subject: "Batch subject", message: "A message long enough to pass." });

describe("tRPC batches", () => {
  it("refuses a 600-call batch with a clear 400 before any procedure runs", async () => {
    const paths = Array.from({ length: 600 }, () => "public.competitions.list").join(",");
    const res = await api.request(`/api/trpc/${paths}?batch=1`);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe("Too many calls in one request: a batch may hold at most 10.");
    expect(res.text.length).toBeLessThan(500);
  });

  it("counts calls separated by an encoded comma, as tRPC does", async () => {
    const eleven = await api.request(`/api/trpc/${Array.from({ length: 11 }, () => "public.competitions.list").join("%2C")}?batch=1`);
    expect(eleven.status).toBe(400);
    expect(eleven.json.error.message).toBe("Too many calls in one request: a batch may hold at most 10.");
    // Ten encoded calls cost ten from the budget: two such requests use up a burst of twenty.
    const ten = `/api/trpc/${Array.from({ length: 10 }, () => "public.competitions.list").join("%2C")}?batch=1&input=${encodeURIComponent("{}")}`;
    const headers = { "x-forwarded-for": "203.0.113.77" };
    const first = await budgeted.request(ten, { headers });
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(10);
    expect(first.headers.get("etag")).toBeTruthy();
    expect((await budgeted.request(ten, { headers })).status).toBe(200);
    expect((await budgeted.request(ten, { headers })).status).toBe(429);
  });

  it("runs none of the calls of an over-long batch of writes", async () => {
    const before = await count(db, "contact_messages");
    const body = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [String(i), contact(i)]));
    const res = await api.request(`/api/trpc/${Array.from({ length: 11 }, () => "public.contact.send").join(",")}?batch=1`, { body });
    expect(res.status).toBe(400);
    expect(await count(db, "contact_messages")).toBe(before);
    const two = Object.fromEntries(Array.from({ length: 2 }, (_, i) => [String(i), contact(100 + i)]));
    const ok = await api.request(`/api/trpc/public.contact.send,public.contact.send?batch=1`, { body: two });
    expect(ok.status).toBe(200);
    expect(await count(db, "contact_messages")).toBe(before + 2);
  });

  it("answers public reads over tRPC from the same cache as REST, with an ETag, and sees a write at once", async () => {
    const input = encodeURIComponent(JSON.stringify({ "0": undefined, "1": undefined }));
    const url = `/api/trpc/public.competitions.list,public.content.statistics?batch=1&input=${input}`;
    const first = await api.request(url);
    expect(first.status).toBe(200);
    expect(first.json[0].result.data.some((c: { title: string }) => c.title === "Batch Test Baler")).toBe(true);
    expect(first.json[1].result.data).toHaveProperty("totalWinners");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await api.request(url, { headers: { "if-none-match": etag! } })).status).toBe(304);
    // Padding the URL makes no new entry and changes nothing.
    const padded = await api.request(`${url}&pad=${"x".repeat(50)}`);
    expect(padded.headers.get("etag")).toBe(etag);
    // A write (through the API) is seen by the next read.
    await api.request("/api/contact", { body: contact(7) });
    await createCompetition(db, { title: "Fresh After Write" });
    await api.request("/api/contact", { body: contact(8) });
    const after = await api.request(url);
    expect(after.json[0].result.data.some((c: { title: string }) => c.title === "Fresh After Write")).toBe(true);
  });

  it("caches each public read once, however batches combine them: new combinations make no new entries", async () => {
    const reads = ["public.competitions.list", "public.content.statistics", "public.content.winners", "public.content.categories", "public.content.heroSlides"];
    const before = cache.stats();
    for (let i = 0; i < 200; i++) {
      // A different mix and order of up to ten calls each time.
      const calls = Array.from({ length: 2 + (i % 9) }, (_, k) => reads[(i * 7 + k * ((i % 5) + 1)) % reads.length]!);
      const res = await api.request(`/api/trpc/${calls.join(",")}?batch=1&input=${encodeURIComponent("{}")}`);
      expect(res.status).toBe(200);
      expect(res.json).toHaveLength(calls.length);
    }
    const after = cache.stats();
    expect(after.entries - before.entries).toBeLessThanOrEqual(reads.length);
    expect(after.bytes).toBeLessThan(1_000_000);
  });

  it("keeps signed-in and mixed batches out of the cache", async () => {
    const res = await api.request(`/api/trpc/public.competitions.list,public.auth.session?batch=1&input=${encodeURIComponent("{}")}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBeNull();
    expect(res.json[1].result.data).toBeNull();
  });
});

describe("the per-address request budget", () => {
  it("answers 429 with Retry-After past the budget, per address, and never to health checks", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await budgeted.request("/api/competitions", { headers: { "x-forwarded-for": "203.0.113.9" } })).status);
    expect(statuses.slice(0, 20).every((s) => s === 200 || s === 304)).toBe(true);
    expect(statuses.slice(20)).toContain(429);
    const refused = await budgeted.request("/api/competitions", { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.json).toEqual({
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds?\.$/),
      code: "TOO_MANY_REQUESTS",
      appCode: "RATE_LIMITED",
    });
    // A batch costs one per call: a tRPC client is refused in the tRPC error shape.
    const trpc = await budgeted.request(`/api/trpc/public.competitions.list?input=${encodeURIComponent("{}")}`, {
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(trpc.status).toBe(429);
    expect(trpc.json.error.data.code).toBe("TOO_MANY_REQUESTS");
    expect(trpc.json.error.data.appCode).toBe("RATE_LIMITED");
    // Behind the proxy, the address is the entry the proxy appended, not what the client put first.
    for (let i = 0; i < 3; i++) {
      const spoofed = await budgeted.request("/api/competitions", { headers: { "x-forwarded-for": `10.9.8.${i}, 203.0.113.9` } });
      expect(spoofed.status).toBe(429);
    }
    // Another address, and the health check, are untouched.
    expect((await budgeted.request("/api/competitions", { headers: { "x-forwarded-for": "203.0.113.10" } })).status).toBe(200);
    expect((await budgeted.request("/api/health", { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(200);
  });
});
