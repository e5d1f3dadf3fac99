import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { releasedTicketNumbers, tickets } from "../../../db/schema";

/**
 * Ticket numbers are the server's: numbers given back by failed holds are reused first (lowest
 * first), then new ones follow the competition's counter. Together with the capacity check
 * (sold + held + wanted ≤ max) this keeps every number within 1..maxTickets. Must run inside the
 * caller's write transaction.
 */
export function allocateTickets(tx: Tx, competitionId: string, entryId: string, quantity: number, now = new Date()): string[] {
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
  const strings = numbers.map(String);
  const createdAt = now.getTime();
  for (const number of strings) st.insertTicket.run({ competitionId, entryId, number, createdAt });
  return strings;
}

/** Gives an entry's numbers back to the pool. */
export function releaseTickets(tx: Tx, competitionId: string, entryId: string): number {
  const released = tx.delete(tickets).where(eq(tickets.entryId, entryId)).returning({ number: tickets.number }).all();
  if (released.length) {
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
