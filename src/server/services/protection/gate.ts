import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { first, type Tx } from "../../../../db/client";
import { orders, protectionEvents, users, type User } from "../../../../db/schema";
import { ageOn, formatLondonDate, ukMonthStart } from "../../../shared/london-time";
import { decimalToPence, formatPounds, penceToDecimal } from "../../../shared/money";
import { AppError } from "../../errors";
import { getSetting } from "../settings";

/*
 * The purchase gate: every rule of the code of practice an order must pass (age, breaks and
 * exclusions, monthly limits, the credit-card cap), checked inside the order's own write.
 */

export const UNDER_18_MESSAGE = "You must be 18 or over to enter our competitions.";

export const DOB_NEEDED_MESSAGE = "Please add your date of birth to your profile before entering: our competitions are for people aged 18 or over.";

export const VERIFY_TO_PAY_MESSAGE = "Please confirm your email address before paying: use the link we emailed you, or send a new one from your account.";

export function assertAdult(dateOfBirth: string | null, now: Date): void {
  if (!dateOfBirth) throw new AppError("DATE_OF_BIRTH_NEEDED", DOB_NEEDED_MESSAGE);
  if (ageOn(dateOfBirth, now) < 18) throw new AppError("UNDER_18", UNDER_18_MESSAGE);
}

export function suspensionMessage(user: Pick<User, "suspendedUntil" | "suspensionKind" | "closedAt" | "restrictedAt">, now: Date): string | null {
  if (user.closedAt) return "This account is closed.";
  if (user.restrictedAt) return "Your account has been restricted by our player protection team. Please contact us.";
  if (!user.suspendedUntil || user.suspendedUntil <= now) return null;
  const until = formatLondonDate(user.suspendedUntil);
  if (user.suspensionKind === "self_exclusion") return `You have self-excluded until ${until}. You cannot enter competitions or buy tickets until then.`;
  return `You are taking a break until ${until}. You cannot enter competitions or buy tickets until then.`;
}

/**
 * Applies a raised limit whose cooling-off period has passed. `user` must have been read in the
 * caller's transaction: what is written is decided from it.
 */
export async function effectiveLimit(db: Tx, user: User, now: Date): Promise<number | null> {
  if (user.pendingLimitEffectiveAt && user.pendingLimitEffectiveAt <= now) {
    const next = user.pendingLimitRemoves ? null : user.pendingLimitPence;
    await db
      .update(users)
      .set({ monthlyLimitPence: next, pendingLimitPence: null, pendingLimitRemoves: false, pendingLimitEffectiveAt: null })
      .where(eq(users.id, user.id));
    user.monthlyLimitPence = next;
    user.pendingLimitPence = null;
    user.pendingLimitRemoves = false;
    user.pendingLimitEffectiveAt = null;
  }
  return user.monthlyLimitPence;
}

export async function spentThisMonth(db: Tx, userId: string, now: Date, funding?: "credit"): Promise<number> {
  const cardKept = sql`${orders.totalPence} - ${orders.creditPence} - ${orders.refundedPence}`;
  const row = await first(
    db
      // What was kept of every order not failed: one waiting on the bank (3-D Secure) counts already,
      // and a refund counts back only what it gave back.
      // By card funding, the card's part only: refunds give the card back first, so what a card kept is its part less the refunds.
      .select({
        n: funding
          ? sql<number>`coalesce(sum(case when ${cardKept} > 0 then ${cardKept} else 0 end), 0)`
          : sql<number>`coalesce(sum(${orders.totalPence} - ${orders.refundedPence}), 0)`,
      })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          inArray(orders.status, ["paid", "pending", "requires_action", "partially_refunded", "refunded", "disputed"]),
          gte(orders.createdAt, ukMonthStart(now)),
          funding ? eq(orders.cardFunding, funding) : undefined,
        ),
      ),
  );
  return Number(row?.n ?? 0);
}

export async function recordEvent(db: Tx, userId: string, kind: (typeof protectionEvents.$inferInsert)["kind"], detail: string, now: Date): Promise<void> {
  await db.insert(protectionEvents).values({ userId, kind, detail, createdAt: now });
}

export interface EntryCheck {
  userId: string | null;
  /** The account, when the caller has read it already in this transaction. */
  user?: User;
  totalPence: number;
  /** What the card pays (the total less site credit); the total when absent. */
  cardPence?: number;
  funding: "debit" | "credit" | "prepaid" | "unknown";
  instantWin: boolean;
  now: Date;
}

