import type { Statistics } from "../../../shared/schemas/content";

/** Shown when the statistics cannot be read (SPEC §9). */
export const STATISTICS_FALLBACK = { winners: "2200+", prizes: "£11m+", followers: "82k+" } as const;

/** One decimal place, without a trailing ".0": 2.2, 11.3, 82. */
function oneDecimal(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1).replace(/\.0$/, "");
}

/** 950 → "950+", 2214 → "2.2k+", 11250000 → "11.3m+". */
export function formatCompact(value: number): string {
  const n = Math.max(0, Math.floor(value));
  if (n >= 999_950) return `${oneDecimal(n / 1_000_000)}m+`;
  if (n >= 1000) return `${oneDecimal(n / 1000)}k+`;
  return `${n}+`;
}

export type StatisticValues = {
  winners: number | null;
  prizes: number | null;
  followers: number | null;
};

/** Each figure, or null when it is missing or zero (an unseeded site), so the fallback text is used. */
export function statisticValues(stats: Statistics | undefined): StatisticValues {
  const positive = (n: number) => (Number.isFinite(n) && n > 0 ? n : null);
  if (!stats) return { winners: null, prizes: null, followers: null };
  return {
    winners: positive(stats.totalWinners),
    prizes: positive(Number.parseFloat(stats.totalPrizeValue)),
    followers: positive(stats.totalFollowers),
  };
}
