import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { competitions, draws } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import { lifecycleTick, runDraw } from "../../src/server/services/draws";
import { ensureDefaultSettings } from "../../src/server/services/settings";
import { PROMOTION_DEFAULTS } from "../../src/shared/promotion";
import { campaignPayload, createCompetition } from "../factories/competitions";
import { anonCaller, refusedWith, tokenCaller } from "../helpers/account";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { account, buy, buyerOf, callerAt, DAY, HOUR } from "../helpers/winners";

/**
 * Draw night (issue #17): GET /live's evening (the next draw time on London's clock, the competitions
 * due, each result as it is drawn), the admin's running order, the stream and promotion settings, and
 * reopening a competition closed by mistake.
 */
const db = createTestDb();
await allowGuestCheckout(db);
await ensureDefaultSettings(db);
const admin = await account(db, { role: "admin" });
const adminAt = (now?: Date) => callerAt(db, admin.user, now);
const settings = async () => (await adminAt()).admin.settings;
const eveningAt = (iso: string) => anonCaller(db, { now: new Date(iso) }).public.live.evening();
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("the next live draw", () => {
  it("is Monday 20:00 UK time by default, labelled so, without a stream", async () => {
    const evening = await eveningAt("2026-11-25T12:00:00Z");
    expect(evening).toMatchObject({ drawAt: "2026-11-30T20:00:00.000Z", scheduleLabel: "Monday 20:00", stream: null });
  });

  it("stays 20:00 in London across the clock changes (19:00 UTC in summer time, 20:00 UTC in winter)", async () => {
    expect((await eveningAt("2026-10-14T12:00:00Z")).drawAt).toBe("2026-10-19T19:00:00.000Z");
    expect((await eveningAt("2026-10-24T12:00:00Z")).drawAt).toBe("2026-10-26T20:00:00.000Z");
    expect((await eveningAt("2027-03-20T12:00:00Z")).drawAt).toBe("2027-03-22T20:00:00.000Z");
    expect((await eveningAt("2027-03-27T12:00:00Z")).drawAt).toBe("2027-03-29T19:00:00.000Z");
  });

  it("stays tonight's for 6 hours after the start", async () => {
    expect((await eveningAt("2026-11-30T20:00:00Z")).drawAt).toBe("2026-11-30T20:00:00.000Z");
    expect((await eveningAt("2026-11-30T23:59:00Z")).drawAt).toBe("2026-11-30T20:00:00.000Z");
    // Past midnight in London the draw night is still on (until 02:00).
    expect((await eveningAt("2026-12-01T00:30:00Z")).drawAt).toBe("2026-11-30T20:00:00.000Z");
    expect((await eveningAt("2026-12-01T02:00:00Z")).drawAt).toBe("2026-12-07T20:00:00.000Z");
  });

  it("follows the live_draw_schedule setting, which takes a weekday and a 24-hour time", async () => {
    for (const bad of ["", "Monday", "Funday 20:00", "Monday 25:00", "Monday 8pm"]) {
      expect((await refusedWith((await settings()).update({ key: "live_draw_schedule", value: bad }))).appCode, bad).toBe("INVALID_INPUT");
    }
    expect((await (await settings()).update({ key: "live_draw_schedule", value: "tue 7:30" })).value).toBe("Tuesday 07:30");
    try {
      // Wednesday 29 May 2030 (summer time): Tuesday 4 June at 07:30 in London.
      expect(await eveningAt("2030-05-29T12:00:00Z")).toMatchObject({ drawAt: "2030-06-04T06:30:00.000Z", scheduleLabel: "Tuesday 07:30" });
    } finally {
      await (await settings()).update({ key: "live_draw_schedule", value: "Monday 20:00" });
    }
  });
});

