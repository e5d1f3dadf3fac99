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

export function humanise(words: string): string {
  const text = words.replace(/[_-]+/g, " ").trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "General";
}

/** "max_video_size_mb" → "Max video size (MB)". */
export function settingLabel(key: string): string {
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
  return v ? null : "Enter a value";
}
