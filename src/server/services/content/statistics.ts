import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { first, type Db, type Tx } from "../../../../db/client";
import { competitions, instantPrizes, statistics, winners } from "../../../../db/schema";
import { decimalToPence, penceToDecimal } from "../../../shared/money";
import type { Statistics } from "../../../shared/schemas/content";
import type { AdminStatistics, StatisticsUpdate } from "../../../shared/schemas/statistics";
import { audited, type Actor } from "../audit";

/*
 * The site statistics (SPEC: totalWinners, totalPrizeValue, totalFollowers) belong to the operator:
 * typed in the admin, or computed from the shop's own winners and prizes. Followers are always typed
 * (the shop cannot count them). 0 is what an empty field stores: the pages show the spec's fallback.
 */

/** "£68,000" → 6_800_000 pence; null when the text holds no amount. */
function poundsIn(text: string | null): number {
  const match = text ? /£\s*([\d,]+(?:\.\d{1,2})?)/.exec(text) : null;
  return match ? (decimalToPence(match[1]!.replace(/,/g, "")) ?? 0) : 0;
}

/**
 * Winners: every draw and admin-recorded winner, and every instant prize won (credit wins have no
 * winners row; cash and physical ones have both, counted once). Prize value: each draw or recorded
 * winner's prize at its cash alternative, plus each instant prize won at its value.
 */
export async function computeStatistics(db: Tx): Promise<{ totalWinners: number; totalPrizeValuePence: number }> {
  const main = await db
    .select({ cashAlternative: competitions.cashAlternative })
    .from(winners)
    .innerJoin(competitions, eq(winners.competitionId, competitions.id))
    .where(ne(winners.source, "instant"));
  const instant = await first(
    db
      .select({ n: sql<number>`count(*)`, pence: sql<number>`coalesce(sum(${instantPrizes.valuePence}), 0)` })
      .from(instantPrizes)
      .where(and(isNotNull(instantPrizes.wonAt))),
  );
  return {
    totalWinners: main.length + Number(instant?.n ?? 0),
    totalPrizeValuePence: main.reduce((sum, w) => sum + poundsIn(w.cashAlternative), 0) + Number(instant?.pence ?? 0),
  };
}

function row(db: Tx) {
  return first(db.select().from(statistics).where(eq(statistics.id, 1)));
}

/** GET /api/statistics: the figures the pages show (0 = show the fallback text). */
export async function getStatistics(db: Db): Promise<Statistics> {
  const r = await row(db);
  if (!r) return { totalWinners: 0, totalPrizeValue: "0.00", totalFollowers: 0, updatedAt: null };
  const computed = r.source === "computed" ? await computeStatistics(db) : null;
  return {
    totalWinners: computed ? computed.totalWinners : r.totalWinners,
    totalPrizeValue: penceToDecimal(computed ? computed.totalPrizeValuePence : r.totalPrizeValuePence),
    totalFollowers: r.totalFollowers,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function getAdminStatistics(db: Db): Promise<AdminStatistics> {
  const r = await row(db);
  const computed = await computeStatistics(db);
  return {
    source: r?.source ?? "manual",
    totalWinners: r?.totalWinners ?? 0,
    totalPrizeValue: penceToDecimal(r?.totalPrizeValuePence ?? 0),
    totalFollowers: r?.totalFollowers ?? 0,
    computed: { totalWinners: computed.totalWinners, totalPrizeValue: penceToDecimal(computed.totalPrizeValuePence) },
    updatedAt: r?.updatedAt.toISOString() ?? null,
  };
}

/** PUT /api/admin/statistics: the operator's figures and where they come from, audited with before and after. */
export async function updateStatistics(db: Db, actor: Actor, input: StatisticsUpdate, now = new Date()): Promise<AdminStatistics> {
  const next = {
    source: input.source,
    totalWinners: input.totalWinners ?? 0,
    totalPrizeValuePence: input.totalPrizeValue === null ? 0 : (decimalToPence(input.totalPrizeValue) ?? 0),
    totalFollowers: input.totalFollowers ?? 0,
    updatedAt: now,
  };
  await audited(
    db,
    actor,
    async (tx) => {
      const before = await row(tx);
      await tx
        .insert(statistics)
        .values({ id: 1, ...next })
        .onConflictDoUpdate({ target: statistics.id, set: next });
      return before;
    },
    (before) => ({
      action: "admin.statistics.update",
      targetId: "statistics",
      details: {
        ...input,
        before: before
          ? {
              source: before.source,
              totalWinners: before.totalWinners,
              totalPrizeValue: penceToDecimal(before.totalPrizeValuePence),
              totalFollowers: before.totalFollowers,
            }
          : null,
      },
    }),
  );
  return getAdminStatistics(db);
}
