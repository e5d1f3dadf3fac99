import { and, asc, eq, inArray } from "drizzle-orm";
import { randomInt } from "node:crypto";
import { withTransaction, type Tx } from "../../../../db/client";
import { releasedTicketNumbers, TICKET_BLOCK_SIZE, tickets, type Competition } from "../../../../db/schema";
import { AppError } from "../../errors";
import { idBatches } from "../paging/batches";

/** What allocation needs to know of a competition. */
export type AllocationOf = Pick<Competition, "id" | "allocation" | "maxTickets">;

/** A uniform integer in [min, max): node:crypto's, or a seeded one in tests. */
export type RandomInt = (min: number, max: number) => number;

/** Wrong guesses before a random pick stops guessing and counts its way to a free number. */
const GUESSES = 12;

/**
 * Ticket numbers are the server's. Sequential: numbers given back by failed holds are reused first
 * (lowest first), then new ones follow the competition's counter. Random: each number is drawn
 * uniformly (node:crypto) from the numbers still free in 1..maxTickets: a uniform guess kept when
 * free (one look-up in the ticket index, which the number is written to anyway), and after a few
 * wrong guesses, when the competition is nearly full, the k-th free number for a uniform k, found
 * through the per-block counts. Neither scans the taken numbers, so a purchase costs the same at
 * 1,000 tickets as at 1,000,000. `picked` numbers (chosen by the buyer, random competitions only)
 * are taken first; any already out makes it a 409 naming them and free numbers near them. Together
 * with the capacity check (sold + held + wanted ≤ max) this keeps every number within
 * 1..maxTickets, each out at most once. Runs inside the caller's write transaction (with its capacity
 * check), in a savepoint of its own: every read and write of the allocation is one atomic step, as the
 * function awaits between them.
 */
export function allocateTickets(
  tx: Tx,
  competition: AllocationOf,
  entryId: string,
  quantity: number,
  now = new Date(),
  options: { picked?: readonly string[]; draw?: RandomInt } = {},
): Promise<string[]> {
  return withTransaction(tx, async (tx) => {
    const createdAt = now.getTime();
    if (competition.allocation !== "random" || competition.maxTickets === null) {
      const numbers = (await sequentialNumbers(tx, competition.id, quantity)).map(String);
      for (const number of numbers) await tx.statements.insertTicket.run({ competitionId: competition.id, entryId, number, createdAt });
      return numbers;
    }
    const max = competition.maxTickets;
    const st = tx.statements;
    const out = (await st.bumpNextNumber.get({ id: competition.id, count: quantity }))!.next - 1;
    if (out > max) throw new AppError("SOLD_OUT", "This competition has sold out");
    const take = async (n: number): Promise<boolean> => {
      if ((await st.claimTicket.run({ competitionId: competition.id, entryId, number: String(n), createdAt })).changes === 0) return false;
      await st.countInBlock.run({ competitionId: competition.id, block: blockOf(n), count: 1 });
      return true;
    };
    const numbers: string[] = [];
    const picked = options.picked ?? [];
    const lost: string[] = [];
    for (const n of picked) if (!(await take(Number(n)))) lost.push(n);
    if (lost.length) throw await numbersTaken(tx, competition.id, max, lost, picked);
    numbers.push(...picked);
    const draw = options.draw ?? randomInt;
    // Numbers out before each pick, this purchase's included: the free ones are max - taken.
    let taken = out - quantity + picked.length;
    while (numbers.length < quantity) {
      numbers.push(String(await randomFree(tx, competition.id, max, taken, draw, take)));
      taken++;
    }
    return numbers;
  });
}

const blockOf = (n: number): number => Math.floor((n - 1) / TICKET_BLOCK_SIZE);

async function randomFree(tx: Tx, competitionId: string, max: number, taken: number, draw: RandomInt, take: (n: number) => Promise<boolean>): Promise<number> {
  for (let guess = 0; guess < GUESSES; guess++) {
    const n = draw(1, max + 1);
    if (await take(n)) return n;
  }
  // Nearly full: the k-th free number, k uniform among the free ones, is as uniform as a guess.
  let k = draw(0, max - taken);
  const takenIn = new Map((await tx.statements.blocksOf.all({ competitionId })).map((b) => [b.block, b.taken]));
  const blocks = Math.ceil(max / TICKET_BLOCK_SIZE);
  for (let block = 0; block < blocks; block++) {
    const first = block * TICKET_BLOCK_SIZE + 1;
    const size = Math.min(TICKET_BLOCK_SIZE, max - first + 1);
    const free = size - (takenIn.get(block) ?? 0);
    if (k >= free) {
      k -= free;
      continue;
    }
    const out = await takenAmong(tx, competitionId, first, first + size - 1);
    for (let n = first; n < first + size; n++) {
      if (out.has(n) || k-- > 0) continue;
      if (!(await take(n))) break;
      return n;
    }
    break;
  }
  throw new Error(`ticket blocks of ${competitionId} disagree with its tickets`);
}