describe("the evening's competitions (Monday 3 June 2030, 20:00 in London = 19:00 UTC)", async () => {
  const drawAt = "2030-06-03T19:00:00.000Z";
  const make = (title: string, drawDate: string, over: Partial<Parameters<typeof createCompetition>[1]> = {}) =>
    createCompetition(db, { title, drawDate: new Date(drawDate), ...over });
  const waiting = await make("Evening Waiting Since Last Week", "2030-05-27T19:00:00Z", { drawMode: "live", status: "closed" });
  const morning = await make("Evening Morning Draw", "2030-06-03T08:00:00Z");
  const alpha = await make("Evening Alpha", "2030-06-03T19:00:00Z", { drawMode: "live" });
  const beta = await make("Evening Beta", "2030-06-03T19:00:00Z", { drawMode: "live" });
  const zeta = await make("Evening Zeta", "2030-06-03T19:30:00Z", { drawMode: "live" });
  const nextDay = await make("Evening Next Day", "2030-06-04T19:00:00Z");
  const dawn = await make("Evening Too Early", "2030-06-03T06:00:00Z");
  const mine = new Set([waiting, morning, alpha, beta, zeta, nextDay, dawn].map((c) => c.id));
  const winner = await account(db, { firstName: "Gwen", lastName: "Ellis", city: "Hereford" });
  for (const c of [alpha, beta, zeta]) await buy(db, c.id, buyerOf(winner.user));
  // A second order for Zeta is waiting on the bank: its tickets are held.
  await buy(db, zeta.id, buyerOf((await account(db)).user), 1, "sim_3ds_required");
  const ours = <T extends { id: string }>(list: T[]) => list.filter((c) => mine.has(c.id));

  it("lists those drawn that evening in running order (draw time, then title), and any live draw still waiting", async () => {
    const evening = await eveningAt("2030-05-29T12:00:00Z");
    expect(evening.drawAt).toBe(drawAt);
    expect(ours(evening.competitions).map((c) => c.title)).toEqual([
      "Evening Waiting Since Last Week",
      "Evening Morning Draw",
      "Evening Alpha",
      "Evening Beta",
      "Evening Zeta",
    ]);
    expect(evening.competitions.find((c) => c.id === alpha.id)).toEqual({
      id: alpha.id,
      title: "Evening Alpha",
      image: alpha.image,
      prize: "Evening Alpha",
      status: "active",
      drawDate: "2030-06-03T19:00:00.000Z",
      soldTickets: 1,
      maxTickets: alpha.maxTickets,
      poolSize: null,
      drawnAt: null,
      winners: [],
      verifyUrl: `/competition/${alpha.id}/draw`,
    });
  });

  it("tells the presenter which draws can run, in the words a refused draw would use", async () => {
    const live = await (await adminAt(new Date("2030-06-03T18:55:00Z"))).admin.live.evening();
    const reasons = Object.fromEntries(ours(live.competitions).map((c) => [c.title, c.blockedReason]));
    expect(reasons).toEqual({
      "Evening Waiting Since Last Week": "There are no entries to draw from",
      "Evening Morning Draw": "There are no entries to draw from",
      "Evening Alpha": null,
      "Evening Beta": null,
      "Evening Zeta": "Payments for this competition are still being processed. Try again in a few minutes.",
    });
    expect(live.competitions.find((c) => c.id === zeta.id)).toMatchObject({ drawMode: "live", heldTickets: 1 });
    for (const c of [waiting, morning, zeta]) {
      const refused = await refusedWith((await adminAt(new Date("2030-06-03T19:01:00Z"))).admin.draws.run({ id: c.id }));
      expect(refused.message, c.title).toBe(reasons[c.title]);
    }
    expect(await refusedWith(anonCaller(db).admin.live.evening())).toMatchObject({ code: "UNAUTHORIZED" });
    expect(await refusedWith((await tokenCaller(db, winner.token)).admin.live.evening())).toMatchObject({ code: "FORBIDDEN" });
  });

  it("shows each result as soon as it is drawn, with the winner's first name and town only", async () => {
    await (await adminAt(new Date("2030-06-03T19:05:00Z"))).admin.draws.run({ id: beta.id });
    const evening = await eveningAt("2030-06-03T19:06:00Z");
    const drawn = evening.competitions.find((c) => c.id === beta.id)!;
    expect(drawn).toMatchObject({
      status: "drawn",
      poolSize: 1,
      drawnAt: "2030-06-03T19:05:00.000Z",
      winners: [{ ticketNumber: "1", displayName: "Gwen E., Hereford" }],
      verifyUrl: `/competition/${beta.id}/draw`,
    });
    expect(JSON.stringify(evening)).not.toContain("@");
    expect(JSON.stringify(evening)).not.toContain("Ellis");
    const live = await (await adminAt(new Date("2030-06-03T19:06:00Z"))).admin.live.evening();
    expect(live.competitions.find((c) => c.id === beta.id)!.blockedReason).toBe("Already drawn");
    expect(live.competitions.find((c) => c.id === alpha.id)!.blockedReason).toBeNull();
  });

  it("keeps the evening's results on /live after midnight, while the evening lasts", async () => {
    // 00:30 on Tuesday in London, five and a half hours after the start.
    const evening = await eveningAt("2030-06-03T23:30:00Z");
    expect(evening.drawAt).toBe(drawAt);
    expect(evening.competitions.find((c) => c.id === beta.id)?.winners).toHaveLength(1);
  });

  it("lists a competition drawn early during that evening's window", async () => {
    const early = await make("Evening Drawn Early", "2030-06-10T19:00:00Z");
    await buy(db, early.id, buyerOf(winner.user));
    await runDraw({ db, mailer: noopMailer, now: () => new Date("2030-06-03T19:10:00Z") }, early.id);
    const evening = await eveningAt("2030-06-03T19:11:00Z");
    expect(evening.competitions.find((c) => c.id === early.id)).toMatchObject({ status: "drawn", drawnAt: "2030-06-03T19:10:00.000Z" });
  });
});

