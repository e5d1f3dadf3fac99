import { eq } from "drizzle-orm";
import { first, type Tx } from "../../../../db/client";
import { draws, entries, tickets, type Competition } from "../../../../db/schema";
import { commitmentOf } from "../../../shared/draw";
import { findCompetition } from "../competitions/catalogue";

/*
 * The public record of a draw (SPEC: /competition/:id/draw): the commitment from the start, the
 * pool and its hash once frozen, the seed and the winners once drawn. Anyone can check it.
 */

export interface DrawPublicRecord {
  competitionId: string;
  title: string;
  status: Competition["status"];
  commitment: string;
  poolSize: number | null;
  poolHash: string | null;
  pool: Array<{ ticketNumber: string; name: string }> | null;
  beacon: string | null;
  seed: string | null;
  winners: Array<{ k: number; index: number; ticketNumber: string; displayName: string }>;
  numberOfWinners: number;
  drawDate: string;
  closedAt: string | null;
  drawnAt: string | null;
}

function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((part) => `${part[0]!.toUpperCase()}${"*".repeat(Math.max(2, Math.min(part.length - 1, 6)))}`)
    .join(" ");
}

/** The public record; the seed only once drawn, the pool only once frozen. */
export async function getDrawRecord(db: Tx, id: string): Promise<DrawPublicRecord> {
  const c = await findCompetition(db, id);
  const record = await first(db.select().from(draws).where(eq(draws.competitionId, id)));
  let pool: DrawPublicRecord["pool"] = null;
  if (record) {
    const names = new Map(
      (
        await db
          .select({ number: tickets.number, name: entries.customerName })
          .from(tickets)
          .innerJoin(entries, eq(tickets.entryId, entries.id))
          .where(eq(tickets.competitionId, id))
      ).map((t) => [t.number, t.name]),
    );
    pool = record.pool.map((n) => ({ ticketNumber: n, name: maskName(names.get(n) ?? "?") }));
  }
  return {
    competitionId: id,
    title: c.title,
    status: c.status,
    commitment: await commitmentOf(c.drawSeed),
    poolSize: record?.poolSize ?? null,
    poolHash: record?.poolHash ?? null,
    pool,
    beacon: record?.beacon ?? null,
    seed: record?.drawnAt ? c.drawSeed : null,
    winners: (record?.winners ?? []).map(({ k, index, ticketNumber, displayName: name }) => ({ k, index, ticketNumber, displayName: name })),
    numberOfWinners: c.numberOfWinners,
    drawDate: c.drawDate.toISOString(),
    closedAt: record?.closedAt.toISOString() ?? null,
    drawnAt: record?.drawnAt?.toISOString() ?? null,
  };
}
