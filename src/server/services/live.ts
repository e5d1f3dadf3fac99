import { and, asc, desc, eq, gt, gte, lt, lte, ne, or } from "drizzle-orm";
import { first, type Db, type Tx } from "../../../db/client";
import { competitions, draws, type Competition } from "../../../db/schema";
import { DEFAULT_LIVE_DRAW_SCHEDULE, formatLiveSchedule, liveDrawAt, parseLiveSchedule, type LiveSchedule } from "../../shared/live-schedule";
import { drawTooEarlyReason } from "../../shared/draw-timing";
import { PROMOTION_DEFAULTS } from "../../shared/promotion";
import type { AdminLiveEvening, LiveCompetition, LiveEvening, Promotion } from "../../shared/schemas/live";
import { streamFor } from "./live-stream";
import { getSetting } from "./settings";

/*
 * Draw night (issue #17): when the next live draw is, which competitions are drawn that evening,
 * the stream, and each result as soon as it is drawn. /live polls this; the home page counts down
 * to the same time.
 */

const HOUR = 60 * 60 * 1000;
/** Competitions whose draw date falls within this much of the evening's start are drawn that evening. */
const EVENING_SPAN_MS = 12 * HOUR;

export async function liveSchedule(db: Tx): Promise<LiveSchedule> {
  return parseLiveSchedule((await getSetting(db, "live_draw_schedule")) ?? "") ?? parseLiveSchedule(DEFAULT_LIVE_DRAW_SCHEDULE)!;
}

function eveningCompetitions(db: Db, drawAt: Date) {
  const from = new Date(drawAt.getTime() - EVENING_SPAN_MS);
  const to = new Date(drawAt.getTime() + EVENING_SPAN_MS);
  return db
    .select({ c: competitions, d: draws })
    .from(competitions)
    .leftJoin(draws, eq(draws.competitionId, competitions.id))
    .where(
      or(
        // Due that evening,
        and(gte(competitions.drawDate, from), lt(competitions.drawDate, to)),
        // waiting for the presenter since an earlier evening,
        and(eq(competitions.drawMode, "live"), ne(competitions.status, "drawn"), lt(competitions.drawDate, from)),
        // or drawn during the evening (an early or late draw).
        and(gte(draws.drawnAt, from), lt(draws.drawnAt, to)),
      ),
    )
    .orderBy(asc(competitions.drawDate), asc(competitions.title));
}

type EveningRow = Awaited<ReturnType<typeof eveningCompetitions>>[number];

function toLiveCompetition({ c, d }: EveningRow): LiveCompetition {
  return {
    id: c.id,
    title: c.title,
    image: c.image,
    prize: c.prizeDetails?.trim() || c.title,
    status: c.status,
    drawDate: c.drawDate.toISOString(),
    soldTickets: c.soldTickets,
    maxTickets: c.maxTickets,
    poolSize: d?.poolSize ?? null,
    drawnAt: d?.drawnAt?.toISOString() ?? null,
    winners: d?.drawnAt ? (d.winners ?? []).map((w) => ({ ticketNumber: w.ticketNumber, displayName: w.displayName })) : [],
    verifyUrl: `/competition/${c.id}/draw`,
  };
}

/** The evening's time, schedule and stream, with its competitions read as `view` says. */
async function evening<C>(db: Db, now: Date, view: (row: EveningRow) => C) {
  const schedule = await liveSchedule(db);
  const drawAt = liveDrawAt(schedule, now);
  return {
    drawAt: drawAt.toISOString(),
    scheduleLabel: formatLiveSchedule(schedule),
    stream: streamFor((await getSetting(db, "live_stream_url")) ?? ""),
    competitions: (await eveningCompetitions(db, drawAt)).map(view),
  };
}

export function getLiveEvening(db: Db, now: Date): Promise<LiveEvening> {
  return evening(db, now, toLiveCompetition);
}

/** Why Run draw cannot be pressed now, in the words runDraw would refuse with; null when it can. */
function blockedReason({ c, d }: EveningRow, now: Date): string | null {
  if (c.status === "drawn" || d?.drawnAt) return "Already drawn";
  if (d && d.poolSize === 0) return "There are no entries to draw from";
  if (!d && c.soldTickets === 0 && c.heldTickets === 0) return "There are no entries to draw from";
  const early = drawTooEarlyReason(c, now);
  if (early) return `Too early: ${early.charAt(0).toLowerCase()}${early.slice(1)} To draw before then, close it early from its draw page.`;
  if (c.heldTickets > 0) return "Payments for this competition are still being processed. Try again in a few minutes.";
  return null;
}

export function getAdminLiveEvening(db: Db, now: Date): Promise<AdminLiveEvening> {
  return evening(db, now, (row) => ({
    ...toLiveCompetition(row),
    drawMode: row.c.drawMode,
    heldTickets: row.c.heldTickets,
    blockedReason: blockedReason(row, now),
  }));
}

/** On sale now: open, started, before its end date and not sold out. */
function onSale(c: Pick<Competition, "status" | "startDate" | "endDate" | "maxTickets" | "soldTickets">, now: Date): boolean {
  return c.status === "active" && c.startDate <= now && c.endDate > now && (c.maxTickets === null || c.soldTickets < c.maxTickets);
}

/**
 * The home page's promotion. It always points at a competition: the one an admin chose
 * (promotion_competition_id), else the newest instant-win competition on sale. When that
 * competition is not on sale (closed, ended, sold out, not started) or there is none, the
 * promotion hides itself rather than advertise something nobody can enter.
 */
export async function getPromotion(db: Db, now = new Date()): Promise<Promotion> {
  const competitionId = (await getSetting(db, "promotion_competition_id"))?.trim() || null;
  const target = competitionId
    ? await first(db.select().from(competitions).where(eq(competitions.id, competitionId)))
    : (
        await db
          .select()
          .from(competitions)
          .where(and(eq(competitions.instantWin, true), eq(competitions.status, "active"), lte(competitions.startDate, now), gt(competitions.endDate, now)))
          .orderBy(desc(competitions.createdAt))
      ).find((c) => onSale(c, now));
  const live = target !== undefined && onSale(target, now);
  return {
    enabled: live && (await getSetting(db, "promotion_enabled")) !== "false",
    title: (await getSetting(db, "promotion_title"))?.trim() || PROMOTION_DEFAULTS.title,
    text: (await getSetting(db, "promotion_text"))?.trim() || PROMOTION_DEFAULTS.text,
    link: live ? `/competition/${target.id}` : "/competitions",
    competitionId: live ? target.id : null,
  };
}
