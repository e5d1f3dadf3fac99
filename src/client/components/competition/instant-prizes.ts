import { formatLondonDateTime, formatLondonShortDate } from "../../../shared/london-time";
import type { InstantWinsView } from "../../../shared/schemas/instant-wins";

export type InstantPrizeUnit = InstantWinsView["prizes"][number];

/** One prize as the campaign defined it: its units' name, kind and value, how many there are and how many are won. */
export interface InstantPrizeGroup {
  key: string;
  name: string;
  kind: InstantPrizeUnit["kind"];
  value: string;
  total: number;
  won: number;
  /** Won, then void (the winning entry refunded or disputed): forfeited, nobody has them. */
  voided: number;
}

/** Units back into prizes, in the order the campaign lists them (units of one prize need not be adjacent). */
export function groupInstantPrizes(units: readonly InstantPrizeUnit[]): InstantPrizeGroup[] {
  const groups = new Map<string, InstantPrizeGroup>();
  for (const u of units) {
    const key = `${u.name}\u0000${u.kind}\u0000${u.value}`;
    const group = groups.get(key) ?? { key, name: u.name, kind: u.kind, value: u.value, total: 0, won: 0, voided: 0 };
    group.total++;
    if (u.won) group.won++;
    if (u.voided) group.voided++;
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The units won and then void, the latest first. */
export function voidedUnits(units: readonly InstantPrizeUnit[]): InstantPrizeUnit[] {
  return units.filter((u) => u.voided).sort((a, b) => (b.voidedAt ?? "").localeCompare(a.voidedAt ?? ""));
}

/** The units won so far, the latest first. */
export function instantWinners(units: readonly InstantPrizeUnit[]): InstantPrizeUnit[] {
  return units.filter((u) => u.won).sort((a, b) => (b.wonAt ?? "").localeCompare(a.wonAt ?? ""));
}

/** "£10.00 site credit", "£100.00 cash", "A prize worth £500.00": what a unit is, beside the name the campaign gave it. */
export function prizeKindLabel(kind: InstantPrizeUnit["kind"], value: string): string {
  if (kind === "credit") return `£${value} site credit`;
  if (kind === "cash") return `£${value} cash`;
  return `A prize worth £${value}`;
}

/** Whether a prize's name already says its value ("£10 site credit" for "10.00"), so it need not be repeated. */
export function nameGivesValue(name: string, value: string): boolean {
  return name.includes(`£${value}`) || name.includes(`£${value.replace(/\.00$/, "")}`);
}

const readable = (iso: string | null) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** "21 November 2025 at 14:05", on the UK's clock, or null without a readable time. */
export function londonDateTime(iso: string | null): string | null {
  const date = readable(iso);
  if (!date) return null;
  return formatLondonDateTime(date);
}

/** "21 Nov 2025", on the UK's calendar. */
export function londonShortDate(iso: string | null): string {
  const date = readable(iso);
  if (!date) return "—";
  return formatLondonShortDate(date);
}
