import { and, eq, inArray } from "drizzle-orm";
import { lockRow, first, withTransaction } from "../../../../db/client";
import { competitions, draws, entries, tickets, users, winners } from "../../../../db/schema";
import { drawWinners } from "../../../shared/draw";
import type { CloseEarlyInput } from "../../../shared/schemas/draws";
import { AppError } from "../../errors";
import { writeAudit } from "../audit";
import { openClaim } from "../claims";
import { findCompetition } from "../competitions/catalogue";
import { displayName } from "../competitions/winner-name";
import { closeEarly, drawTooEarly } from "./close-early";
import { closeSales, freezePool } from "./lifecycle";
import { getDrawRecord, type DrawPublicRecord } from "./record";
import type { DrawAudit, DrawDeps } from "./types";

/*
 * The draw itself (COMPLIANCE.md, provably fair): winners picked from the frozen pool by the seed
 * committed to when the competition opened (and a public beacon when given), written once.
 */

/**
 * Closes (if open), freezes and draws. The result is written in one transaction, exactly once. Before
 * the end date it is refused (DRAW_TOO_EARLY) unless `closeEarly` confirms that end date.
 */
export async function runDraw(deps: DrawDeps, id: string, beacon: string | null = null, early?: CloseEarlyInput): Promise<DrawPublicRecord> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const audit: DrawAudit | undefined = deps.actor && {
    actor: deps.actor,
    row: (step, extra) => ({ action: "admin.draws.run", targetId: id, details: { id, beacon, step, ...extra } }),
  };
  const before = await findCompetition(db, id);
  if (before.status === "drawn") throw new AppError("ALREADY_DRAWN", "This competition has already been drawn");
  // Refuse before closing sales: a draw with nothing to draw must not end an open competition.
  if (before.status === "active" && before.soldTickets === 0 && before.heldTickets === 0) {
    throw new AppError("NO_ENTRIES", "There are no entries to draw from");
  }
  if (before.endDate > now) {
    if (!early) throw drawTooEarly(before, now);
    await closeEarly(db, id, early, now, audit);
  }
  await closeSales(db, id, audit);
  if (!(await freezePool(db, id, now, audit))) {
    throw new AppError("PAYMENTS_PENDING", "Payments for this competition are still being processed. Try again in a few minutes.");
  }
  const record = (await first(db.select().from(draws).where(eq(draws.competitionId, id))))!;
  if (record.drawnAt) throw new AppError("ALREADY_DRAWN", "This competition has already been drawn");
  if (record.poolSize === 0) throw new AppError("NO_ENTRIES", "There are no entries to draw from");
  const usedBeacon = beacon ?? record.beacon ?? null;
  const picked = await drawWinners(before.drawSeed, record.pool, record.poolHash, before.numberOfWinners, usedBeacon);

  await withTransaction(db, async (tx) => {
    await lockRow(tx, competitions, id);
    const fresh = (await first(tx.select().from(draws).where(eq(draws.competitionId, id))))!;
    if (fresh.drawnAt) throw new AppError("ALREADY_DRAWN", "This competition has already been drawn");
    const rows = await tx
      .select({ number: tickets.number, entry: entries, city: users.city })
      .from(tickets)
      .innerJoin(entries, eq(tickets.entryId, entries.id))
      .leftJoin(users, eq(entries.userId, users.id))
      .where(
        and(
          eq(tickets.competitionId, id),
          inArray(
            tickets.number,
            picked.map((p) => p.ticketNumber),
          ),
        ),
      );
    const byNumber = new Map(rows.map((r) => [r.number, r]));
    const recorded = picked.map((p) => {
      const row = byNumber.get(p.ticketNumber)!;
      return { ...p, displayName: displayName(row.entry.customerName, row.city), entryId: row.entry.id };
    });
    await tx.update(draws).set({ winners: recorded, drawnAt: now, beacon: usedBeacon }).where(eq(draws.competitionId, id));
    await tx.update(competitions).set({ status: "drawn" }).where(eq(competitions.id, id));
    for (const w of recorded) {
      const entry = byNumber.get(w.ticketNumber)!.entry;
      const winner = (await first(
        tx
          .insert(winners)
          .values({ competitionId: id, entryId: entry.id, ticketNumber: w.ticketNumber, customerName: w.displayName, source: "draw", winDate: now })
          .returning({ id: winners.id }),
      ))!;
      await openClaim(tx, {
        winnerId: winner.id,
        competition: { id, title: before.title },
        entry,
        ticketNumber: w.ticketNumber,
        now,
        origin: deps.origin ?? "",
      });
    }
    if (audit) await writeAudit(tx, audit.actor, audit.row("drawn"));
  });
  deps.mailer.poke();
  return getDrawRecord(db, id);
}
