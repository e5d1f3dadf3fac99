import { eq } from "drizzle-orm";
import { first, withTransaction, type Db, type Tx } from "../../../db/client";
import { draws, entries, prizeClaims, winners, type PrizeClaim } from "../../../db/schema";
import { noopMailer } from "../mail/mailer";
import { displayName, freezePool, runDraw } from "../services/draws";
import { insertDemoCompetition, pastDrawEvening, seedEntries } from "./demo-competitions";
import { ENTRANTS, type DemoEntrant } from "./demo-data";
import { PAST_DRAWS, type PastDraw } from "./demo-past-draws";

/*
 * The demo's history: competitions drawn on past Monday evenings, each for real (the draw's `now`
 * is its evening, so the win date is the draw's and the public record verifies). The gallery's
 * winners are these draws' winners and nobody else.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export async function seedPastDraws(db: Db, now: Date): Promise<void> {
  // Only people with a portrait enter, and a winner sits out the later draws: whoever is drawn
  // gets their own photo, and the gallery never shows the same face twice. Each draw is still
  // fair: its pool is written, frozen and hashed before its (random, committed) seed is used.
  const won = new Set<string>();
  for (const [i, past] of PAST_DRAWS.entries()) {
    const drawAt = pastDrawEvening(now, past.weeksAgo);
    const endDate = new Date(drawAt.getTime() - 23 * HOUR);
    const startDate = new Date(endDate.getTime() - 21 * DAY);
    const people = ENTRANTS.filter((e) => e.photo && !won.has(e.name)).map((e) => e.name);
    const id = await withTransaction(db, async (tx) => {
      const id = await insertDemoCompetition(tx, past, { status: "closed", startDate, endDate, drawDate: drawAt, createdAt: startDate });
      await seedEntries(tx, id, past.sold, past.pricePence, startDate, i, people);
      return id;
    });
    await freezePool(db, id, endDate);
    await runDraw({ db, mailer: noopMailer, now: () => drawAt }, id);
    await withTransaction(db, async (tx) => {
      for (const name of await presentWinners(tx, id, past, drawAt, now)) won.add(name);
    });
  }
}

/**
 * The draw's winners as the gallery shows them: the person's photo, their words about this prize,
 * "First L., County" (the gallery and the draw record alike), and their claim as far as it has got.
 */
async function presentWinners(db: Tx, competitionId: string, past: PastDraw, drawAt: Date, now: Date): Promise<string[]> {
  const rows = await db
    .select({ winnerId: winners.id, ticketNumber: winners.ticketNumber, name: entries.customerName })
    .from(winners)
    .innerJoin(entries, eq(winners.entryId, entries.id))
    .where(eq(winners.competitionId, competitionId));
  const record = (await first(db.select({ winners: draws.winners }).from(draws).where(eq(draws.competitionId, competitionId))))!;
  const shown = new Map<string, string>();
  for (const row of rows) {
    const person = ENTRANTS.find((e) => e.name === row.name)!;
    const name = displayName(person.name, person.county);
    shown.set(row.ticketNumber!, name);
    await db.update(winners).set({ customerName: name, photo: person.photo, testimonial: past.testimonial }).where(eq(winners.id, row.winnerId));
    await db
      .update(prizeClaims)
      .set(claimState(past, person, drawAt, now))
      .where(eq(prizeClaims.winnerId, row.winnerId));
  }
  await db
    .update(draws)
    .set({ winners: (record.winners ?? []).map((w) => ({ ...w, displayName: shown.get(w.ticketNumber) ?? w.displayName })) })
    .where(eq(draws.competitionId, competitionId));
  return rows.map((r) => r.name);
}

/** The claim's columns for its seeded state; every time is after the draw and no later than `now`. */
function claimState(past: PastDraw, person: DemoEntrant, drawAt: Date, now: Date): Partial<PrizeClaim> {
  const at = (ms: number) => new Date(Math.min(drawAt.getTime() + ms, now.getTime()));
  const c = past.claim;
  // The morning after the draw (10:00), plus the days the winner took.
  const claimedAt = c.status === "notified" ? null : at(c.claimedAfterDays * DAY + 14 * HOUR);
  // The reminders the claim clock would have sent before the winner acted, so it does not send them now.
  const actedAt = (claimedAt ?? now).getTime();
  const reminders = {
    reminder48hAt: drawAt.getTime() + 2 * DAY <= actedAt ? at(2 * DAY) : null,
    reminder7dAt: drawAt.getTime() + 7 * DAY <= actedAt ? at(7 * DAY) : null,
  };
  if (c.status === "notified") return { ...reminders, contactedAt: at(20 * 60 * 1000), contactNote: c.contactNote };
  const claimed = {
    ...reminders,
    status: "claimed" as const,
    choice: c.choice,
    phone: `07700 900${String(101 + ENTRANTS.indexOf(person) * 37).padStart(3, "0")}`,
    address: { ...person.address!, country: "United Kingdom" },
    deliverable: true,
    termsAcceptedAt: claimedAt,
    claimedAt,
  };
  if (c.status === "claimed") return claimed;
  return {
    ...claimed,
    status: "fulfilled",
    fulfilment: c.fulfilment,
    reference: c.reference,
    fulfilledAt: at(c.claimedAfterDays * DAY + 14 * HOUR + c.fulfilledAfterDays * DAY),
  };
}