/**
 * Every rule of the code of practice that an order must pass, checked inside the order's write
 * transaction so that two simultaneous orders cannot both fit under one limit.
 */
export async function assertMayBuy(tx: Tx, check: EntryCheck): Promise<void> {
  if (!check.userId) {
    if ((await getSetting(tx, "allow_guest_checkout")) !== "true") {
      throw new AppError(
        "SIGN_IN_REQUIRED",
        "Please sign in or create an account to enter. It keeps your tickets together and lets us check you are 18 or over.",
      );
    }
    if (check.funding === "credit") await assertCreditCardAllowed(tx, { ...check, cardPence: check.cardPence ?? check.totalPence });
    return;
  }
  const user = check.user ?? (await tx.statements.userById.get({ id: check.userId }));
  if (!user) throw new AppError("SIGN_IN_REQUIRED", "Please sign in again.");
  const suspended = suspensionMessage(user, check.now);
  if (suspended) throw new AppError("SUSPENDED", suspended);
  assertAdult(user.dateOfBirth, check.now);
  if (!user.emailVerified && (await getSetting(tx, "require_verified_email")) === "true") throw new AppError("EMAIL_NOT_VERIFIED", VERIFY_TO_PAY_MESSAGE);
  const limit = await effectiveLimit(tx, user, check.now);
  if (limit !== null) {
    const spent = await spentThisMonth(tx, user.id, check.now);
    if (spent + check.totalPence > limit) {
      const left = Math.max(0, limit - spent);
      throw new AppError(
        "SPENDING_LIMIT",
        `This order would take you over your monthly spending limit of ${formatPounds(limit)}. You have ${formatPounds(left)} left this month.`,
        { remainingThisMonth: penceToDecimal(left), protectionEvent: { kind: "limit_reached", detail: `order of ${formatPounds(check.totalPence)}` } },
      );
    }
  }
  if (check.funding === "credit") await assertCreditCardAllowed(tx, { ...check, cardPence: check.cardPence ?? check.totalPence });
}

const CREDIT_CARD_NOT_ALLOWED_MESSAGE = "Credit cards cannot be used for instant-win competitions. Please use a debit card.";
const CREDIT_CARD_LIMIT_OPENING = "Credit card payments are limited to ";

/**
 * Why an order failed, in the buyer's words, when it is theirs to know: the credit-card rules that
 * refused a card found only at settlement (the reason recorded on the order is then their message).
 * Null for every other failure (a decline, an expired hold, the operator's own notes).
 */
export function buyerFailureMessage(reason: string | null): string | null {
  if (!reason) return null;
  return reason === CREDIT_CARD_NOT_ALLOWED_MESSAGE || reason.startsWith(CREDIT_CARD_LIMIT_OPENING) ? reason : null;
}

/**
 * The credit-card rules: none on instant-win competitions, and at most the monthly cap of the
 * account's credit-card spending. Checked when the order is held if the provider can say what the
 * card is before paying (Stripe, the simulator), and again when it settles with a credit card the
 * hold did not know about (an acquirer whose card form comes after the order, such as Cashflows).
 */
export async function assertCreditCardAllowed(tx: Tx, check: { userId: string | null; cardPence: number; instantWin: boolean; now: Date }): Promise<void> {
  if (check.cardPence <= 0) return;
  if (check.instantWin) throw new AppError("CREDIT_CARD_NOT_ALLOWED", CREDIT_CARD_NOT_ALLOWED_MESSAGE);
  if (!check.userId) return;
  const cap = decimalToPence((await getSetting(tx, "credit_card_monthly_cap")) ?? "250.00") ?? 25_000;
  const creditSpent = await spentThisMonth(tx, check.userId, check.now, "credit");
  if (creditSpent + check.cardPence > cap) {
    throw new AppError(
      "CREDIT_CARD_LIMIT",
      `${CREDIT_CARD_LIMIT_OPENING}${formatPounds(cap)} a month. You have ${formatPounds(Math.max(0, cap - creditSpent))} of credit card spending left this month; a debit card can be used instead.`,
      { protectionEvent: { kind: "credit_cap_reached", detail: `order of ${formatPounds(check.cardPence)}` } },
    );
  }
}

/** A refusal that is itself a sign of harm is recorded after its transaction has rolled back. */
export async function recordRefusal(db: Tx, userId: string | null, err: unknown, now: Date): Promise<void> {
  const event =
    err instanceof AppError ? (err.details?.protectionEvent as { kind: "limit_reached" | "credit_cap_reached"; detail: string } | undefined) : undefined;
  if (userId && event) await recordEvent(db, userId, event.kind, event.detail, now);
}
