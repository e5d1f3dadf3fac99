import { and, asc, eq, inArray } from "drizzle-orm";
import { randomInt } from "node:crypto";
import type { Tx } from "../../../db/client";
import { releasedTicketNumbers, tickets, type Competition } from "../../../db/schema";
import { AppError } from "../errors";

/** What allocation needs to know of a competition. */
export type AllocationOf = Pick<Competition, "id" | "allocation" | "maxTickets">;

/**
 * Ticket numbers are the server's. Sequential: numbers given back by failed holds are reused first
 * (lowest first), then new ones follow the competition's counter. Random: each number is drawn
 * uniformly (node:crypto) from the numbers still free in 1..maxTickets, one step of a lazy
 * Fisher–Yates shuffle, so the cost is the same at 1,000 tickets as at 1,000,000. Together with the
 * capacity check (sold + held + wanted ≤ max) this keeps every number within 1..maxTickets. Must run
 * inside the caller's write transaction.
 */
export function allocateTickets(tx: Tx, competition: AllocationOf, entryId: string, quantity: number, now = new Date(), draw: RandomInt = randomInt): string[] {
  const numbers =
    competition.allocation === "random" && competition.maxTickets !== null
      ? randomNumbers(tx, competition.id, competition.maxTickets, quantity, draw)
      : sequentialNumbers(tx, competition.id, quantity);
  const strings = numbers.map(String);
  const createdAt = now.getTime();
  for (const number of strings) tx.statements.insertTicket.run({ competitionId: competition.id, entryId, number, createdAt });
  return strings;
}

function sequentialNumbers(tx: Tx, competitionId: string, quantity: number): number[] {
  const st = tx.statements;
  const reused = st.releasedNumbers.all({ competitionId, limit: quantity }).map((r) => r.number);
  if (reused.length) {
    tx.delete(releasedTicketNumbers)
      .where(and(eq(releasedTicketNumbers.competitionId, competitionId), inArray(releasedTicketNumbers.number, reused)))
      .run();
  }
  const fresh = quantity - reused.length;
  const numbers = [...reused];
  if (fresh > 0) {
    const row = st.bumpNextNumber.get({ id: competitionId, count: fresh })!;
    for (let n = row.next - fresh; n < row.next; n++) numbers.push(n);
  }
  return numbers;
}

/** A uniform integer in [min, max): node:crypto's, or a seeded one in tests. */
export type RandomInt = (min: number, max: number) => number;

const slot = (tx: Tx, competitionId: string, position: number): number => tx.statements.slotAt.get({ competitionId, position })?.number ?? position + 1;

function setSlot(tx: Tx, competitionId: string, position: number, number: number): void {
  if (number === position + 1) tx.statements.clearSlot.run({ competitionId, position });
  else tx.statements.setSlot.run({ competitionId, position, number });
}

/**
 * Positions below `used` hold numbers already out; positions used..max-1 hold exactly the free
 * ones. Each pick takes a uniform position r among the free ones, hands out its number and moves
 * the number at `used` into r.
 */
function randomNumbers(tx: Tx, competitionId: string, max: number, quantity: number, draw: RandomInt): number[] {
  const next = tx.statements.bumpNextNumber.get({ id: competitionId, count: quantity })!.next;
  const numbers: number[] = [];
  for (let used = next - 1 - quantity; used < next - 1; used++) {
    if (used >= max) throw new AppError("SOLD_OUT", "This competition has sold out");
    const r = draw(used, max);
    const picked = slot(tx, competitionId, r);
    if (r !== used) setSlot(tx, competitionId, r, slot(tx, competitionId, used));
    numbers.push(picked);
  }
  return numbers;
}

/** Gives an entry's numbers back to the pool. */
export function releaseTickets(tx: Tx, competitionId: string, entryId: string): number {
  const released = tx.delete(tickets).where(eq(tickets.entryId, entryId)).returning({ number: tickets.number }).all();
  if (!released.length) return 0;
  if (tx.statements.allocationOf.get({ id: competitionId })?.allocation === "random") {
    // Each number goes back into the free part: the last used position takes it.
    const next = tx.statements.unbumpNextNumber.get({ id: competitionId, count: released.length })!.next;
    released.forEach((t, i) => setSlot(tx, competitionId, next - 1 + i, Number(t.number)));
  } else {
    tx.insert(releasedTicketNumbers)
      .values(released.map((t) => ({ competitionId, number: Number(t.number) })))
      .onConflictDoNothing()
      .run();
  }
  return released.length;
}

export function ticketNumbersByEntry(db: Tx, entryIds: string[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  if (!entryIds.length) return map;
  if (entryIds.length <= 3) {
    const st = db.statements;
    for (const id of entryIds)
      map.set(
        id,
        st.ticketsOfEntry.all({ entryId: id }).map((t) => t.number),
      );
    return map;
  }
  const rows = db
    .select({ entryId: tickets.entryId, number: tickets.number })
    .from(tickets)
    .where(inArray(tickets.entryId, entryIds))
    .orderBy(asc(tickets.id))
    .all();
  for (const r of rows) {
    const list = map.get(r.entryId) ?? [];
    list.push(r.number);
    map.set(r.entryId, list);
  }
  return map;
}
