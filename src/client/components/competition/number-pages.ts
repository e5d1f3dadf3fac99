import { NUMBERS_PER_REQUEST } from "../../../shared/competition-phase";
import type { NumbersView } from "../../../shared/schemas/competition";

/** The grid shows a page of 100 numbers; one numbers read covers ten pages (a block). */
export const PAGE_SIZE = 100;
export const BLOCK_SIZE = NUMBERS_PER_REQUEST;
const PAGES_PER_BLOCK = BLOCK_SIZE / PAGE_SIZE;

export type NumberState = "free" | "held" | "sold" | "chosen";

export interface Span {
  first: number;
  last: number;
}

export const pageCount = (maxTickets: number): number => Math.max(1, Math.ceil(maxTickets / PAGE_SIZE));

/** The numbers of a page (0-based), clipped to maxTickets. */
export function pageSpan(page: number, maxTickets: number): Span {
  const first = page * PAGE_SIZE + 1;
  return { first, last: Math.min(first + PAGE_SIZE - 1, maxTickets) };
}

/** "101–200" (en dash), as the page select shows it. */
export const spanLabel = ({ first, last }: Span): string => `${first}–${last}`;

export const pageOf = (n: number): number => Math.floor((n - 1) / PAGE_SIZE);

export const blockOfPage = (page: number): number => Math.floor(page / PAGES_PER_BLOCK);

export const blockOfNumber = (n: number): number => Math.floor((n - 1) / BLOCK_SIZE);

/** The one numbers read (`from`..`to`) that answers for block `block`: the same input the grid and Lucky Dip ask, so they share its cache. */
export function blockQuery(competitionId: string, block: number, maxTickets: number) {
  const from = block * BLOCK_SIZE + 1;
  return { id: competitionId, from, to: Math.min(from + BLOCK_SIZE - 1, maxTickets) };
}

/** The numbers of a read that are out, by state; every other number of from..to is free. */
export function outNumbers(view: Pick<NumbersView, "sold" | "held">): Map<number, "sold" | "held"> {
  const out = new Map<number, "sold" | "held">();
  for (const [state, ranges] of [
    ["sold", view.sold],
    ["held", view.held],
  ] as const) {
    for (const [first, last] of ranges) {
      if (first === undefined || last === undefined) continue;
      for (let n = first; n <= last; n++) out.set(n, state);
    }
  }
  return out;
}