describe("the live stream setting", () => {
  it("takes a YouTube or Facebook video page and gives /live the player to frame", async () => {
    const accepted: Array<[string, string]> = [
      ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
      ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
      ["https://www.youtube.com/live/a1B2c3D4e5F", "https://www.youtube-nocookie.com/embed/a1B2c3D4e5F"],
      [
        "https://www.facebook.com/harvestdraws/videos/1234567890/",
        "https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fharvestdraws%2Fvideos%2F1234567890%2F&show_text=false",
      ],
    ];
    try {
      for (const [url, embedUrl] of accepted) {
        expect((await (await settings()).update({ key: "live_stream_url", value: ` ${url} ` })).value).toBe(url);
        const { stream } = await eveningAt("2026-11-25T12:00:00Z");
        expect(stream, url).toEqual({ url, provider: url.includes("facebook") ? "facebook" : "youtube", embedUrl });
        expect((await (await adminAt()).admin.live.evening()).stream?.embedUrl).toBe(embedUrl);
      }
    } finally {
      await (await settings()).update({ key: "live_stream_url", value: "" });
    }
    expect((await eveningAt("2026-11-25T12:00:00Z")).stream).toBeNull();
  });

  it("refuses http, other hosts and script URLs, and keeps the stream it had", async () => {
    await (await settings()).update({ key: "live_stream_url", value: "https://youtu.be/dQw4w9WgXcQ" });
    try {
      for (const bad of [
        "http://www.youtube.com/watch?v=dQw4w9WgXcQ",
        "https://vimeo.com/123456789",
        "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
        "javascript:alert(1)",
        "https://www.youtube.com/",
      ]) {
        const refused = await refusedWith((await settings()).update({ key: "live_stream_url", value: bad }));
        expect(refused, bad).toMatchObject({ appCode: "INVALID_INPUT", message: "Use the https address of a YouTube or Facebook video page" });
      }
      expect((await eveningAt("2026-11-25T12:00:00Z")).stream?.url).toBe("https://youtu.be/dQw4w9WgXcQ");
    } finally {
      await (await settings()).update({ key: "live_stream_url", value: "" });
    }
  });
});

