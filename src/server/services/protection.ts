import { and, desc, eq, gt, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders, protectionEvents, sessions, users, type User } from "../../../db/schema";
import { decimalToPence, formatPounds, penceToDecimal } from "../../shared/money";
import { AppError } from "../errors";
import { audited, writeAudit, type Actor } from "./audit";
import { updateComplaint } from "./contact";
import { getSetting, numberSetting } from "./settings";
import { statements } from "./statements";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The first instant of the current calendar month in the UK. */
export function ukMonthStart(now: Date): Date {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit" }).formatToParts(now);
  const year = Number(parts.find((p) => p.type === "year")!.value);
  const month = Number(parts.find((p) => p.type === "month")!.value);
  const utcMidnight = Date.UTC(year, month - 1, 1);
  // London is UTC or UTC+1; at 00:00 on the 1st it is whichever applies on that day.
  const londonHour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", hourCycle: "h23" }).format(new Date(utcMidnight)));
  return new Date(utcMidnight - (londonHour === 0 ? 0 : HOUR));
}

export function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age -= 1;
  return age;
}

export const UNDER_18_MESSAGE = "You must be 18 or over to enter our competitions.";
export const DOB_NEEDED_MESSAGE = "Please add your date of birth to your profile before entering: our competitions are for people aged 18 or over.";

export function assertAdult(dateOfBirth: string | null, now: Date): void {
  if (!dateOfBirth) throw new AppError("DATE_OF_BIRTH_NEEDED", DOB_NEEDED_MESSAGE);
  if (ageOn(dateOfBirth, now) < 18) throw new AppError("UNDER_18", UNDER_18_MESSAGE);
}

export function suspensionMessage(user: Pick<User, "suspendedUntil" | "suspensionKind" | "closedAt" | "restrictedAt">, now: Date): string | null {
  if (user.closedAt) return "This account is closed.";
  if (user.restrictedAt) return "Your account has been restricted by our player protection team. Please contact us.";
  if (!user.suspendedUntil || user.suspendedUntil <= now) return null;
  const until = user.suspendedUntil.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });
  if (user.suspensionKind === "self_exclusion") return `You have self-excluded until ${until}. You cannot enter competitions or buy tickets until then.`;
  return `You are taking a break until ${until}. You cannot enter competitions or buy tickets until then.`;
}

/** Applies a raised limit whose cooling-off period has passed. */
export function effectiveLimit(db: Db, user: User, now: Date): number | null {
  if (user.pendingLimitEffectiveAt && user.pendingLimitEffectiveAt <= now) {
    const next = user.pendingLimitRemoves ? null : user.pendingLimitPence;
    db.update(users)
      .set({ monthlyLimitPence: next, pendingLimitPence: null, pendingLimitRemoves: false, pendingLimitEffectiveAt: null })
      .where(eq(users.id, user.id))
      .run();
    user.monthlyLimitPence = next;
    user.pendingLimitPence = null;
    user.pendingLimitRemoves = false;
    user.pendingLimitEffectiveAt = null;
  }
  return user.monthlyLimitPence;
}

