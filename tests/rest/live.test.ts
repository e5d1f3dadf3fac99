import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { PaymentProvider } from "../../src/server/payments/provider";
import { ensureDefaultSettings } from "../../src/server/services/settings";
import { PROMOTION_DEFAULTS } from "../../src/shared/promotion";
import { createCompetition } from "../factories/competitions";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { salesEnded } from "../helpers/close-early";
import { startTestServer } from "../helpers/http";
import { account, DAY, HOUR } from "../helpers/winners";

/** Draw night over HTTP (issue #17): GET /api/live, /api/admin/live, the stream and promotion settings, /live's CSP, reopening. */
const db = createTestDb();
await allowGuestCheckout(db);
await ensureDefaultSettings(db);
const api = await startTestServer(db);
const admin = await account(db, { role: "admin" });
const customer = await account(db);
const setting = (key: string, value: string) => api.request(`/api/admin/settings/${key}`, { method: "PUT", token: admin.token, body: { value } });

/** The wall clock in London of an instant, "Monday 20:00". */
const londonReading = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { timeZone: "Europe/London", weekday: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).replace(",", "");

/** The app serving a built SPA (a stand-in index.html), as production does; and the same with Stripe as the provider. */
const clientDir = mkdtempSync(join(tmpdir(), "harvest-live-spa-"));
writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>Harvest Draws</title><div id=root></div>");
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const spa = await startTestServer(db, { clientDir });
const stripeSpa = await startTestServer(db, { clientDir, services: { payments: { name: "stripe" } as unknown as PaymentProvider } });

async function enter(competitionId: string, token: string | null = null) {
  const res = await api.request("/api/entries", {
    token,
    body: { competitionId, customerName: "Gwen Ellis", customerEmail: "gwen.live@example.test", answer: "green", quantity: 1 },
  });
  expect(res.status).toBe(201);
}

