import type { NumbersView } from "../../../shared/schemas/competition";
import { BLOCK_SIZE, blockOfNumber, outNumbers } from "./number-pages";

/** Guessing rounds before looking through whole blocks; each round reads at most one batch of blocks. */
const ROUNDS = 6;
const BLOCKS_PER_ROUND = 10;
/** Blocks read, at most, when guesses keep missing (nearly sold out); a small competition is read whole. */
const SWEEP_BLOCKS = 20;

interface LuckyDipOptions {
  /** How many numbers to find. */
  need: number;
  maxTickets: number;
  /** Numbers already chosen. */
  exclude: ReadonlySet<number>;
  /** The numbers read of one block (see number-pages.ts `blockQuery`). */
  loadBlock: (block: number) => Promise<Pick<NumbersView, "sold" | "held">>;
  random?: () => number;
}

/**
 * Up to `need` random free numbers of 1..maxTickets, none of them in `exclude`. Uniform guesses are
 * checked against the numbers reads of their blocks; when guesses keep missing, the free numbers of
 * the blocks read (and, if still short, of a few more) are drawn from instead. The reads are capped,
 * so it ends even when nearly everything is sold: then it returns the fewer numbers it found.
 */
export async function luckyDip({ need, maxTickets, exclude, loadBlock, random = Math.random }: LuckyDipOptions): Promise<number[]> {
  const blocks = Math.ceil(maxTickets / BLOCK_SIZE);
  const read = new Map<number, Map<number, "sold" | "held">>();
  const picked = new Set<number>();
  const load = async (ids: number[]) => {
    const views = await Promise.all(ids.map(loadBlock));
    ids.forEach((id, i) => read.set(id, outNumbers(views[i]!)));
  };
  const usable = (n: number) => !exclude.has(n) && !picked.has(n) && read.get(blockOfNumber(n))?.has(n) === false;
  const draw = (below: number) => Math.floor(random() * below);

  // A small competition is read whole (one batch), and drawn from exactly.
  if (blocks <= BLOCKS_PER_ROUND) await load(Array.from({ length: blocks }, (_, b) => b));
  else {
    for (let round = 0; round < ROUNDS && picked.size < need; round++) {
      const guesses = Array.from({ length: (need - picked.size) * 3 }, () => draw(maxTickets) + 1);
      const unread = [...new Set(guesses.map(blockOfNumber))].filter((b) => !read.has(b)).slice(0, BLOCKS_PER_ROUND);
      await load(unread);
      for (const n of guesses) if (picked.size < need && usable(n)) picked.add(n);
    }
  }

  const fromRead = () => {
    const free: number[] = [];
    for (const [block, out] of read) {
      const last = Math.min((block + 1) * BLOCK_SIZE, maxTickets);
      for (let n = block * BLOCK_SIZE + 1; n <= last; n++) if (!out.has(n) && !exclude.has(n) && !picked.has(n)) free.push(n);
    }
    // A partial Fisher-Yates shuffle: each remaining free number equally likely.
    for (let i = 0; i < free.length && picked.size < need; i++) {
      const j = i + draw(free.length - i);
      [free[i], free[j]] = [free[j]!, free[i]!];
      picked.add(free[i]!);
    }
  };
  fromRead();
  if (picked.size < need && read.size < blocks) {
    const start = draw(blocks);
    const more: number[] = [];
    for (let i = 0; i < blocks && more.length < SWEEP_BLOCKS; i++) {
      const block = (start + i) % blocks;
      if (!read.has(block)) more.push(block);
    }
    for (let i = 0; i < more.length && picked.size < need; i += BLOCKS_PER_ROUND) {
      await load(more.slice(i, i + BLOCKS_PER_ROUND));
      fromRead();
    }
  }
  return [...picked];
}
