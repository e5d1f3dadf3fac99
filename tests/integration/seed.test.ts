import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first, type Db } from "../../db/client";
import { competitions, draws, entries, heroSlides, instantPrizes, mailOutbox, popups, prizeClaims, settings, winners } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import { COMPETITIONS, ENTRANTS, HERO_SLIDES, POPUP } from "../../src/server/seed/demo-data";
import { PAST_DRAWS } from "../../src/server/seed/demo-past-draws";
import { seed } from "../../src/server/seed/seed";
import { claimsSummary, claimsTick, listAdminClaims } from "../../src/server/services/claims";
import { listWinners } from "../../src/server/services/content/storefront";
import { getDrawRecord, lifecycleTick } from "../../src/server/services/draws";
import { getPromotion } from "../../src/server/services/live";
import { verifyDraw } from "../../src/shared/draw";
import { adminClaim } from "../../src/shared/schemas/claims";
import { createTestDb } from "../helpers/db";

/*
 * The demo seed tells one consistent story (issue #17): its winners are the winners of its real
 * draws, each quoted about the prize they won, every draw on a Monday at 20:00 UK time, and each
 * hero slide and the pop-up open the competition they show.
 */

const londonWeekdayTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "long",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const londonDay = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "short" });
const isMondayEvening = (d: Date) => londonWeekdayTime.format(d) === "Monday 20:00";

async function seeded(now: Date | undefined): Promise<Db> {
  const db = createTestDb();
  await seed(db, { demo: true, adminEmail: "admin@example.test", adminPassword: "admin-password", now });
  return db;
}

// Today, and the awkward moments: half an hour after a draw evening began just after the spring
// clock change, a minute before one in winter, and the Sunday the clocks go back.
const moments: Array<[string, Date | undefined]> = [
  ["now", undefined],
  ["a Monday 20:30 just after the spring clock change", new Date("2026-03-30T19:30:00Z")],
  ["a Monday 19:59 in winter", new Date("2025-11-03T19:59:00Z")],
  ["the Sunday the clocks go back", new Date("2025-10-26T12:00:00Z")],
];