describe("the promotion dialog", () => {
  const promotion = () => anonCaller(db).public.live.promotion();

  it("says the spec's words, and hides itself while no instant-win competition is on sale to point at", async () => {
    expect(await promotion()).toEqual({
      enabled: false,
      title: "Our Biggest Motocross Instant Win",
      text: PROMOTION_DEFAULTS.text,
      link: "/competitions",
      competitionId: null,
    });
  });

  it("with no competition chosen, opens the newest instant-win competition on sale, and hides when it closes", async () => {
    // Enough other competitions on sale that instant wins stay under half (the code of practice).
    for (let i = 0; i < 4; i++) await createCompetition(db, { title: `Promotion Filler ${i}` });
    const bike = await (
      await adminAt()
    ).admin.competitions.create(
      campaignPayload({
        title: "Promoted Motocross Instant Win",
        allocation: "random",
        instantPrizes: [{ name: "£5 site credit", kind: "credit", value: "5.00", count: 20 }],
      }),
    );
    expect(await promotion()).toMatchObject({ enabled: true, link: `/competition/${bike.id}`, competitionId: bike.id });
    await (await adminAt()).admin.competitions.update({ id: bike.id, status: "closed" });
    expect(await promotion()).toMatchObject({ enabled: false, link: "/competitions", competitionId: null });
  });

  it("opens the competition an admin chose while it is on sale, and hides once it has closed or sold out", async () => {
    const target = await createCompetition(db, { title: "Promoted Motocross Bike", maxTickets: 10 });
    await (await settings()).update({ key: "promotion_competition_id", value: target.id });
    try {
      expect(await promotion()).toMatchObject({ enabled: true, link: `/competition/${target.id}`, competitionId: target.id });
      await db.update(competitions).set({ soldTickets: 10 }).where(eq(competitions.id, target.id));
      expect(await promotion()).toMatchObject({ enabled: false, link: "/competitions", competitionId: null });
      await db.update(competitions).set({ soldTickets: 0 }).where(eq(competitions.id, target.id));
      await (await adminAt()).admin.competitions.update({ id: target.id, status: "closed" });
      expect(await promotion()).toMatchObject({ enabled: false, link: "/competitions" });
    } finally {
      await (await settings()).update({ key: "promotion_competition_id", value: "" });
    }
  });

  it("refuses a competition that does not exist, and a title or text too long", async () => {
    expect(await refusedWith((await settings()).update({ key: "promotion_competition_id", value: UNKNOWN_ID }))).toMatchObject({
      appCode: "INVALID_INPUT",
      message: "Choose an existing competition",
    });
    expect((await refusedWith((await settings()).update({ key: "promotion_title", value: "x".repeat(121) }))).appCode).toBe("INVALID_INPUT");
    expect((await refusedWith((await settings()).update({ key: "promotion_text", value: "x".repeat(501) }))).appCode).toBe("INVALID_INPUT");
    expect((await refusedWith((await settings()).update({ key: "promotion_enabled", value: "yes" }))).appCode).toBe("INVALID_INPUT");
    expect((await promotion()).link).toBe("/competitions");
  });

  it("takes an admin's title and text, and can be switched off", async () => {
    try {
      await (await settings()).update({ key: "promotion_title", value: "Tractor Week" });
      await (await settings()).update({ key: "promotion_text", value: "Three tractors to win this week." });
      await (await settings()).update({ key: "promotion_enabled", value: "false" });
      expect(await promotion()).toMatchObject({ enabled: false, title: "Tractor Week", text: "Three tractors to win this week." });
    } finally {
      await (await settings()).update({ key: "promotion_title", value: PROMOTION_DEFAULTS.title });
      await (await settings()).update({ key: "promotion_text", value: PROMOTION_DEFAULTS.text });
      await (await settings()).update({ key: "promotion_enabled", value: "true" });
    }
  });
});

