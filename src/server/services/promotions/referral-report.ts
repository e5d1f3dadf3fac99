import { count, desc, eq, inArray, sql } from "drizzle-orm";
import { first, type Db } from "../../../../db/client";
import { REFERRAL_STATUSES, referrals, users, walletEntries } from "../../../../db/schema";
import { penceToDecimal } from "../../../shared/money";
import type { AdminReferrals, ReferralStatus } from "../../../shared/schemas/referrals";
import { referralSettings } from "./referral-settings";

/** GET /api/admin/referrals: the totals by status, the credit given and taken back, and one page of referrals, newest first. */
export async function adminReferrals(db: Db, q: { status?: ReferralStatus; page?: number; pageSize?: number } = {}): Promise<AdminReferrals> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 50;
  const byStatus = await db.select({ status: referrals.status, n: count() }).from(referrals).groupBy(referrals.status);
  const counts = Object.fromEntries(REFERRAL_STATUSES.map((s) => [s, 0])) as Record<ReferralStatus, number>;
  for (const row of byStatus) counts[row.status] = Number(row.n);
  const sum = async (kinds: Array<"referral" | "reversal" | "owed">) => {
    // Reversals and owed rows of referral credit carry the referral's id as their reference, as the reward did.
    const row = await first(
      db
        .select({ n: sql<number>`coalesce(sum(${walletEntries.amountPence}), 0)` })
        .from(walletEntries)
        .innerJoin(referrals, eq(referrals.id, walletEntries.reference))
        .where(inArray(walletEntries.kind, kinds)),
    );
    return Math.abs(Number(row?.n ?? 0));
  };
  const where = q.status ? eq(referrals.status, q.status) : undefined;
  const rows = await db
    .select()
    .from(referrals)
    .where(where)
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const ids = [...new Set(rows.flatMap((r) => [r.referrerId, r.referredId]))];
  const people = new Map(
    (ids.length
      ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, ids))
      : []
    ).map((u) => [u.id, { id: u.id, name: `${u.firstName} ${u.lastName}`.trim(), email: u.email }]),
  );
  const person = (id: string) => people.get(id) ?? { id, name: "", email: "" };
  const total = q.status ? counts[q.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    enabled: (await referralSettings(db)).enabled,
    totals: { ...counts, creditGiven: penceToDecimal(await sum(["referral"])), creditTakenBack: penceToDecimal(await sum(["reversal", "owed"])) },
    items: rows.map((r) => ({
      id: r.id,
      referrer: person(r.referrerId),
      referred: person(r.referredId),
      status: r.status,
      reason: r.voidReason,
      orderId: r.orderId,
      joinedAt: r.createdAt.toISOString(),
      qualifiesAt: r.qualifiesAt?.toISOString() ?? null,
      rewardedAt: r.rewardedAt?.toISOString() ?? null,
      referrerReward: penceToDecimal(r.referrerRewardPence),
      referredReward: penceToDecimal(r.referredRewardPence),
    })),
    page,
    pageSize,
    total,
  };
}
