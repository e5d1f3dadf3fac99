import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../server/routers/_app";

export type Setting = inferRouterOutputs<AppRouter>["admin"]["settings"]["list"][number];

export function byCategory(settings: Setting[]): Array<[string, Setting[]]> {
  const groups = new Map<string, Setting[]>();
  for (const s of settings) groups.set(s.category, [...(groups.get(s.category) ?? []), s]);
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, list]) => [category, [...list].sort((x, y) => x.key.localeCompare(y.key))]);
}

/** Categories whose generated title would read poorly, by name. */
const CATEGORY_TITLES: Record<string, string> = {
  winners: "Winners",
  live_draw: "Live draw",
  promotion: "Promotion",
  player_protection: "Player protection",
  site_credit: "Site credit",
  marketing: "Marketing",
  referrals: "Referrals",
};

export function categoryTitle(category: string): string {
  return CATEGORY_TITLES[category] ?? humanise(category);
}

/** Settings whose label would read poorly from the key alone. */
const LABELS: Record<string, string> = {
  claim_window_days: "Claim window (days)",
  checkout_reminder_hours: "Unfinished checkout reminder after (hours, 0 = off)",
  credit_expiry_days: "Credit expires after (days, 0 = never)",
  referrals_enabled: "Refer a friend is on",
  referral_referrer_reward: "Reward for the customer who shared (£)",
  referral_referred_reward: "Reward for the friend who joined (£)",
  referral_monthly_rewards: "Rewards per customer per month, at most",
  referral_window_days: "Refund window before a reward (days)",
  live_draw_schedule: "Live draw day and time",
  live_stream_url: "Live stream address",
  promotion_enabled: "Show the promotion",
  promotion_title: "Promotion title",
  promotion_text: "Promotion text",
  promotion_competition_id: "Promoted competition",
};

/** Settings that may be left empty (the server reads empty as "none"). */
export const OPTIONAL_SETTINGS = new Set(["live_stream_url", "promotion_competition_id"]);

export function humanise(words: string): string {
  const text = words.replace(/[_-]+/g, " ").trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "General";
}

/** "max_video_size_mb" → "Max video size (MB)". */
export function settingLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  return humanise(key)
    .replace(/\bmb$/i, "(MB)")
    .replace(/\b30d\b/, "30-day");
}

export const isBooleanValue = (value: string) => value === "true" || value === "false";

export const isSizeKey = (key: string) => key.includes("size_mb");

/** Sizes of 1000 MB or more read in GB (SPEC §9). */
export function formatMegabytes(mb: number): string {
  if (!Number.isFinite(mb)) return "";
  return mb >= 1000 ? `${(mb / 1000).toFixed(mb % 1000 === 0 ? 0 : 1)} GB` : `${mb} MB`;
}

/** The rule a value must meet before it is sent, or null when it may go. */
export function settingProblem(key: string, value: string): string | null {
  const v = value.trim();
  if (isSizeKey(key)) {
    const n = Number(v);
    return v && Number.isFinite(n) && n >= 1 && n <= 5000 ? null : "Enter a size from 1 to 5000 MB";
  }
  return v || OPTIONAL_SETTINGS.has(key) ? null : "Enter a value";
}
