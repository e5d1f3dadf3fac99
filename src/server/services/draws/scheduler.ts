import { and, eq, lte, or, sql } from "drizzle-orm";
import { competitions, draws } from "../../../../db/schema";
import type { AppErrorCode } from "../../../shared/errors";
import { AppError } from "../../errors";
import { runDraw } from "./draw";
import { closeSales, freezePool } from "./lifecycle";
import type { DrawDeps } from "./types";

const SCHEDULER_RETRIES = new Set<AppErrorCode>(["ALREADY_DRAWN", "NO_ENTRIES", "PAYMENTS_PENDING", "DRAW_TOO_EARLY"]);

/**
 * One pass of the lifecycle: close what has ended or sold out, freeze what is closed, draw what is
 * due (unless it is to be drawn live). Each step is its own transaction, so a restart at any point
 * picks up where it stopped and never repeats a step.
 */
export async function lifecycleTick(deps: DrawDeps): Promise<{ closed: number; frozen: number; drawn: number }> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  let closed = 0;
  let frozen = 0;
  let drawn = 0;
  const ending = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(
      and(
        eq(competitions.status, "active"),
        or(lte(competitions.endDate, now), and(sql`${competitions.maxTickets} is not null`, sql`${competitions.soldTickets} >= ${competitions.maxTickets}`)),
      ),
    );
  // Each is checked again as it closes: it may have been given a later end or more tickets since the list was read.
  for (const c of ending) if ((await closeSales(db, c.id, undefined, now)).status !== "active") closed++;
  // A competition an admin closed before its end date is paused, not finished: its pool freezes at
  // the end date (or sell-out, or when the draw is run), so until then it may be reopened.
  const unfrozen = await db
    .select({ id: competitions.id })
    .from(competitions)
    .leftJoin(draws, eq(draws.competitionId, competitions.id))
    .where(
      and(
        eq(competitions.status, "closed"),
        sql`${draws.competitionId} is null`,
        or(lte(competitions.endDate, now), and(sql`${competitions.maxTickets} is not null`, sql`${competitions.soldTickets} >= ${competitions.maxTickets}`)),
      ),
    );
  for (const c of unfrozen) {
    try {
      if (await freezePool(db, c.id, now, undefined, true)) frozen++;
    } catch (err) {
      // Reopened by an admin since the list was read: nothing to freeze, and the draws below still run.
      if (!(err instanceof AppError && err.code === "INVALID_STATE")) throw err;
    }
  }
  const due = await db
    .select({ id: competitions.id })
    .from(competitions)
    .innerJoin(draws, eq(draws.competitionId, competitions.id))
    .where(
      and(
        eq(competitions.status, "closed"),
        eq(competitions.drawMode, "auto"),
        lte(competitions.drawDate, now),
        sql`${draws.drawnAt} is null`,
        sql`${draws.poolSize} > 0`,
      ),
    );
  for (const c of due) {
    try {
      await runDraw(deps, c.id);
      drawn++;
    } catch (err) {
      // Drawn meanwhile, or payments still settling: the next tick tries again.
      if (!(err instanceof AppError && SCHEDULER_RETRIES.has(err.code))) throw err;
    }
  }
  return { closed, frozen, drawn };
}
