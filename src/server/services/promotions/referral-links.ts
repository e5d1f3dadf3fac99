import { desc, eq } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { first, type Db, type Tx } from "../../../../db/client";
import { referrals, users, type User } from "../../../../db/schema";
import { penceToDecimal } from "../../../shared/money";
import type { MyReferrals } from "../../../shared/schemas/referrals";
import { suspensionMessage } from "../protection/gate";
import { referralSettings } from "./referral-settings";

/*
 * Share links (issue #33, item 1): every verified customer has one, /r/{code}; a visitor who opens it
 * carries the code in a cookie, and an account made with it is recorded as that customer's referral.
 * What it earns is decided later (referral-rewards.ts).
 */

/**
 * A code is the account id's last 10 hex digits (users.referral_code, computed by the database), so
 * anything else in /r/{code} is not one.
 */
export const REFERRAL_CODE_PATTERN = /^[0-9a-f]{10}$/;

type MayRefer = Pick<User, "role" | "emailVerified" | "isActive" | "closedAt" | "suspendedUntil" | "suspensionKind" | "restrictedAt">;

/**
 * Why a customer has no share link now, or null when they may have one. Someone on a break,
 * self-excluded or restricted is not paid to bring others in to play: their link rests meanwhile.
 */
export function noLinkReason(user: MayRefer, enabled: boolean, now = new Date()): string | null {
  if (!enabled) return "Refer a friend is not running at the moment.";
  if (user.role !== "user") return "Staff accounts cannot refer customers.";
  if (!user.isActive || user.closedAt) return "This account is closed.";
  if (!user.emailVerified) return "Confirm your email address to get your share link.";
  if (suspensionMessage(user, now)) return "Your share link rests while your account is on a break, self-excluded or restricted.";
  return null;
}

/**
 * The account a code names: one look-up in the code's index. Two accounts whose ids end alike (about
 * one pair in two million among a hundred thousand customers) share a code, which then names nobody.
 */
export async function referrerByCode<T extends Record<string, unknown>>(
  db: Tx,
  code: string,
  fields: { [K in keyof T]: SQLiteColumn },
): Promise<T | undefined> {
  if (!REFERRAL_CODE_PATTERN.test(code)) return undefined;
  const found = (await db
    .select(fields as Record<string, SQLiteColumn>)
    .from(users)
    .where(eq(users.referralCode, code))
    .limit(2)) as unknown as T[];
  return found.length === 1 ? found[0] : undefined;
}

/** GET /api/user/referrals */
export async function myReferrals(db: Db, user: User, origin: string): Promise<MyReferrals> {
  const s = await referralSettings(db);
  const reason = noLinkReason(user, s.enabled, new Date());
  const link = reason || !user.referralCode ? null : `${origin.replace(/\/+$/, "")}/r/${user.referralCode}`;
  const rows = await db
    .select({ firstName: users.firstName, joinedAt: referrals.createdAt, status: referrals.status, earnedPence: referrals.referrerRewardPence })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(eq(referrals.referrerId, user.id))
    .orderBy(desc(referrals.createdAt))
    .limit(500);
  const kept = (status: string, pence: number) => (status === "rewarded" ? pence : 0);
  const through = await first(
    db
      .select({ firstName: users.firstName, status: referrals.status, earnedPence: referrals.referredRewardPence })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referrerId))
      .where(eq(referrals.referredId, user.id)),
  );
  return {
    enabled: s.enabled,
    link,
    reason,
    referrerReward: penceToDecimal(s.referrerRewardPence),
    referredReward: penceToDecimal(s.referredRewardPence),
    monthlyRewards: s.monthlyRewards,
    windowDays: s.windowDays,
    referrals: rows.map((r) => ({
      firstName: r.firstName,
      joinedAt: r.joinedAt.toISOString(),
      status: r.status,
      earned: penceToDecimal(kept(r.status, r.earnedPence)),
    })),
    earned: penceToDecimal(rows.reduce((sum, r) => sum + kept(r.status, r.earnedPence), 0)),
    joinedThrough: through ? { firstName: through.firstName, status: through.status, earned: penceToDecimal(kept(through.status, through.earnedPence)) } : null,
  };
}

/**
 * At sign-up, in the new account's transaction: the code the visitor's cookie carries makes the
 * account a referral of the customer it belongs to, when referrals are on and that customer may refer
 * (verified, open, not staff). Anything else is ignored: a sign-up never fails because of a code.
 */
export async function joinThroughReferral(tx: Tx, code: string | null | undefined, referred: Pick<User, "id">, now: Date): Promise<boolean> {
  if (!code) return false;
  const found = await referrerByCode<{ id: string }>(tx, code, { id: users.id });
  const referrer = found && (await first(tx.select().from(users).where(eq(users.id, found.id))));
  if (!referrer || referrer.id === referred.id) return false;
  const s = await referralSettings(tx);
  if (noLinkReason(referrer, s.enabled, now)) return false;
  await tx.insert(referrals).values({ referrerId: referrer.id, referredId: referred.id, createdAt: now, updatedAt: now }).onConflictDoNothing();
  return true;
}

/** What the customer's data export says of referrals: their code, who referred them, whom they referred. */
export async function referralsForExport(db: Db, user: Pick<User, "id" | "referralCode">) {
  const through = await first(
    db
      .select({ firstName: users.firstName, status: referrals.status, joinedAt: referrals.createdAt })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.referrerId))
      .where(eq(referrals.referredId, user.id)),
  );
  const referred = await db
    .select({ firstName: users.firstName, status: referrals.status, joinedAt: referrals.createdAt, pence: referrals.referrerRewardPence })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(eq(referrals.referrerId, user.id))
    .orderBy(desc(referrals.createdAt));
  return {
    code: user.referralCode,
    joinedThrough: through ? { ...through, joinedAt: through.joinedAt.toISOString() } : null,
    referred: referred.map((r) => ({
      firstName: r.firstName,
      status: r.status,
      joinedAt: r.joinedAt.toISOString(),
      earned: penceToDecimal(r.status === "rewarded" ? r.pence : 0),
    })),
  };
}