describe.each(moments)("the demo seed, seeded at %s", (_label, at) => {
  const setup = seeded(at).then((db) => ({ db, now: at ?? new Date() }));

  it("seeds winners only from its drawn competitions' draws: one each, dated the draw, in the draw record", async () => {
    const { db } = await setup;
    const rows = await db
      .select({ winner: winners, competition: competitions })
      .from(winners)
      .innerJoin(competitions, eq(winners.competitionId, competitions.id));
    expect(rows.map((r) => r.competition.title).sort()).toEqual(PAST_DRAWS.map((p) => p.title).sort());
    const perCompetition = new Map<string, number>();
    for (const { winner, competition } of rows) {
      perCompetition.set(competition.id, (perCompetition.get(competition.id) ?? 0) + 1);
      expect(competition.status).toBe("drawn");
      expect(winner.source).toBe("draw");
      const record = (await first(db.select().from(draws).where(eq(draws.competitionId, competition.id))))!;
      expect(record.drawnAt).not.toBeNull();
      expect(winner.winDate.getTime()).toBe(record.drawnAt!.getTime());
      expect(competition.drawDate.getTime()).toBe(record.drawnAt!.getTime());
      expect(record.closedAt.getTime()).toBeLessThanOrEqual(record.drawnAt!.getTime());
      const drawn = record.winners!.find((w) => w.ticketNumber === winner.ticketNumber);
      expect(drawn, `${competition.title}: ticket ${winner.ticketNumber} is in its draw record`).toBeDefined();
      expect(drawn!.entryId).toBe(winner.entryId);
      // The gallery and the draw record name the winner the same way.
      expect(drawn!.displayName).toBe(winner.customerName);
    }
    for (const [id, n] of perCompetition) {
      const c = (await first(db.select({ numberOfWinners: competitions.numberOfWinners }).from(competitions).where(eq(competitions.id, id))))!;
      expect(n).toBeLessThanOrEqual(c.numberOfWinners);
    }
    // Every drawn competition has its winner (none was drawn and left out of the gallery).
    const drawnIds = await db.select({ id: competitions.id }).from(competitions).where(eq(competitions.status, "drawn"));
    expect(drawnIds.map((c) => c.id).sort()).toEqual([...perCompetition.keys()].sort());
  });

  it("quotes each winner about the prize they won, with their own photo and first name, initial and county only", async () => {
    const { db } = await setup;
    const rows = await db
      .select({ winner: winners, title: competitions.title, entrant: entries.customerName })
      .from(winners)
      .innerJoin(competitions, eq(winners.competitionId, competitions.id))
      .innerJoin(entries, eq(winners.entryId, entries.id));
    for (const { winner, title, entrant } of rows) {
      expect(winner.testimonial).toBe(PAST_DRAWS.find((p) => p.title === title)!.testimonial);
      const person = ENTRANTS.find((e) => e.name === entrant)!;
      expect(winner.photo).toBe(person.photo);
      expect(winner.photo).toMatch(/^\/images\/winner-\d\.svg$/);
      const [first, ...rest] = entrant.split(" ");
      expect(winner.customerName).toBe(`${first} ${rest.at(-1)![0]}., ${person.county}`);
    }
    // Nobody wins twice, so no face appears twice.
    expect(new Set(rows.map((r) => r.entrant)).size).toBe(rows.length);
    // What the public gallery serves: the same rows, newest first, no email addresses.
    const gallery = await listWinners(db);
    expect(gallery).toHaveLength(PAST_DRAWS.length);
    expect(gallery.map((w) => w.competitionTitle)).toEqual([...PAST_DRAWS].sort((a, b) => a.weeksAgo - b.weeksAgo).map((p) => p.title));
    expect(JSON.stringify(gallery)).not.toContain("@");
  });

  it("draws on past Monday evenings at 20:00 UK time, one a week, and every draw still to come is a Monday 20:00 too", async () => {
    const { db, now } = await setup;
    const all = await db.select().from(competitions);
    const drawn = all.filter((c) => c.status === "drawn");
    expect(drawn).toHaveLength(PAST_DRAWS.length);
    for (const c of drawn) {
      expect(isMondayEvening(c.drawDate), `${c.title} drawn ${c.drawDate.toISOString()}`).toBe(true);
      expect(c.drawDate.getTime()).toBeLessThan(now.getTime());
      expect(c.endDate.getTime()).toBeLessThan(c.drawDate.getTime());
      expect(now.getTime() - c.drawDate.getTime()).toBeLessThan((PAST_DRAWS.find((p) => p.title === c.title)!.weeksAgo + 1) * 7 * 86_400_000 + 3_600_000);
    }
    expect(new Set(drawn.map((c) => londonDay.format(c.drawDate))).size).toBe(drawn.length);
    const future = all.filter((c) => c.status !== "drawn");
    expect(future.length).toBe(COMPETITIONS.length);
    for (const c of future) {
      expect(isMondayEvening(c.drawDate), `${c.title} draws ${c.drawDate.toISOString()}`).toBe(true);
      expect(c.drawDate.getTime()).toBeGreaterThan(now.getTime());
      expect(c.drawDate.getTime()).toBeGreaterThanOrEqual(c.endDate.getTime());
    }
    // The storefront's open competitions are the ones it always had.
    expect(
      all
        .filter((c) => c.status === "active")
        .map((c) => c.title)
        .sort(),
    ).toEqual(
      COMPETITIONS.filter((c) => (c.status ?? "active") === "active")
        .map((c) => c.title)
        .sort(),
    );
  });

  it("publishes draw records that verify", async () => {
    const { db } = await setup;
    const drawn = await db.select({ id: competitions.id }).from(competitions).where(eq(competitions.status, "drawn"));
    for (const { id } of drawn) {
      const record = await getDrawRecord(db, id);
      expect(record.winners).toHaveLength(1);
      expect(record.drawnAt).toBe(record.drawDate);
      const verification = await verifyDraw({ ...record, pool: record.pool!.map((p) => p.ticketNumber) });
      expect(verification.ok, JSON.stringify(verification.checks)).toBe(true);
    }
  });

  it("links each hero slide and the pop-up to the competition they show", async () => {
    const { db } = await setup;
    const slides = await db.select().from(heroSlides);
    expect(slides.map((s) => s.title)).toEqual(HERO_SLIDES.map((s) => s.title));
    const shows: Record<string, string> = {
      "Win a Massey Ferguson 5S": "Massey Ferguson 5S Tractor",
      "Water your fields for free": "Centre-Pivot Irrigation System",
    };
    const opened = async (link: string) => {
      const id = /^\/competition\/([^/]+)$/.exec(link)?.[1];
      return id ? await first(db.select().from(competitions).where(eq(competitions.id, id))) : undefined;
    };
    for (const slide of slides) {
      if (slide.title === "Live draws every Monday") {
        expect(slide.ctaLink).toBe("/winners");
        continue;
      }
      const c = await opened(slide.ctaLink);
      expect(c?.title, slide.title).toBe(shows[slide.title]);
      expect(c?.status).toBe("active");
    }
    expect((await opened(slides[1]!.ctaLink))?.title).toBe("Centre-Pivot Irrigation System");
    const popup = (await first(db.select().from(popups).limit(1)))!;
    expect(popup.title).toBe(POPUP.title);
    expect((await opened(popup.ctaLink))?.title).toBe("Massey Ferguson 5S Tractor");
  });

  it("makes the promotion true: a motocross bike and hundreds of instant prizes on sale, which ENTER NOW opens", async () => {
    const { db, now } = await setup;
    const promotion = await getPromotion(db, now);
    expect(promotion).toMatchObject({ enabled: true, title: "Our Biggest Motocross Instant Win" });
    const c = (await first(db.select().from(competitions).where(eq(competitions.id, promotion.competitionId!))))!;
    expect(promotion.link).toBe(`/competition/${c.id}`);
    expect((await first(db.select().from(settings).where(eq(settings.key, "promotion_competition_id"))))?.value).toBe(c.id);
    expect(c).toMatchObject({ title: "Motocross Bike Instant Win", status: "active", instantWin: true, allocation: "random" });
    expect(c.prizeDetails).toMatch(/motocross bike/i);
    expect(c.endDate.getTime()).toBeGreaterThan(now.getTime());
    // Hundreds of instant prizes, committed before any sale, none won yet, each on its own number in range.
    const units = await db.select().from(instantPrizes).where(eq(instantPrizes.competitionId, c.id));
    expect(units.length).toBeGreaterThanOrEqual(200);
    expect(units.every((u) => u.wonAt === null && Number(u.ticketNumber) >= 1 && Number(u.ticketNumber) <= c.maxTickets!)).toBe(true);
    expect(new Set(units.map((u) => u.ticketNumber)).size).toBe(units.length);
    expect(c.instantCommitmentRoot).toMatch(/^[0-9a-f]{64}$/);
    // The code of practice: instant-win competitions stay under half of those on sale.
    const live = (await db.select().from(competitions)).filter((x) => x.status === "active" && x.endDate > now);
    expect(live.filter((x) => x.instantWin).length * 2).toBeLessThan(live.length);
  });

  it("leaves each winner's claim where the story has it, and no mail for the made-up addresses", async () => {
    const { db, now } = await setup;
    const claims = await listAdminClaims(db, undefined, now);
    expect(claims).toHaveLength(PAST_DRAWS.length);
    // What /admin/winners reads passes its output schema.
    for (const claim of claims) adminClaim.parse(claim);
    expect(await claimsSummary(db, now)).toEqual({
      awaitingContact: 0,
      overdue: 0,
      awaitingFulfilment: PAST_DRAWS.filter((p) => p.claim.status === "claimed").length,
    });
    for (const claim of claims) {
      const past = PAST_DRAWS.find((p) => p.title === claim.competitionTitle)!;
      expect(claim.status).toBe(past.claim.status);
      const drawnAt = new Date(claim.notifiedAt).getTime();
      for (const t of [claim.claimedAt, claim.fulfilledAt, claim.contactedAt, claim.reminder48hAt, claim.reminder7dAt]) {
        if (t) expect(new Date(t).getTime()).toBeGreaterThanOrEqual(drawnAt);
        if (t) expect(new Date(t).getTime()).toBeLessThanOrEqual(now.getTime());
      }
      if (past.claim.status === "notified") {
        expect(claim.contactNote).toBe(past.claim.contactNote);
        expect(claim.overdue).toBe(false);
      } else {
        expect(claim.choice).toBe(past.claim.choice);
        expect(claim.address?.postcode).toBeTruthy();
        expect(claim.deliverable).toBe(true);
      }
      if (past.claim.status === "fulfilled")
        expect({ fulfilment: claim.fulfilment, reference: claim.reference }).toEqual({ fulfilment: past.claim.fulfilment, reference: past.claim.reference });
      if (past.claim.status !== "notified" && past.claim.choice === "cash") expect(claim.cashAlternative).not.toBeNull();
    }
    expect(new Set(claims.map((c) => c.status))).toEqual(new Set(["notified", "claimed", "fulfilled"]));
    expect(await db.select().from(prizeClaims)).toHaveLength(PAST_DRAWS.length);

    expect(await db.select().from(mailOutbox)).toEqual([]);
    // The server's first pass after seeding draws nothing and reminds nobody.
    const deps = { db, mailer: noopMailer, now: () => now, origin: "" };
    expect((await lifecycleTick(deps)).drawn).toBe(0);
    expect(await claimsTick(deps)).toEqual({ reminded: 0, expired: 0 });
    expect(await db.select().from(mailOutbox)).toEqual([]);
  });
});