describe("reopening a closed competition", () => {
  const listed = async (id: string) => (await (await adminAt()).admin.competitions.list()).find((c) => c.id === id)!;
  const frozen = async (id: string) => !!(await first(db.select().from(draws).where(eq(draws.competitionId, id)).limit(1)));

  it("is offered, and works, for a competition closed before its end date: the scheduler leaves its pool open until then", async () => {
    const c = await createCompetition(db, { endDate: new Date(Date.now() + 3 * DAY), drawDate: new Date(Date.now() + 4 * DAY) });
    await buy(db, c.id, buyerOf((await account(db)).user));
    await (await adminAt()).admin.competitions.update({ id: c.id, status: "closed" });
    await lifecycleTick({ db, mailer: noopMailer, now: () => new Date(Date.now() + HOUR) });
    expect(await frozen(c.id)).toBe(false);
    expect(await listed(c.id)).toMatchObject({ status: "closed", poolFrozen: false, reopenBlockedReason: null });
    expect((await (await adminAt()).admin.competitions.update({ id: c.id, status: "active" })).status).toBe("active");
    // Sales go on where they stopped.
    const more = await buy(db, c.id, buyerOf((await account(db)).user));
    expect(more.status).toBe("paid");

    // Closed again, it freezes at its end date and is drawn at its draw date as before.
    await (await adminAt()).admin.competitions.update({ id: c.id, status: "closed" });
    await lifecycleTick({ db, mailer: noopMailer, now: () => new Date(Date.now() + 3 * DAY + HOUR) });
    expect(await frozen(c.id)).toBe(true);
    await lifecycleTick({ db, mailer: noopMailer, now: () => new Date(Date.now() + 4 * DAY + HOUR) });
    expect((await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!.status).toBe("drawn");
  });

  it("is refused after the end date, and once the pool is frozen, with the reason shown instead", async () => {
    const ended = await createCompetition(db, { status: "closed", endDate: new Date(Date.now() - HOUR), drawDate: new Date(Date.now() + DAY) });
    expect(await listed(ended.id)).toMatchObject({ poolFrozen: false, reopenBlockedReason: "Its end date has passed, so sales cannot reopen." });
    expect(await refusedWith((await adminAt()).admin.competitions.update({ id: ended.id, status: "active" }))).toMatchObject({
      appCode: "INVALID_STATE",
      code: "CONFLICT",
      message: "This competition cannot reopen: its end date has passed, so sales cannot reopen.",
    });

    await lifecycleTick({ db, mailer: noopMailer });
    expect(await frozen(ended.id)).toBe(true);
    expect(await listed(ended.id)).toMatchObject({ poolFrozen: true, reopenBlockedReason: "The draw pool is frozen for the draw, so sales cannot reopen." });
    expect(await refusedWith((await adminAt()).admin.competitions.update({ id: ended.id, status: "active" }))).toMatchObject({
      appCode: "POOL_FROZEN",
      code: "CONFLICT",
    });
    expect((await first(db.select().from(competitions).where(eq(competitions.id, ended.id))))!.status).toBe("closed");
  });

  it("is refused for a sold-out competition", async () => {
    const c = await createCompetition(db, { maxTickets: 1 });
    await buy(db, c.id, buyerOf((await account(db)).user));
    await (await adminAt()).admin.competitions.update({ id: c.id, status: "closed" });
    expect((await listed(c.id)).reopenBlockedReason).toBe("It has sold out.");
    expect((await refusedWith((await adminAt()).admin.competitions.update({ id: c.id, status: "active" }))).appCode).toBe("INVALID_STATE");
  });

  it("shows no reason for a competition that is not closed", async () => {
    const open = await createCompetition(db);
    expect(await listed(open.id)).toMatchObject({ status: "active", poolFrozen: false, reopenBlockedReason: null });
  });
});