export function spentThisMonth(db: Db, userId: string, now: Date, funding?: "credit"): number {
  const row = db
    .select({ n: sql<number>`coalesce(sum(${orders.totalPence}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, ["paid", "pending"]),
        gte(orders.createdAt, ukMonthStart(now)),
        funding ? eq(orders.cardFunding, funding) : undefined,
      ),
    )
    .get();
  return Number(row?.n ?? 0);
}

export function recordEvent(db: Db, userId: string, kind: (typeof protectionEvents.$inferInsert)["kind"], detail: string, now: Date) {
  db.insert(protectionEvents).values({ userId, kind, detail, createdAt: now }).run();
}

export interface EntryCheck {
  userId: string | null;
  totalPence: number;
  funding: "debit" | "credit" | "prepaid" | "unknown";
  instantWin: boolean;
  now: Date;
}

/**
 * Every rule of the code of practice that an order must pass, checked inside the order's write
 * transaction so that two simultaneous orders cannot both fit under one limit.
 */
export function assertMayBuy(tx: Db, check: EntryCheck): void {
  if (!check.userId) {
    if (getSetting(tx, "allow_guest_checkout") !== "true") {
      throw new AppError("SIGN_IN_REQUIRED", "Please sign in or create an account to enter. It keeps your tickets together and lets us check you are 18 or over.");
    }
    if (check.funding === "credit" && check.instantWin) throw new AppError("CREDIT_CARD_NOT_ALLOWED", "Credit cards cannot be used for instant-win competitions. Please use a debit card.");
    return;
  }
  const user = statements(tx).userById.get({ id: check.userId });
  if (!user) throw new AppError("SIGN_IN_REQUIRED", "Please sign in again.");
  const suspended = suspensionMessage(user, check.now);
  if (suspended) throw new AppError("SUSPENDED", suspended);
  assertAdult(user.dateOfBirth, check.now);
  const limit = effectiveLimit(tx, user, check.now);
  if (limit !== null) {
    const spent = spentThisMonth(tx, user.id, check.now);
    if (spent + check.totalPence > limit) {
      const left = Math.max(0, limit - spent);
      throw new AppError(
        "SPENDING_LIMIT",
        `This order would take you over your monthly spending limit of ${formatPounds(limit)}. You have ${formatPounds(left)} left this month.`,
        { remainingThisMonth: penceToDecimal(left), protectionEvent: { kind: "limit_reached", detail: `order of ${formatPounds(check.totalPence)}` } },
      );
    }
  }
  if (check.funding === "credit") {
    if (check.instantWin) throw new AppError("CREDIT_CARD_NOT_ALLOWED", "Credit cards cannot be used for instant-win competitions. Please use a debit card.");
    const cap = decimalToPence(getSetting(tx, "credit_card_monthly_cap") ?? "250.00") ?? 25_000;
    const creditSpent = spentThisMonth(tx, user.id, check.now, "credit");
    if (creditSpent + check.totalPence > cap) {
      throw new AppError(
        "CREDIT_CARD_LIMIT",
        `Credit card payments are limited to ${formatPounds(cap)} a month. You have ${formatPounds(Math.max(0, cap - creditSpent))} of credit card spending left this month; a debit card can be used instead.`,
        { protectionEvent: { kind: "credit_cap_reached", detail: `order of ${formatPounds(check.totalPence)}` } },
      );
    }
  }
}

export interface LimitsView {
  suspension: { until: string; kind: string; message: string } | null;
  monthlyLimit: string | null;
  pendingIncrease: { monthlyLimit: string | null; effectiveAt: string } | null;
  spentThisMonth: string;
  remainingThisMonth: string | null;
}

export function getLimits(db: Db, userId: string, now: Date): LimitsView {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  const limit = effectiveLimit(db, user, now);
  const spent = spentThisMonth(db, userId, now);
  const message = suspensionMessage(user, now);
  return {
    suspension: message
      ? user.restrictedAt
        ? { until: "9999-12-31T00:00:00.000Z", kind: "restricted", message }
        : { until: user.suspendedUntil?.toISOString() ?? now.toISOString(), kind: user.suspensionKind ?? "break", message }
      : null,
    monthlyLimit: limit === null ? null : penceToDecimal(limit),
    pendingIncrease: user.pendingLimitEffectiveAt
      ? { monthlyLimit: user.pendingLimitRemoves ? null : penceToDecimal(user.pendingLimitPence ?? 0), effectiveAt: user.pendingLimitEffectiveAt.toISOString() }
      : null,
    spentThisMonth: penceToDecimal(spent),
    remainingThisMonth: limit === null ? null : penceToDecimal(Math.max(0, limit - spent)),
  };
}

/** A lower limit applies at once; a higher one (or none) only after the cooling-off period. */
export function setLimit(db: Db, userId: string, monthlyLimit: string | null, now: Date): LimitsView {
  const next = monthlyLimit === null ? null : decimalToPence(monthlyLimit);
  if (monthlyLimit !== null && next === null) throw new AppError("INVALID_INPUT", "Enter the limit in pounds, e.g. 50.00");
  db.transaction((tx) => {
    const user = tx.select().from(users).where(eq(users.id, userId)).get()!;
    const current = effectiveLimit(tx as unknown as Db, user, now);
    const lower = next !== null && (current === null || next <= current);
    if (lower) {
      tx.update(users)
        .set({ monthlyLimitPence: next, pendingLimitPence: null, pendingLimitRemoves: false, pendingLimitEffectiveAt: null })
        .where(eq(users.id, userId))
        .run();
      return;
    }
    const hours = numberSetting(tx as unknown as Db, "limit_cooling_off_hours", 24);
    tx.update(users)
      .set({ pendingLimitPence: next, pendingLimitRemoves: next === null, pendingLimitEffectiveAt: new Date(now.getTime() + hours * HOUR) })
      .where(eq(users.id, userId))
      .run();
    recordEvent(tx as unknown as Db, userId, "limit_increase_requested", next === null ? "remove limit" : `to ${formatPounds(next)}`, now);
  });
  return getLimits(db, userId, now);
}

export const BREAK_PERIODS = { "1w": 7 * DAY, "1m": 30 * DAY, "6m": 182 * DAY, "1y": 365 * DAY, "5y": 5 * 365 * DAY } as const;
export type BreakPeriod = keyof typeof BREAK_PERIODS;

/** Take a break (1 week, 1 month) or self-exclude (6 months or more). It can only ever be lengthened. */
export function takeBreak(db: Db, userId: string, period: BreakPeriod, now: Date) {
  const until = new Date(now.getTime() + BREAK_PERIODS[period]);
  const kind = period === "1w" || period === "1m" ? "break" : "self_exclusion";
  const user = db.select().from(users).where(eq(users.id, userId)).get()!;
  if (user.suspendedUntil && user.suspendedUntil > until) {
    return { suspendedUntil: user.suspendedUntil.toISOString(), kind: user.suspensionKind ?? kind };
  }
  const keepKind = user.suspensionKind === "self_exclusion" && user.suspendedUntil && user.suspendedUntil > now ? "self_exclusion" : kind;
  db.update(users).set({ suspendedUntil: until, suspensionKind: keepKind, suspensionReason: null }).where(eq(users.id, userId)).run();
  return { suspendedUntil: until.toISOString(), kind: keepKind };
}

export function closeAccount(db: Db, userId: string, now: Date) {
  db.transaction((tx) => {
    tx.update(users).set({ isActive: false, closedAt: now }).where(eq(users.id, userId)).run();
    tx.delete(sessions).where(eq(sessions.userId, userId)).run();
  });
  return { closed: true };
}

/** Players showing signs of harm, with the figures that flagged them. */
export function playerSignals(db: Db, now: Date) {
  const since30 = new Date(now.getTime() - 30 * DAY);
  const since1 = new Date(now.getTime() - DAY);
  const spendThreshold = decimalToPence(getSetting(db, "harm_spend_30d_threshold") ?? "500.00") ?? 50_000;
  const ordersThreshold = numberSetting(db, "harm_orders_per_day", 20);
  const spend = new Map(
    db
      .select({ userId: orders.userId, spent: sql<number>`sum(${orders.totalPence})`, recent: sql<number>`sum(case when ${orders.createdAt} > ${since1.getTime()} then 1 else 0 end)` })
      .from(orders)
      .where(and(eq(orders.status, "paid"), gt(orders.createdAt, since30)))
      .groupBy(orders.userId)
      .all()
      .filter((r) => r.userId)
      .map((r) => [r.userId!, { spent: Number(r.spent), recent: Number(r.recent) }]),
  );
  const events = db
    .select({ userId: protectionEvents.userId, kind: protectionEvents.kind, n: sql<number>`count(*)` })
    .from(protectionEvents)
    .where(gt(protectionEvents.createdAt, since30))
    .groupBy(protectionEvents.userId, protectionEvents.kind)
    .all();
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
  const people = db.select().from(users).where(inArray(users.id, [...ids])).all();
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
  return db.transaction(
    (tx) => {
      const user = tx.select().from(users).where(eq(users.id, userId)).get();
      if (!user) throw new AppError("NOT_FOUND", "User not found");
      if (restricted) {
        tx.update(users).set({ restrictedAt: now, restrictionReason: reason }).where(eq(users.id, userId)).run();
      } else {
        if (!user.restrictedAt) throw new AppError("INVALID_STATE", "This account has no operator restriction to lift; a player's own break or self-exclusion cannot be lifted early");
        tx.update(users).set({ restrictedAt: null, restrictionReason: null }).where(eq(users.id, userId)).run();
      }
      if (actor) writeAudit(tx, actor, { action: "admin.protection.restrict", targetId: userId, reason, details: { userId, restricted, reason } });
      return { userId, restricted };
    },
    { behavior: "immediate" },
  );
}

/** An admin's answer to a complaint (status and/or a note), with its audit row in the same transaction. */
export function answerComplaint(db: Db, actor: Actor, id: string, change: { status?: "open" | "answered" | "closed"; note?: string | null }, now = new Date()) {
  return audited(
    db,
    actor,
    (tx) => updateComplaint(tx as unknown as Db, id, actor.email, change, now),
    () => ({ action: "admin.protection.updateComplaint", targetId: id, details: { id, ...change } }),
  );
}

export function recentProtectionEvents(db: Db, userId: string) {
  return db.select().from(protectionEvents).where(eq(protectionEvents.userId, userId)).orderBy(desc(protectionEvents.createdAt)).limit(50).all();
}

/** A refusal that is itself a sign of harm is recorded after its transaction has rolled back. */
export function recordRefusal(db: Db, userId: string | null, err: unknown, now: Date): void {
  const event = err instanceof AppError ? (err.details?.protectionEvent as { kind: "limit_reached" | "credit_cap_reached"; detail: string } | undefined) : undefined;
  if (userId && event) recordEvent(db, userId, event.kind, event.detail, now);
}
