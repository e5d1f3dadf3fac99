import { and, asc, count, eq, gte, inArray, lte, ne } from "drizzle-orm";
import { first, lockRow, withTransaction, type Db, type Tx } from "../../../../db/client";
import { notifications, orders, referrals, users, walletEntries, type Order, type Referral, type User } from "../../../../db/schema";
import { ukMonthStart } from "../../../shared/london-time";
import { formatPounds } from "../../../shared/money";
import { suspensionMessage } from "../protection/gate";
import { creditExpiryFrom, takeBackCredit } from "../wallet";
import { referralSettings, type ReferralSettings } from "./referral-settings";
import { selfReferralReason } from "./self-referral";

/*
 * What a referral earns (issue #33, item 1), decided by the server's timer, never on the purchase
 * path: a friend's first paid order starts the refund window; once it has passed with the order still
 * paid, both sides get the operator's site credit, once. A refund (of any amount) or a dispute of that
 * order before then means no reward, and after it takes the reward back (refunds.ts and events.ts
 * call takeBackReferral in the transaction that records them).
 */

const DAY = 24 * 60 * 60 * 1000;
/** Referrals looked at in one run, at most, for each step; the next run takes the rest. */
const BATCH = 200;
/** An order that was paid, whatever happened to it since. */
const ONCE_PAID = ["paid", "partially_refunded", "refunded", "disputed"] as const;

export type ReferralsTick = {
  /** Friends whose first paid order started the window. */
  started: number;
  rewarded: number;
  voided: number;
};

/** The timer's step: start the windows of new first orders, then reward (or void) the referrals whose window has passed. */
export async function referralsTick(db: Db, now = new Date()): Promise<ReferralsTick> {
  const done: ReferralsTick = { started: 0, rewarded: 0, voided: 0 };
  const s = await referralSettings(db);
  await startWindows(db, s, now, done);
  const due = await db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.status, "waiting"), lte(referrals.qualifiesAt, now)))
    .orderBy(asc(referrals.qualifiesAt))
    .limit(BATCH);
  for (const { id } of due) {
    const outcome = await withTransaction(db, (tx) => decide(tx, id, now));
    if (outcome === "rewarded") done.rewarded++;
    else if (outcome === "void") done.voided++;
  }
  return done;
}

/** Friends who joined and have paid for an order since: their first such order starts the window (or voids the referral when it was refunded or disputed already). */
async function startWindows(db: Db, s: ReferralSettings, now: Date, done: ReferralsTick): Promise<void> {
  const rows = await db
    .select({ referral: referrals, order: orders })
    .from(referrals)
    .innerJoin(orders, eq(orders.userId, referrals.referredId))
    .where(and(eq(referrals.status, "joined"), inArray(orders.status, [...ONCE_PAID])))
    .orderBy(asc(referrals.createdAt), asc(orders.createdAt))
    .limit(BATCH * 5);
  const firsts = new Map<string, { referral: Referral; order: Order }>();
  for (const row of rows) if (!firsts.has(row.referral.id)) firsts.set(row.referral.id, row);
  for (const { referral, order } of firsts.values()) {
    // Paid orders carry the time they were paid as their last change; one changed since (refunded, disputed) voids the referral.
    const set =
      order.status === "paid"
        ? { status: "waiting" as const, orderId: order.id, qualifiesAt: new Date(order.updatedAt.getTime() + s.windowDays * DAY), updatedAt: now }
        : { status: "void" as const, orderId: order.id, voidReason: WHY[order.status === "disputed" ? "disputed" : "refunded"].before, updatedAt: now };
    const moved = await db
      .update(referrals)
      .set(set)
      .where(and(eq(referrals.id, referral.id), eq(referrals.status, "joined")))
      .returning({ id: referrals.id });
    if (!moved.length) continue;
    if (set.status === "waiting") done.started++;
    else done.voided++;
  }
}

const userById = (tx: Tx, id: string) => first(tx.select().from(users).where(eq(users.id, id)));

/** Why a waiting referral, its window passed, earns nothing; null when it earns its reward. */
async function reasonForNothing(tx: Tx, r: Referral, s: ReferralSettings, now: Date): Promise<string | null> {
  if (!s.enabled) return "Referrals were switched off";
  const order = r.orderId ? await first(tx.select().from(orders).where(eq(orders.id, r.orderId))) : undefined;
  if (!order) return "The qualifying order no longer exists";
  if (order.status !== "paid") return WHY[order.status === "disputed" ? "disputed" : "refunded"].before;
  const referrer = await userById(tx, r.referrerId);
  const referred = await userById(tx, r.referredId);
  if (!referrer || referrer.role !== "user" || !referrer.isActive || referrer.closedAt) return "The referrer's account is closed or is a staff account";
  if (suspensionMessage(referrer, now)) return "The referrer is on a break, self-excluded or restricted";
  if (!referred || !referred.isActive || referred.closedAt) return "The new customer's account is closed";
  if (!referred.emailVerified) return "The new customer never confirmed their email address";
  const self = await selfReferralReason(tx, referrer, referred, order);
  if (self) return self;
  const given = await first(
    tx
      .select({ n: count() })
      .from(referrals)
      // This referral is already claimed as rewarded: it is not one of those counted.
      .where(
        and(eq(referrals.referrerId, r.referrerId), eq(referrals.status, "rewarded"), ne(referrals.id, r.id), gte(referrals.rewardedAt, ukMonthStart(now))),
      ),
  );
  if (Number(given?.n ?? 0) >= s.monthlyRewards) return `The referrer reached this month's limit of ${s.monthlyRewards} rewards`;
  return null;
}

