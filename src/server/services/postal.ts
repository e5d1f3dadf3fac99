import { and, desc, eq, sql } from "drizzle-orm";
import { first, withTransaction, type Db } from "../../../db/client";
import { competitions, entries, users } from "../../../db/schema";
import { AppError } from "../errors";
import { writeAudit, type Actor } from "./audit";
import type { Mailer } from "../mail/mailer";
import { postalEntryMail } from "../mail/draw-mails";
import { enqueueMail } from "../mail/outbox";
import { answerIsCorrect } from "./competitions/catalogue";
import { assertAdult, suspensionMessage } from "./protection";
import { ticketsOfPerson } from "./purchase";
import { awardInstantWins, claimInstantWins, publicNameOf, refuseStaff } from "./competitions/instant-wins";
import { allocateTickets, ticketNumbersByEntry } from "./competitions/tickets";

export interface PostalEntryArgs {
  customerName: string;
  customerEmail: string;
  address: string;
  receivedAt: string;
  postalReference: string;
  answer?: string | null;
  /** From the postcard; needed unless the email matches an account that has one. */
  dateOfBirth?: string | null;
}

export interface PostalEntryView {
  id: string;
  competitionId: string;
  customerName: string;
  customerEmail: string;
  address: string | null;
  receivedAt: string | null;
  postalReference: string | null;
  ticketNumbers: string[];
  entryDate: string;
  userId: string | null;
}

/**
 * A free entry received by post: one ticket from the same allocator as paid entries, counted
 * against maxTickets and the per-person cap, matched to an account by email, and refused once
 * sales have closed. Recorded from the back office (`actor`), its audit row shares the entry's
 * transaction.
 */
export async function recordPostalEntry(
  deps: { db: Db; mailer: Mailer; now?: () => Date; actor?: Actor; origin?: string },
  competitionId: string,
  args: PostalEntryArgs,
): Promise<PostalEntryView> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const email = args.customerEmail.trim().toLowerCase();
  const receivedAt = new Date(args.receivedAt);
  const view = await withTransaction(db, async (tx) => {
    const c = await first(tx.select().from(competitions).where(eq(competitions.id, competitionId)));
    if (!c) throw new AppError("NOT_FOUND", "Competition not found");
    if (!c.allowPostalEntry) throw new AppError("POSTAL_NOT_ACCEPTED", "This competition does not take postal entries");
    if (c.status !== "active" || now >= c.endDate)
      throw new AppError("COMPETITION_CLOSED", "Sales have closed for this competition; postal entries can no longer be added");
    if (receivedAt.getTime() > now.getTime()) throw new AppError("INVALID_INPUT", "The date received cannot be in the future");
    if (receivedAt.getTime() >= c.endDate.getTime()) throw new AppError("LATE_ENTRY", "This entry arrived after the closing date");
    if (c.maxTickets !== null && c.soldTickets + c.heldTickets + 1 > c.maxTickets) throw new AppError("SOLD_OUT", `"${c.title}" has sold out`);
    const user = await first(tx.select().from(users).where(eq(users.email, email)));
    await refuseStaff(tx, c, user?.id ?? null);
    const suspended = user ? suspensionMessage(user, now) : null;
    if (suspended) throw new AppError("SUSPENDED", `This entrant's account is suspended: ${suspended}`);
    const dateOfBirth = args.dateOfBirth || user?.dateOfBirth || null;
    if (!dateOfBirth) throw new AppError("DATE_OF_BIRTH_NEEDED", "Enter the entrant's date of birth from the postcard: entrants must be 18 or over.");
    assertAdult(dateOfBirth, now);
    if (c.maxTicketsPerPerson !== null && (await ticketsOfPerson(tx, c.id, user?.id ?? null, email)) + 1 > c.maxTicketsPerPerson) {
      throw new AppError("PER_PERSON_LIMIT", `This person already has the most tickets allowed (${c.maxTicketsPerPerson}) for "${c.title}"`);
    }
    if (!answerIsCorrect(c, args.answer)) throw new AppError("WRONG_ANSWER", "Incorrect answer to the qualifying question");
    if (
      await first(
        tx
          .select({ id: entries.id })
          .from(entries)
          .where(and(eq(entries.competitionId, c.id), eq(entries.postalReference, args.postalReference)))
          .limit(1),
      )
    ) {
      throw new AppError("DUPLICATE_ENTRY", "A postal entry with this reference has already been recorded");
    }
    const entry = (await first(
      tx
        .insert(entries)
        .values({
          competitionId: c.id,
          userId: user?.id ?? null,
          customerName: args.customerName,
          customerEmail: email,
          answer: args.answer?.trim() || null,
          ticketCount: 1,
          amountPence: 0,
          paymentStatus: "other",
          entryMethod: "postal",
          postalReference: args.postalReference,
          postalAddress: args.address,
          postalReceivedAt: receivedAt,
          entryDate: now,
        })
        .returning(),
    ))!;
    const numbers = await allocateTickets(tx, c, entry.id, 1);
    // The free route wins instant prizes exactly as a paid ticket does.
    if (c.instantCommitmentRoot) {
      const won = await claimInstantWins(tx, c, entry.id, numbers, () => publicNameOf(tx, entry), now);
      await awardInstantWins(tx, { competition: c, entry, won, now, origin: deps.origin ?? "" });
    }
    await tx
      .update(competitions)
      .set({ soldTickets: sql`${competitions.soldTickets} + 1` })
      .where(eq(competitions.id, c.id));
    await enqueueMail(tx, {
      ...postalEntryMail({ to: email, name: args.customerName, competitionTitle: c.title, postalReference: args.postalReference, ticketNumbers: numbers }),
      userId: entry.userId,
    });
    if (deps.actor) await writeAudit(tx, deps.actor, { action: "admin.draws.recordPostal", targetId: c.id, details: { id: c.id, ...args } });
    return toView(entry, numbers);
  });
  deps.mailer.poke();
  return view;
}

function toView(e: typeof entries.$inferSelect, numbers: string[]): PostalEntryView {
  return {
    id: e.id,
    competitionId: e.competitionId,
    customerName: e.customerName,
    customerEmail: e.customerEmail,
    address: e.postalAddress,
    receivedAt: e.postalReceivedAt?.toISOString() ?? null,
    postalReference: e.postalReference,
    ticketNumbers: numbers,
    entryDate: e.entryDate.toISOString(),
    userId: e.userId,
  };
}

export async function listPostalEntries(db: Db, competitionId: string): Promise<PostalEntryView[]> {
  const rows = await db
    .select()
    .from(entries)
    .where(and(eq(entries.competitionId, competitionId), eq(entries.entryMethod, "postal")))
    .orderBy(desc(entries.entryDate));
  const numbers = await ticketNumbersByEntry(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toView(r, numbers.get(r.id) ?? []));
}
