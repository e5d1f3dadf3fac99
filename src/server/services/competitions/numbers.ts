import type { Db } from "../../../../db/client";
import { NUMBERS_PER_REQUEST } from "../../../shared/competition-phase";
import type { NumbersView } from "../../../shared/schemas/competition";
import { AppError } from "../../errors";
import { findCompetition } from "./catalogue";

/** How long an answer is reused: the grid may be a second behind; the order's write is the authority. */
export const NUMBERS_TTL_MS = 1000;
const MAX_CACHED = 2000;

const cacheOf = new WeakMap<Db, Map<string, { at: number; view: NumbersView }>>();

/** Consecutive numbers (ascending) as [first, last] ranges. */
export function toRanges(numbers: readonly number[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const n of numbers) {
    const last = ranges.at(-1);
    if (last && n === last[1] + 1) last[1] = n;
    else ranges.push([n, n]);
  }
  return ranges;
}

/**
 * The grid's view of a capped competition's numbers from..to (at most NUMBERS_PER_REQUEST, clipped
 * to maxTickets): which are sold and which held. One index look-up per number, answered from memory
 * for up to a second, so thousands of buyers watching the grid cost a few queries a second.
 */
export async function numbersInRange(db: Db, input: { id: string; from?: number; to?: number }, now = Date.now()): Promise<NumbersView> {
  const key = `${input.id}:${input.from ?? ""}:${input.to ?? ""}`;
  let cache = cacheOf.get(db);
  if (!cache) cacheOf.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && now - hit.at < NUMBERS_TTL_MS) return hit.view;

  const c = await findCompetition(db, input.id);
  if (c.maxTickets === null) throw new AppError("NUMBERS_NOT_ALLOWED", "This competition has no fixed range of ticket numbers");
  const from = input.from ?? 1;
  if (from > c.maxTickets) throw new AppError("INVALID_INPUT", `Ticket numbers run from 1 to ${c.maxTickets}`);
  const to = Math.min(input.to ?? from + NUMBERS_PER_REQUEST - 1, c.maxTickets);
  if (to < from) throw new AppError("INVALID_INPUT", "to must not be below from");
  if (to - from + 1 > NUMBERS_PER_REQUEST) throw new AppError("INVALID_INPUT", `At most ${NUMBERS_PER_REQUEST.toLocaleString("en-GB")} numbers at a time`);

  const candidates: string[] = [];
  for (let n = from; n <= to; n++) candidates.push(String(n));
  const rows = await db.statements.numberStates.all({ competitionId: c.id, numbers: JSON.stringify(candidates) });
  const sold: number[] = [];
  const held: number[] = [];
  for (const r of rows) (r.status === "pending" ? held : sold).push(Number(r.number));
  sold.sort((a, b) => a - b);
  held.sort((a, b) => a - b);
  const view: NumbersView = { competitionId: c.id, from, to, maxTickets: c.maxTickets, pickNumbers: c.pickNumbers, sold: toRanges(sold), held: toRanges(held) };
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, { at: now, view });
  return view;
}