/** One referral whose window has passed, in its own transaction: taken once (another run that got there first has moved it on). */
async function decide(tx: Tx, id: string, now: Date): Promise<"rewarded" | "void" | null> {
  const r = await first(tx.select().from(referrals).where(eq(referrals.id, id)));
  if (!r || r.status !== "waiting") return null;
  // The order before the account, as every writer takes them: a refund of it waits for this decision, or this for the refund.
  if (r.orderId) await lockRow(tx, orders, r.orderId);
  await lockRow(tx, users, r.referrerId);
  const claimed = await tx
    .update(referrals)
    .set({ status: "rewarded", rewardedAt: now, updatedAt: now })
    .where(and(eq(referrals.id, id), eq(referrals.status, "waiting")))
    .returning({ id: referrals.id });
  if (!claimed.length) return null;
  const s = await referralSettings(tx);
  const nothing = await reasonForNothing(tx, r, s, now);
  if (nothing) {
    await tx.update(referrals).set({ status: "void", rewardedAt: null, voidReason: nothing, updatedAt: now }).where(eq(referrals.id, id));
    return "void";
  }
  const referrer = (await userById(tx, r.referrerId))!;
  const referred = (await userById(tx, r.referredId))!;
  const expiresAt = await creditExpiryFrom(tx, now);
  const credit = async (user: User, pence: number, note: string) => {
    if (pence <= 0) return;
    await tx
      .insert(walletEntries)
      .values({ userId: user.id, email: user.email.toLowerCase(), amountPence: pence, kind: "referral", reference: id, note, expiresAt, createdAt: now });
    await tx.insert(notifications).values({ userId: user.id, type: "success", title: "Referral reward", message: note, createdAt: now });
  };
  await credit(
    referrer,
    s.referrerRewardPence,
    `Referral reward: ${referred.firstName} joined through your link and made a first order. ${formatPounds(s.referrerRewardPence)} of site credit.`,
  );
  await credit(
    referred,
    s.referredRewardPence,
    `Referral reward: you joined through ${referrer.firstName}'s link and made a first order. ${formatPounds(s.referredRewardPence)} of site credit.`,
  );
  await tx.update(referrals).set({ referrerRewardPence: s.referrerRewardPence, referredRewardPence: s.referredRewardPence }).where(eq(referrals.id, id));
  return "rewarded";
}

const WHY = {
  refunded: { before: "The first order was refunded", after: "was refunded" },
  disputed: { before: "The first order's payment was disputed", after: "had its payment disputed" },
} as const;

/** What taking a referral back did, for the audit row of the refund or dispute. */
export interface ReferralTakeBack {
  referralId: string;
  status: "void" | "reversed";
  takenBackPence: number;
  spentPence: number;
}

/**
 * The referral an order qualified (or was about to qualify) is undone when the order is refunded,
 * by any amount, or disputed: in the transaction that records it. Waiting: void, nothing given.
 * Rewarded: reversed, and both sides' credit taken back as a voided instant prize's is (what is left
 * of it taken back, what was spent owed). Null when the order qualified no referral.
 */
export async function takeBackReferral(tx: Tx, orderId: string, as: "refunded" | "disputed", now: Date): Promise<ReferralTakeBack | null> {
  const r = await first(
    tx
      .select()
      .from(referrals)
      .where(and(eq(referrals.orderId, orderId), inArray(referrals.status, ["waiting", "rewarded"]))),
  );
  if (!r) return null;
  if (r.status === "waiting") {
    const moved = await tx
      .update(referrals)
      .set({ status: "void", voidReason: WHY[as].before, updatedAt: now })
      .where(and(eq(referrals.id, r.id), eq(referrals.status, "waiting")))
      .returning({ id: referrals.id });
    return moved.length ? { referralId: r.id, status: "void", takenBackPence: 0, spentPence: 0 } : null;
  }
  const moved = await tx
    .update(referrals)
    .set({ status: "reversed", voidReason: `Taken back: the first order ${WHY[as].after}`, updatedAt: now })
    .where(and(eq(referrals.id, r.id), eq(referrals.status, "rewarded")))
    .returning({ id: referrals.id });
  if (!moved.length) return null;
  const back = await takeBackCredit(tx, "referral", [{ id: r.id, note: `Referral reward: the order that earned it ${WHY[as].after}.` }], now);
  return { referralId: r.id, status: "reversed", ...back };
}
