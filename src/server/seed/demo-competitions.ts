import { eq } from "drizzle-orm";
import { first, type Tx } from "../../../db/client";
import { competitions, entries } from "../../../db/schema";
import { DEFAULT_LIVE_DRAW_SCHEDULE, nextLiveDrawAfter, parseLiveSchedule } from "../../shared/live-schedule";
import { londonInstant, londonWallClock } from "../../shared/london-time";
import { allocateTickets } from "../services/competitions/tickets";
import { DEMO_POSTAL_ADDRESS, type DemoPrize } from "./demo-data";

/** The shop's weekly live draw (the live_draw_schedule setting's default): every demo draw date falls on one. */
export const DEMO_SCHEDULE = parseLiveSchedule(DEFAULT_LIVE_DRAW_SCHEDULE)!;

const DAY = 24 * 60 * 60 * 1000;

/** 21:00 UK time on the UK date `days` days from `now`: when a demo competition's sales end. */
export function demoEndDate(now: Date, days: number): Date {
  const { year, month, day } = londonWallClock(now.getTime() + days * DAY);
  return londonInstant(year, month, day, 21, 0);
}

/** The draw evening after `endDate` that is still to come at `now`. */
export function demoDrawDate(endDate: Date, now: Date): Date {
  return nextLiveDrawAfter(DEMO_SCHEDULE, new Date(Math.max(endDate.getTime(), now.getTime())));
}

/**
 * The draw evening `weeksAgo` weeks before the last one before `now` (0 = that last one). Found on
 * the schedule rather than by subtracting weeks, so it stays 20:00 in London across the clock change.
 */
export function pastDrawEvening(now: Date, weeksAgo: number): Date {
  let last = nextLiveDrawAfter(DEMO_SCHEDULE, new Date(now.getTime() - 8 * DAY));
  for (
    let next = nextLiveDrawAfter(DEMO_SCHEDULE, new Date(last.getTime() + 1));
    next < now;
    next = nextLiveDrawAfter(DEMO_SCHEDULE, new Date(next.getTime() + 1))
  ) {
    last = next;
  }
  // Draw evenings are 7 days apart give or take the clock change's hour: a day's margin finds the right one.
  return weeksAgo === 0 ? last : nextLiveDrawAfter(DEMO_SCHEDULE, new Date(last.getTime() - (weeksAgo * 7 + 1) * DAY));
}

export interface DemoDates {
  status: "active" | "closed";
  startDate: Date;
  endDate: Date;
  drawDate: Date;
  createdAt: Date;
}

export async function insertDemoCompetition(
  db: Tx,
  c: DemoPrize & {
    featured?: boolean;
    showOnHero?: boolean;
    pickNumbers?: boolean;
    instantPrizes?: unknown[];
    priceTiers?: Array<{ minQuantity: number; pricePence: number }>;
  },
  dates: DemoDates,
): Promise<string> {
  const row = await first(
    db
      .insert(competitions)
      .values({
        title: c.title,
        description: c.description,
        image: c.image,
        category: c.category,
        pricePence: c.pricePence,
        ...dates,
        maxTickets: c.maxTickets,
        soldTickets: 0,
        // Picking needs random numbers for the tickets not chosen, and instant prizes sit on random numbers.
        allocation: c.pickNumbers || c.instantPrizes?.length ? "random" : "sequential",
        pickNumbers: c.pickNumbers ?? false,
        priceTiers: c.priceTiers ?? [],
        featured: c.featured ?? false,
        showOnHero: c.showOnHero ?? false,
        qualifyingQuestion: c.question,
        qualifyingAnswer: c.answer,
        allowPostalEntry: true,
        postalAddress: DEMO_POSTAL_ADDRESS,
        prizeDetails: c.prizeDetails,
        cashAlternative: /Cash alternative (£[\d,]+)/.exec(c.prizeDetails)?.[1] ?? null,
        rules:
          "Open to residents of the UK and Ireland aged 18 or over. One winner is drawn live on the draw date, whether or not all tickets are sold. Free entry by post is available; see the postal entry details.",
        faq: "When is the draw? Live every Monday evening on our social video page.\nHow will I know if I won? We contact winners within 48 hours by phone and email.",
      })
      .returning({ id: competitions.id }),
  );
  return row!.id;
}

/** Paid demo entries by `people` (full names) with real ticket rows, so sold counts and tickets agree. */
export async function seedEntries(db: Tx, competitionId: string, sold: number, pricePence: number, start: Date, salt: number, people: string[]): Promise<void> {
  // Numbers as the shop hands them out: in order, or at random where the competition says so.
  const allocation = (await first(
    db
      .select({ id: competitions.id, allocation: competitions.allocation, maxTickets: competitions.maxTickets })
      .from(competitions)
      .where(eq(competitions.id, competitionId)),
  ))!;
  let given = 0;
  let k = 0;
  while (given < sold) {
    const qty = Math.min(sold - given, ((k + salt) % 5) + 1);
    const name = people[(k + salt) % people.length]!;
    const entry = (await first(
      db
        .insert(entries)
        .values({
          competitionId,
          customerName: name,
          customerEmail: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.co.uk`,
          ticketCount: qty,
          amountPence: qty * pricePence,
          paymentStatus: "paid",
          paymentId: `seed_${competitionId.slice(0, 8)}_${k}`,
          entryMethod: "online",
          entryDate: new Date(start.getTime() + (k + 1) * 3_600_000),
        })
        .returning({ id: entries.id }),
    ))!;
    await allocateTickets(db, allocation, entry.id, qty, new Date(start.getTime() + (k + 1) * 3_600_000));
    given += qty;
    k++;
  }
  await db.update(competitions).set({ soldTickets: sold }).where(eq(competitions.id, competitionId));
}
