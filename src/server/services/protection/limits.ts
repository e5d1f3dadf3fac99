import { eq } from "drizzle-orm";
import { first, lockRow, withTransaction, type Db } from "../../../../db/client";
import { authTokens, checkoutReminders, competitionViews, notifications, sessions, users } from "../../../../db/schema";
import { decimalToPence, formatPounds, penceToDecimal } from "../../../shared/money";
import { AppError } from "../../errors";
import { numberSetting } from "../settings";
import { effectiveLimit, recordEvent, spentThisMonth, suspensionMessage } from "./gate";

/* What players set for themselves: a monthly limit, a break or self-exclusion, closing the account. */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface LimitsView {
  suspension: { until: string; kind: string; message: string } | null;
  monthlyLimit: string | null;
  pendingIncrease: { monthlyLimit: string | null; effectiveAt: string } | null;
  spentThisMonth: string;
  remainingThisMonth: string | null;
}

export async function getLimits(db: Db, userId: string, now: Date): Promise<LimitsView> {
  // The account is read and a raised limit whose cooling-off has passed applied in one transaction:
  // a limit the player lowered meanwhile is never overwritten with the raise it replaced.
  const { user, limit, spent } = await withTransaction(db, async (tx) => {
    await lockRow(tx, users, userId);
    const user = await first(tx.select().from(users).where(eq(users.id, userId)));
    if (!user) throw new AppError("NOT_FOUND", "User not found");
    const limit = await effectiveLimit(tx, user, now);
    return { user, limit, spent: await spentThisMonth(tx, userId, now) };
  });
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
export async function setLimit(db: Db, userId: string, monthlyLimit: string | null, now: Date): Promise<LimitsView> {
  const next = monthlyLimit === null ? null : decimalToPence(monthlyLimit);
  if (monthlyLimit !== null && next === null) throw new AppError("INVALID_INPUT", "Enter the limit in pounds, e.g. 50.00");
  await withTransaction(db, async (tx) => {
    await lockRow(tx, users, userId);
    const user = (await first(tx.select().from(users).where(eq(users.id, userId))))!;
    const current = await effectiveLimit(tx, user, now);
    const lower = next !== null && (current === null || next <= current);
    if (lower) {
      await tx
        .update(users)
        .set({ monthlyLimitPence: next, pendingLimitPence: null, pendingLimitRemoves: false, pendingLimitEffectiveAt: null })
        .where(eq(users.id, userId));
      return;
    }
    const hours = await numberSetting(tx, "limit_cooling_off_hours", 24);
    await tx
      .update(users)
      .set({ pendingLimitPence: next, pendingLimitRemoves: next === null, pendingLimitEffectiveAt: new Date(now.getTime() + hours * HOUR) })
      .where(eq(users.id, userId));
    await recordEvent(tx, userId, "limit_increase_requested", next === null ? "remove limit" : `to ${formatPounds(next)}`, now);
  });
  return getLimits(db, userId, now);
}

export const BREAK_PERIODS = { "1w": 7 * DAY, "1m": 30 * DAY, "6m": 182 * DAY, "1y": 365 * DAY, "5y": 5 * 365 * DAY } as const;

export type BreakPeriod = keyof typeof BREAK_PERIODS;

/**
 * Take a break (1 week, 1 month) or self-exclude (6 months or more). It can only ever be lengthened:
 * the current break is read and the new one written in one transaction, so two requests at once
 * cannot shorten it.
 */
export function takeBreak(db: Db, userId: string, period: BreakPeriod, now: Date) {
  const until = new Date(now.getTime() + BREAK_PERIODS[period]);
  const kind = period === "1w" || period === "1m" ? "break" : "self_exclusion";
  return withTransaction(db, async (tx) => {
    await lockRow(tx, users, userId);
    const user = (await first(tx.select().from(users).where(eq(users.id, userId))))!;
    if (user.suspendedUntil && user.suspendedUntil > until) {
      return { suspendedUntil: user.suspendedUntil.toISOString(), kind: user.suspensionKind ?? kind };
    }
    const keepKind = user.suspensionKind === "self_exclusion" && user.suspendedUntil && user.suspendedUntil > now ? "self_exclusion" : kind;
    await tx.update(users).set({ suspendedUntil: until, suspensionKind: keepKind, suspensionReason: null }).where(eq(users.id, userId));
    return { suspendedUntil: until.toISOString(), kind: keepKind };
  });
}

/**
 * Closing an account signs it out everywhere and removes what is kept only to serve the customer:
 * contact details, marketing consent, notifications, pending links and browsing history. What the
 * law or the code of practice needs stays (privacy page): orders, entries and tickets (financial
 * records, six years), and the name, email and date of birth they belong to, so a self-exclusion
 * or an age refusal still holds if the same person registers again.
 */
export async function closeAccount(db: Db, userId: string, now: Date) {
  await withTransaction(db, async (tx) => {
    await tx
      .update(users)
      .set({
        isActive: false,
        closedAt: now,
        phone: null,
        address: null,
        city: null,
        postcode: null,
        marketingEmail: false,
        marketingConsentAt: now,
        unsubscribeToken: null,
      })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(authTokens).where(eq(authTokens.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(competitionViews).where(eq(competitionViews.userId, userId));
    await tx.delete(checkoutReminders).where(eq(checkoutReminders.userId, userId));
  });
  return { closed: true };
}
