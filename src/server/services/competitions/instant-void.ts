import { and, eq, inArray, isNull } from "drizzle-orm";
import { first, withTransaction, type Tx } from "../../../../db/client";
import { competitions, instantPrizes, notifications, users, winners } from "../../../../db/schema";
import { formatPounds } from "../../../shared/money";
import { voidClaimsOf } from "../claims";
import { takeBackPrizeCredit } from "../wallet";

/** What voiding an order's instant wins did, for the audit row. */
export interface InstantVoid {
  /** The units forfeited. */
  units: string[];
  /** Credit taken back from what was left of the prizes. */
  takenBackPence: number;
  /** The part of the prizes already spent: recorded as owed. */
  spentPence: number;
  claimsVoided: string[];
  /** Claims already fulfilled (paid or delivered) before the void: staff follow them up. */
  claimsFulfilled: string[];
}

const WHY = { refunded: "the order was refunded", disputed: "the payment was disputed" } as const;

/**
 * The instant prizes won by entries whose payment is refunded in full or disputed (decision 011):
 * each unit is forfeited (it stays published, void, with its number and salt; nobody wins it again,
 * its number goes back on sale as an ordinary one), its credit is taken back with what was already
 * spent recorded as owed, and the claim of a cash or physical prize is void. In the caller's
 * transaction, in a savepoint of its own (the units read as not void are voided in the same step); a
 * unit already void is left alone.
 */
export async function voidInstantWins(tx: Tx, entryIds: readonly string[], as: "refunded" | "disputed", now: Date): Promise<InstantVoid> {
  const done: InstantVoid = { units: [], takenBackPence: 0, spentPence: 0, claimsVoided: [], claimsFulfilled: [] };
  if (!entryIds.length) return done;
  return withTransaction(tx, async (tx) => {
    const units = await tx
      .select({ unit: instantPrizes, title: competitions.title })
      .from(instantPrizes)
      .innerJoin(competitions, eq(instantPrizes.competitionId, competitions.id))
      .where(and(inArray(instantPrizes.wonEntryId, [...entryIds]), isNull(instantPrizes.voidedAt)));
    const winnerIds: string[] = [];
    const back = await takeBackPrizeCredit(
      tx,
      units
        .filter(({ unit }) => unit.kind === "credit")
        .map(({ unit, title }) => ({ id: unit.id, note: `${unit.name}: ticket ${unit.ticketNumber} in "${title}" is void because ${WHY[as]}.` })),
      now,
    );
    done.takenBackPence = back.takenBackPence;
    done.spentPence = back.spentPence;
    for (const { unit } of units) {
      await tx.update(instantPrizes).set({ voidedAt: now }).where(eq(instantPrizes.id, unit.id));
      done.units.push(unit.id);
      if (unit.kind === "credit") continue;
      const winner = await first(
        tx
          .update(winners)
          .set({ voidedAt: now, updatedAt: now })
          .where(
            and(
              eq(winners.competitionId, unit.competitionId),
              eq(winners.ticketNumber, unit.ticketNumber),
              eq(winners.source, "instant"),
              eq(winners.entryId, unit.wonEntryId!),
            ),
          )
          .returning({ id: winners.id }),
      );
      if (winner) winnerIds.push(winner.id);
    }
    const claims = await voidClaimsOf(tx, winnerIds, `the winning entry is void because ${WHY[as]}.`, now);
    done.claimsVoided = claims.voided.map((c) => c.id);
    done.claimsFulfilled = claims.fulfilled.map((c) => c.id);
    if (done.spentPence > 0 || claims.fulfilled.length > 0) {
      const parts = [
        done.spentPence > 0 ? `${formatPounds(done.spentPence)} of instant prize credit had already been spent and is now owed` : null,
        claims.fulfilled.length > 0 ? `${claims.fulfilled.length} instant prize claim(s) had already been paid or delivered` : null,
      ].filter(Boolean);
      for (const admin of await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin"))) {
        await tx.insert(notifications).values({
          userId: admin.id,
          type: "warning",
          priority: "urgent",
          title: "An instant prize was void after it was used",
          message: `Entries whose ${as === "refunded" ? "order was refunded" : "payment was disputed"} had won instant prizes: ${parts.join("; ")}. See the customer's record.`,
          createdAt: now,
        });
      }
    }
    return done;
  });
}
