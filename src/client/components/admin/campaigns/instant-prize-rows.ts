import { decimalToPence, formatPounds } from "../../../../shared/money";
import { MAX_INSTANT_UNITS, type AdminCompetition } from "../../../../shared/schemas/admin";

export type InstantPrizeKind = AdminCompetition["instantPrizes"][number]["kind"];
type InstantPrizeView = AdminCompetition["instantPrizes"][number];

/** At most this many prize lines (the server's limit). */
export const MAX_INSTANT_PRIZE_LINES = 50;

export const INSTANT_PRIZE_KINDS: ReadonlyArray<{ value: InstantPrizeKind; label: string }> = [
  { value: "cash", label: "Cash" },
  { value: "credit", label: "Site credit" },
  { value: "physical", label: "Physical prize" },
];

/** One instant prize as the admin types it; `key` keeps a row's inputs its own when a row above is removed. */
export interface InstantPrizeRow {
  key: string;
  name: string;
  kind: InstantPrizeKind;
  /** Pounds, e.g. "10.00". */
  value: string;
  count: string;
}

let lastKey = 0;

export function newInstantPrizeRow(prize: Partial<Omit<InstantPrizeRow, "key">> = {}): InstantPrizeRow {
  lastKey += 1;
  return { key: `instant-${lastKey}`, name: "", kind: "credit", value: "", count: "1", ...prize };
}

export const instantPrizeRowsFrom = (prizes: readonly InstantPrizeView[]): InstantPrizeRow[] =>
  prizes.map((p) => newInstantPrizeRow({ name: p.name, kind: p.kind, value: p.value, count: String(p.count) }));

const isBlank = (row: InstantPrizeRow) => !row.name.trim() && !row.value.trim();
const WHOLE = /^\d+$/;

/**
 * What is sent: rows with neither a name nor a value are dropped; the rest as typed, so the server
 * names any problem in its own words. A stored prize left alone goes back exactly as it came, so the
 * server keeps its committed numbers.
 */
export function instantPrizesFrom(rows: readonly InstantPrizeRow[]): Array<{ name: string; kind: InstantPrizeKind; value: string; count: number | string }> {
  return rows
    .filter((row) => !isBlank(row))
    .map((row) => {
      const count = row.count.trim();
      return { name: row.name.trim(), kind: row.kind, value: row.value.trim(), count: WHOLE.test(count) ? Number(count) : count };
    });
}

/** The rows that count: complete, with a whole count and a value in pence. */
function countedRows(rows: readonly InstantPrizeRow[]): Array<{ count: number; pence: number }> {
  return rows.flatMap((row) => {
    const count = row.count.trim();
    const pence = decimalToPence(row.value);
    return !isBlank(row) && WHOLE.test(count) && pence !== null ? [{ count: Number(count), pence }] : [];
  });
}

/** Whether the campaign will have instant prizes when saved (so it is an instant-win competition). */
export const hasInstantPrizes = (rows: readonly InstantPrizeRow[]): boolean => rows.some((row) => !isBlank(row));

/** "12 instant prizes worth £350.00 in all", or null while no row is complete. */
export function instantPrizesSummary(rows: readonly InstantPrizeRow[]): string | null {
  const counted = countedRows(rows);
  if (!counted.length) return null;
  const units = counted.reduce((n, r) => n + r.count, 0);
  const pence = counted.reduce((n, r) => n + r.count * r.pence, 0);
  return `${units.toLocaleString("en-GB")} instant ${units === 1 ? "prize" : "prizes"} worth ${formatPounds(pence)} in all`;
}

/** "12 prizes" for the campaign card: every unit of every prize. */
export function instantPrizeCount(prizes: readonly Pick<InstantPrizeView, "count">[]): string {
  const units = prizes.reduce((n, p) => n + p.count, 0);
  return `${units.toLocaleString("en-GB")} ${units === 1 ? "prize" : "prizes"}`;
}

export interface InstantPrizeProblem {
  message: string;
  /** The index of the row at fault, when one is. */
  row: number | null;
}

/** At most the server's limit of units, and no more than there are ticket numbers. */
function unitLimit(maxTickets: string): number {
  const max = Number(maxTickets.trim());
  return WHOLE.test(maxTickets.trim()) && max > 0 ? Math.min(MAX_INSTANT_UNITS, max) : MAX_INSTANT_UNITS;
}

function rowProblem(row: InstantPrizeRow): string | null {
  const count = row.count.trim();
  const pence = decimalToPence(row.value);
  if (!row.name.trim()) return "Name each instant prize";
  if (pence === null) return "Give each instant prize a value in £, e.g. 10.00";
  if (pence <= 0) return "An instant prize's value must be above zero";
  if (!WHOLE.test(count)) return "An instant prize's count must be a whole number";
  if (Number(count) < 1) return "At least one of each instant prize";
  return null;
}

/**
 * Why the rows cannot be saved, in the server's words where it has them, or null. While the admin
 * is typing only the total is checked; a row not yet complete is reported when saving.
 */
export function instantPrizesProblem(rows: readonly InstantPrizeRow[], maxTickets: string, when: "typing" | "saving"): InstantPrizeProblem | null {
  if (when === "saving") {
    for (const [index, row] of rows.entries()) {
      const message = isBlank(row) ? null : rowProblem(row);
      if (message) return { message, row: index };
    }
  }
  const units = countedRows(rows).reduce((n, r) => n + r.count, 0);
  const limit = unitLimit(maxTickets);
  if (units > limit) return { message: `At most ${limit} instant prizes in all`, row: null };
  return null;
}

/** Why instant prizes cannot be set with these settings (the server's rule: a maximum and random numbers), or null. */
export function instantPrizesBlocked(v: { maxTickets: string; allocation: "" | "random" | "sequential" }): string | null {
  if (!v.maxTickets.trim()) return "Set Max Tickets on Basic Info first: each instant prize is hidden on a ticket number from 1 to the maximum.";
  if (v.allocation === "sequential")
    return "Choose Ticket Numbers at random on Basic Info: instant prizes sit on numbers drawn at random before the first sale.";
  return null;
}
