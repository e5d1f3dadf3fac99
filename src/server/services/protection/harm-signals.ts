import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { first, lockRow, withTransaction, type Db } from "../../../../db/client";
import { orders, protectionEvents, users } from "../../../../db/schema";
import { decimalToPence, formatPounds, penceToDecimal } from "../../../shared/money";
import { AppError } from "../../errors";
import { audited, writeAudit, type Actor } from "../audit";
import { updateComplaint } from "../contact";
import { getSetting, numberSetting } from "../settings";

/* The operator's side: players showing signs of harm, interventions, and answers to complaints. */

const DAY = 24 * 60 * 60 * 1000;

/** Players showing signs of harm, with the figures that flagged them. */
export async function playerSignals(db: Db, now: Date) {
  const since30 = new Date(now.getTime() - 30 * DAY);
  const since1 = new Date(now.getTime() - DAY);
  const spendThreshold = decimalToPence((await getSetting(db, "harm_spend_30d_threshold")) ?? "500.00") ?? 50_000;
  const ordersThreshold = await numberSetting(db, "harm_orders_per_day", 20);
  const spendRows = await db
    .select({
      userId: orders.userId,
      spent: sql<number>`sum(${orders.totalPence})`,
      recent: sql<number>`sum(case when ${gt(orders.createdAt, since1)} then 1 else 0 end)`,
    })
    .from(orders)
    .where(and(eq(orders.status, "paid"), gt(orders.createdAt, since30)))
    .groupBy(orders.userId);
  const spend = new Map(spendRows.filter((r) => r.userId).map((r) => [r.userId!, { spent: Number(r.spent), recent: Number(r.recent) }]));
  const events = await db
    .select({ userId: protectionEvents.userId, kind: protectionEvents.kind, n: sql<number>`count(*)` })
    .from(protectionEvents)
    .where(gt(protectionEvents.createdAt, since30))
    .groupBy(protectionEvents.userId, protectionEvents.kind);
  const byUser = new Map<string, { limitReached: number; increaseRequests: number; creditCapReached: number }>();
  for (const e of events) {
    const v = byUser.get(e.userId) ?? { limitReached: 0, increaseRequests: 0, creditCapReached: 0 };
    if (e.kind === "limit_reached") v.limitReached = Number(e.n);
    if (e.kind === "limit_increase_requested") v.increaseRequests = Number(e.n);
    if (e.kind === "credit_cap_reached") v.creditCapReached = Number(e.n);
    byUser.set(e.userId, v);
  }
  const ids = new Set([...spend.keys(), ...byUser.keys()]);
  if (!ids.size) return [];
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
  return people
    .map((u) => {
      const s = spend.get(u.id) ?? { spent: 0, recent: 0 };
      const e = byUser.get(u.id) ?? { limitReached: 0, increaseRequests: 0, creditCapReached: 0 };
      const signals: string[] = [];
      if (e.limitReached) signals.push(`Reached their spending limit ${e.limitReached} time(s)`);
      if (e.increaseRequests >= 2) signals.push(`Asked to raise their limit ${e.increaseRequests} times`);
      if (e.creditCapReached) signals.push(`Hit the credit card cap ${e.creditCapReached} time(s)`);
      if (s.spent >= spendThreshold) signals.push(`Spent ${formatPounds(s.spent)} in 30 days`);
      if (s.recent >= ordersThreshold) signals.push(`${s.recent} orders in 24 hours`);
      return {
        userId: u.id,
        name: `${u.firstName} ${u.lastName}`,
        email: u.email,
        spent30Days: penceToDecimal(s.spent),
        ordersLast24h: s.recent,
        limitReached: e.limitReached,
        increaseRequests: e.increaseRequests,
        monthlyLimit: u.monthlyLimitPence === null ? null : penceToDecimal(u.monthlyLimitPence),
        suspendedUntil: u.restrictedAt ? null : u.suspendedUntil && u.suspendedUntil > now ? u.suspendedUntil.toISOString() : null,
        suspensionKind: u.restrictedAt ? "restricted" : u.suspendedUntil && u.suspendedUntil > now ? u.suspensionKind : null,
        signals,
      };
    })
    .filter((p) => p.signals.length > 0 || p.suspensionKind === "restricted")
    .sort((a, b) => b.signals.length - a.signals.length);
}

/**
 * An operator's intervention, up to stopping play; the reason goes to the audit log, in the same
 * transaction (when an admin, `actor`, makes it). It is kept apart from the player's own break:
 * restricting never shortens a break, and lifting a restriction never lifts one.
 */
export function restrictAccount(db: Db, userId: string, restricted: boolean, reason: string, now = new Date(), actor?: Actor) {
  return withTransaction(db, async (tx) => {
    await lockRow(tx, users, userId);
    const user = await first(tx.select().from(users).where(eq(users.id, userId)));
    if (!user) throw new AppError("NOT_FOUND", "User not found");
    if (restricted) {
      await tx.update(users).set({ restrictedAt: now, restrictionReason: reason }).where(eq(users.id, userId));
    } else {
      if (!user.restrictedAt)
        throw new AppError("INVALID_STATE", "This account has no operator restriction to lift; a player's own break or self-exclusion cannot be lifted early");
      await tx.update(users).set({ restrictedAt: null, restrictionReason: null }).where(eq(users.id, userId));
    }
    if (actor) await writeAudit(tx, actor, { action: "admin.protection.restrict", targetId: userId, reason, details: { userId, restricted, reason } });
    return { userId, restricted };
  });
}

/** An admin's answer to a complaint (status and/or a note), with its audit row in the same transaction. */
export function answerComplaint(db: Db, actor: Actor, id: string, change: { status?: "open" | "answered" | "closed"; note?: string | null }, now = new Date()) {
  return audited(
    db,
    actor,
    (tx) => updateComplaint(tx, id, actor.email, change, now),
    () => ({ action: "admin.protection.updateComplaint", targetId: id, details: { id, ...change } }),
  );
}
