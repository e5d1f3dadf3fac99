import { and, eq, gte, isNotNull, lte, or } from "drizzle-orm";
import { lockRow, changed, first, withTransaction, type Db, type Tx } from "../../../../db/client";
import { competitions, draws, entries, instantPrizes, tickets, type Competition } from "../../../../db/schema";
import { poolHashOf, sortPool } from "../../../shared/draw";
import { AppError } from "../../errors";
import { writeAudit } from "../audit";
import { findCompetition } from "../competitions/catalogue";
import type { DrawAudit } from "./types";

/*
 * A competition's life after sales: close (at its end or when sold out), then freeze the pool once
 * no payment is in flight. Each step is its own transaction and does nothing the second time.
 */

/** Whether a competition's sales are over by `now`: its end date has come, or every ticket is sold. */
function salesOver(c: Competition, now: Date): boolean {
  return c.endDate.getTime() <= now.getTime() || (c.maxTickets !== null && c.soldTickets >= c.maxTickets);
}

/**
 * Stops sales. The pool is frozen separately, once no payment is still in flight. With `endedBy` (the
 * scheduler's clock), only a competition whose sales are over by then: one the scheduler listed as
 * ending may have been given more tickets or a later end since.
 */
export function closeSales(db: Db, id: string, audit?: DrawAudit, endedBy?: Date): Promise<Competition> {
  return withTransaction(db, async (tx) => {
    await lockRow(tx, competitions, id);
    const c = await first(tx.select().from(competitions).where(eq(competitions.id, id)));
    if (!c) throw new AppError("NOT_FOUND", "Competition not found");
    const closing = c.status === "active" && (!endedBy || salesOver(c, endedBy));
    if (closing) {
      // Checked again by the write itself: a later end or more tickets another request committed since the read keep it on sale.
      const stillOver = endedBy
        ? or(lte(competitions.endDate, endedBy), and(isNotNull(competitions.maxTickets), gte(competitions.soldTickets, competitions.maxTickets)))
        : undefined;
      const done = await tx
        .update(competitions)
        .set({ status: "closed" })
        .where(and(eq(competitions.id, id), eq(competitions.status, "active"), stillOver));
      if (!changed(done)) return (await first(tx.select().from(competitions).where(eq(competitions.id, id))))!;
      if (audit) await writeAudit(tx, audit.actor, audit.row("sales closed"));
    }
    return { ...c, status: closing ? "closed" : c.status };
  });
}

/**
 * Tickets of paid online entries and accepted postal entries; failed and pending ones are out, and so
 * are tickets that won an instant prize where the competition says instant winners leave the draw.
 */
async function poolTickets(db: Tx, competitionId: string): Promise<string[]> {
  const c = await db.statements.competitionById.get({ id: competitionId });
  const instantWinners =
    c && !c.instantWinnersInDraw
      ? new Set(
          (
            await db
              .select({ number: instantPrizes.ticketNumber })
              .from(instantPrizes)
              .where(and(eq(instantPrizes.competitionId, competitionId), isNotNull(instantPrizes.wonAt)))
          ).map((u) => u.number),
        )
      : null;
  const all = (
    await db
      .select({ number: tickets.number })
      .from(tickets)
      .innerJoin(entries, eq(tickets.entryId, entries.id))
      .where(
        and(
          eq(tickets.competitionId, competitionId),
          or(and(eq(entries.entryMethod, "online"), eq(entries.paymentStatus, "paid")), eq(entries.entryMethod, "postal")),
        ),
      )
  ).map((t) => t.number);
  return instantWinners ? all.filter((n) => !instantWinners.has(n)) : all;
}

/**
 * Freezes the pool of a closed competition and publishes its hash. Returns false while payments
 * are still held (they may yet become tickets); the scheduler tries again. With `onlyIfOver` (the
 * scheduler), also false for a competition whose sales are no longer over by `now`: paused by an admin
 * and given a later end or more tickets since it was listed, it may still reopen.
 */
export async function freezePool(db: Db, id: string, now = new Date(), audit?: DrawAudit, onlyIfOver = false): Promise<boolean> {
  const c = await findCompetition(db, id);
  if (c.status === "active") throw new AppError("INVALID_STATE", "Close sales before freezing the pool");
  if (await first(db.select({ id: draws.competitionId }).from(draws).where(eq(draws.competitionId, id)))) return true;
  if (c.heldTickets > 0) return false;
  const pool = sortPool(await poolTickets(db, id));
  const poolHash = await poolHashOf(pool);
  return withTransaction(db, async (tx) => {
    await lockRow(tx, competitions, id);
    const current = (await first(tx.select().from(competitions).where(eq(competitions.id, id))))!;
    if (current.status === "active") throw new AppError("INVALID_STATE", "Close sales before freezing the pool");
    if (onlyIfOver && !salesOver(current, now)) return false;
    // Nothing may have changed while reading and hashing; if it did, the next attempt starts again.
    if (current.heldTickets > 0 || (await poolTickets(tx, id)).length !== pool.length) return false;
    const frozen =
      changed(await tx.insert(draws).values({ competitionId: id, pool, poolHash, poolSize: pool.length, closedAt: now }).onConflictDoNothing()) > 0;
    if (frozen && audit) await writeAudit(tx, audit.actor, audit.row("pool frozen"));
    return true;
  });
}