describe("GET /api/live", () => {
  it("names the next draw, Monday 20:00 in London, within the coming week (or tonight's, while it is on)", async () => {
    const res = await api.request("/api/live");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ scheduleLabel: "Monday 20:00", stream: null });
    expect(londonReading(res.json.drawAt)).toBe("Monday 20:00");
    const until = new Date(res.json.drawAt).getTime() - Date.now();
    expect(until).toBeGreaterThan(-6 * HOUR);
    expect(until).toBeLessThanOrEqual(7 * DAY);
    // The same answer for everyone, from the cache, revalidated with its ETag.
    expect(res.headers.get("cache-control")).toBe("public, no-cache");
    const again = await api.request("/api/live", { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("shows a result as soon as the admin runs the draw: the cached answer is not served after it", async () => {
    const { drawAt } = (await api.request("/api/live")).json;
    const c = await createCompetition(db, {
      title: "Tonight's Live Tractor",
      drawMode: "live",
      drawDate: new Date(drawAt),
      endDate: new Date(Date.now() + DAY),
    });
    await enter(c.id);
    const before = await api.request("/api/live");
    expect(before.json.competitions.find((x: { id: string }) => x.id === c.id)).toMatchObject({ status: "active", drawnAt: null, winners: [] });
    // The tRPC face (what /live polls) shares the cache.
    const trpcBefore = await api.request("/api/trpc/public.live.evening");
    expect(trpcBefore.json.result.data.competitions.find((x: { id: string }) => x.id === c.id).drawnAt).toBeNull();

    await salesEnded(db, c.id);
    const run = await api.request(`/api/admin/competitions/${c.id}/draw`, { token: admin.token, body: {} });
    expect(run.status).toBe(200);
    const after = await api.request("/api/live", { headers: { "if-none-match": before.headers.get("etag")! } });
    expect(after.status).toBe(200);
    const drawn = after.json.competitions.find((x: { id: string }) => x.id === c.id);
    expect(drawn).toMatchObject({
      status: "drawn",
      poolSize: 1,
      winners: [{ ticketNumber: "1", displayName: "Gwen E." }],
      verifyUrl: `/competition/${c.id}/draw`,
    });
    expect(drawn.drawnAt).not.toBeNull();
    expect(after.text).not.toContain("@");
    const trpcAfter = await api.request("/api/trpc/public.live.evening");
    expect(trpcAfter.json.result.data.competitions.find((x: { id: string }) => x.id === c.id).winners).toHaveLength(1);
  });
});

describe("GET /api/admin/live", () => {
  it("gives the running order with why each draw cannot run yet, to admins only", async () => {
    const { drawAt } = (await api.request("/api/live")).json;
    const at = { drawMode: "live" as const, drawDate: new Date(drawAt), endDate: new Date(Date.now() + DAY) };
    const empty = await createCompetition(db, { title: "Admin Live Empty", ...at });
    const ready = await createCompetition(db, { title: "Admin Live Ready", ...at });
    await enter(ready.id);
    await salesEnded(db, ready.id);
    // Still on sale (its end date to come): the draw waits, and the row says why.
    const onSale = await createCompetition(db, { title: "Admin Live On Sale", ...at });
    await enter(onSale.id);
    const res = await api.request("/api/admin/live", { token: admin.token });
    expect(res.status).toBe(200);
    const byId = (id: string) => res.json.competitions.find((x: { id: string }) => x.id === id);
    expect(byId(empty.id)).toMatchObject({ drawMode: "live", heldTickets: 0, blockedReason: "There are no entries to draw from" });
    expect(byId(ready.id)).toMatchObject({ drawMode: "live", blockedReason: null });
    expect(byId(onSale.id).blockedReason).toMatch(
      /^Too early: sales close on \w+ \d+ \w+ at \d\d:\d\d and postal entries are accepted until then; the draw can run from then/,
    );
    expect((await api.request("/api/admin/live")).status).toBe(401);
    expect((await api.request("/api/admin/live", { token: customer.token })).status).toBe(403);
  });
});

describe("the live draw settings", () => {
  it("live_stream_url takes a YouTube or Facebook video page and refuses anything else", async () => {
    try {
      const youtube = await setting("live_stream_url", "https://youtu.be/dQw4w9WgXcQ");
      expect(youtube.status).toBe(200);
      expect((await api.request("/api/live")).json.stream).toEqual({
        url: "https://youtu.be/dQw4w9WgXcQ",
        provider: "youtube",
        embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      });
      expect((await setting("live_stream_url", "https://www.facebook.com/harvestdraws/videos/1234567890/")).status).toBe(200);
      expect((await api.request("/api/live")).json.stream).toMatchObject({ provider: "facebook" });
      for (const bad of ["http://youtu.be/dQw4w9WgXcQ", "https://evil.example/watch?v=dQw4w9WgXcQ", "javascript:alert(1)"]) {
        const refused = await setting("live_stream_url", bad);
        expect(refused.status, bad).toBe(400);
        expect(refused.json.appCode).toBe("INVALID_INPUT");
      }
    } finally {
      expect((await setting("live_stream_url", "")).status).toBe(200);
    }
    expect((await api.request("/api/live")).json.stream).toBeNull();
  });

  it("live_draw_schedule takes a weekday and a time, and GET /api/live follows it", async () => {
    expect((await setting("live_draw_schedule", "Someday 20:00")).status).toBe(400);
    try {
      const saved = await setting("live_draw_schedule", "friday 18:30");
      expect(saved.json.value).toBe("Friday 18:30");
      const res = await api.request("/api/live");
      expect(res.json.scheduleLabel).toBe("Friday 18:30");
      expect(londonReading(res.json.drawAt)).toBe("Friday 18:30");
    } finally {
      await setting("live_draw_schedule", "Monday 20:00");
    }
  });
});

describe("GET /api/promotion", () => {
  it("says the spec's words, opens the competition an admin chose while it is on sale, and hides itself otherwise", async () => {
    // No instant-win competition on sale to point at: hidden.
    expect((await api.request("/api/promotion")).json).toEqual({
      enabled: false,
      title: "Our Biggest Motocross Instant Win",
      text: PROMOTION_DEFAULTS.text,
      link: "/competitions",
      competitionId: null,
    });
    const unknown = await setting("promotion_competition_id", "00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(400);
    const target = await createCompetition(db, { title: "Promoted Motocross Bike" });
    try {
      expect((await setting("promotion_competition_id", target.id)).status).toBe(200);
      expect((await api.request("/api/promotion")).json).toMatchObject({ enabled: true, link: `/competition/${target.id}`, competitionId: target.id });
      const closed = await api.request(`/api/admin/competitions/${target.id}`, { method: "PUT", token: admin.token, body: { status: "closed" } });
      expect(closed.status).toBe(200);
      expect((await api.request("/api/promotion")).json).toMatchObject({ enabled: false, link: "/competitions", competitionId: null });
    } finally {
      await setting("promotion_competition_id", "");
    }
  });
});

describe("reopening a closed competition over REST", () => {
  it("works before the end date and is refused with 409 after it", async () => {
    const paused = await createCompetition(db, { endDate: new Date(Date.now() + 2 * DAY), drawDate: new Date(Date.now() + 3 * DAY) });
    const put = (id: string, status: string) => api.request(`/api/admin/competitions/${id}`, { method: "PUT", token: admin.token, body: { status } });
    expect((await put(paused.id, "closed")).json).toMatchObject({ status: "closed", poolFrozen: false, reopenBlockedReason: null });
    expect((await put(paused.id, "active")).json).toMatchObject({ status: "active" });

    const ended = await createCompetition(db, { status: "closed", endDate: new Date(Date.now() - HOUR), drawDate: new Date(Date.now() + DAY) });
    const listed = (await api.request("/api/admin/competitions", { token: admin.token })).json.find((c: { id: string }) => c.id === ended.id);
    expect(listed.reopenBlockedReason).toBe("Its end date has passed, so sales cannot reopen.");
    const refused = await put(ended.id, "active");
    expect(refused.status).toBe(409);
    expect(refused.json.appCode).toBe("INVALID_STATE");
  });
});

describe("the Content-Security-Policy of the /live document", () => {
  const frameSrc = async (server: typeof spa, path: string) => {
    const res = await fetch(server.origin + path);
    await res.text();
    const csp = res.headers.get("content-security-policy") ?? "";
    return { status: res.status, csp, frames: csp.split("; ").find((d) => d.startsWith("frame-src")) ?? null };
  };

  it("frames YouTube's privacy-enhanced player and Facebook's on /live only", async () => {
    for (const path of ["/live", "/live/", "/live?from=home"]) {
      const { status, frames, csp } = await frameSrc(spa, path);
      expect(status, path).toBe(200);
      expect(frames, path).toBe("frame-src https://www.youtube-nocookie.com https://www.facebook.com");
      // Nothing may frame the shop itself, /live included.
      expect(csp).toContain("frame-ancestors 'none'");
    }
    for (const path of ["/", "/competitions", "/account/claims/abc", "/admin/live", "/lively", "/api/live"]) {
      expect((await frameSrc(spa, path)).frames, path).toBeNull();
    }
  });

  it("adds the stream's hosts to Stripe's frames on /live, and only Stripe's elsewhere", async () => {
    const live = (await frameSrc(stripeSpa, "/live")).frames!;
    expect(live).toContain("https://js.stripe.com");
    expect(live).toContain("https://www.youtube-nocookie.com https://www.facebook.com");
    const home = (await frameSrc(stripeSpa, "/")).frames!;
    expect(home).toContain("https://js.stripe.com");
    expect(home).not.toContain("youtube");
    expect(home).not.toContain("facebook");
  });
});