/** Numbers from..to that are out (held or sold), by the ticket index: to - from + 1 look-ups. */
export async function takenAmong(tx: Tx, competitionId: string, from: number, to: number): Promise<Set<number>> {
  const candidates: string[] = [];
  for (let n = from; n <= to; n++) candidates.push(String(n));
  return new Set((await tx.statements.takenOf.all({ competitionId, numbers: JSON.stringify(candidates) })).map((r) => Number(r.number)));
}

/** How many free numbers near the lost ones are offered instead, looked for around the first few lost ones. */
const NEARBY = 6;
const NEARBY_OF = 3;
const NEARBY_WITHIN = 30;

/**
 * The 409 for numbers another buyer took first: which, and free ones nearby (closest first). One
 * look-up of at most NEARBY_OF × 2 × NEARBY_WITHIN numbers, however full the competition: this runs
 * inside the write that everyone's orders wait on.
 */
async function numbersTaken(tx: Tx, competitionId: string, max: number, lost: string[], picked: readonly string[]): Promise<AppError> {
  const avoid = new Set(picked.map(Number));
  const candidates: Array<{ n: number; distance: number }> = [];
  for (const number of lost.slice(0, NEARBY_OF).map(Number)) {
    for (let d = 1; d <= NEARBY_WITHIN; d++) {
      for (const n of [number - d, number + d]) {
        if (n < 1 || n > max || avoid.has(n)) continue;
        avoid.add(n);
        candidates.push({ n, distance: d });
      }
    }
  }
  const out = new Set(
    (await tx.statements.takenOf.all({ competitionId, numbers: JSON.stringify(candidates.map((c) => String(c.n))) })).map((r) => Number(r.number)),
  );
  const nearby = candidates
    .filter((c) => !out.has(c.n))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, NEARBY)
    .map((c) => c.n)
    .sort((a, b) => a - b)
    .map(String);
  const list = lost.map((n) => `#${n}`).join(", ");
  return new AppError(
    "NUMBERS_TAKEN",
    lost.length === 1
      ? `Ticket ${list} has just been taken by another buyer. Please choose another number.`
      : `Tickets ${list} have just been taken by other buyers. Please choose other numbers.`,
    { lost, nearby },
  );
}

async function sequentialNumbers(tx: Tx, competitionId: string, quantity: number): Promise<number[]> {
  const st = tx.statements;
  const reused = (await st.releasedNumbers.all({ competitionId, limit: quantity })).map((r) => r.number);
  if (reused.length) {
    await tx.delete(releasedTicketNumbers).where(and(eq(releasedTicketNumbers.competitionId, competitionId), inArray(releasedTicketNumbers.number, reused)));
  }
  const fresh = quantity - reused.length;
  const numbers = [...reused];
  if (fresh > 0) {
    const row = (await st.bumpNextNumber.get({ id: competitionId, count: fresh }))!;
    for (let n = row.next - fresh; n < row.next; n++) numbers.push(n);
  }
  return numbers;
}

/**
 * Gives an entry's numbers back to the pool: the tickets, the counters and the pool of numbers to
 * reuse change together (a savepoint of its own inside the caller's transaction).
 */
export function releaseTickets(tx: Tx, competitionId: string, entryId: string): Promise<number> {
  return withTransaction(tx, async (tx) => {
    const released = await tx.delete(tickets).where(eq(tickets.entryId, entryId)).returning({ number: tickets.number });
    if (!released.length) return 0;
    if ((await tx.statements.allocationOf.get({ id: competitionId }))?.allocation === "random") {
      await tx.statements.unbumpNextNumber.get({ id: competitionId, count: released.length });
      for (const t of released) await tx.statements.countInBlock.run({ competitionId, block: blockOf(Number(t.number)), count: -1 });
    } else {
      await tx
        .insert(releasedTicketNumbers)
        .values(released.map((t) => ({ competitionId, number: Number(t.number) })))
        .onConflictDoNothing();
    }
    return released.length;
  });
}

export async function ticketNumbersByEntry(db: Tx, entryIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (!entryIds.length) return map;
  if (entryIds.length <= 3) {
    const st = db.statements;
    for (const id of entryIds)
      map.set(
        id,
        (await st.ticketsOfEntry.all({ entryId: id })).map((t) => t.number),
      );
    return map;
  }
  for (const batch of idBatches(entryIds)) {
    const rows = await db
      .select({ entryId: tickets.entryId, number: tickets.number })
      .from(tickets)
      .where(inArray(tickets.entryId, batch))
      .orderBy(asc(tickets.id));
    for (const r of rows) {
      const list = map.get(r.entryId);
      if (list) list.push(r.number);
      else map.set(r.entryId, [r.number]);
    }
  }
  return map;
}
