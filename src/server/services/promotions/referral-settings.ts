import type { Tx } from "../../../../db/client";
import { decimalToPence } from "../../../shared/money";
import { getSetting, numberSetting } from "../settings";

/** The operator's referral settings (/admin/settings, Referrals), read together. */
export interface ReferralSettings {
  enabled: boolean;
  referrerRewardPence: number;
  referredRewardPence: number;
  /** Rewards one referrer may earn in a calendar month (UK time). */
  monthlyRewards: number;
  /** Days after the friend's first paid order before the reward. */
  windowDays: number;
}

export async function referralSettings(db: Tx): Promise<ReferralSettings> {
  return {
    enabled: (await getSetting(db, "referrals_enabled")) === "true",
    referrerRewardPence: decimalToPence((await getSetting(db, "referral_referrer_reward")) ?? "0") ?? 0,
    referredRewardPence: decimalToPence((await getSetting(db, "referral_referred_reward")) ?? "0") ?? 0,
    monthlyRewards: await numberSetting(db, "referral_monthly_rewards", 5),
    windowDays: await numberSetting(db, "referral_window_days", 14),
  };
}
