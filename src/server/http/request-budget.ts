import type { IncomingMessage, ServerResponse } from "node:http";
import type { Counters } from "../limits";

export interface RequestBudgetOptions {
  /** Sustained API calls a second per client address. */
  perSecond: number;
  /** Calls an address may make at once before the sustained rate applies. */
  burst: number;
}

/** Calls in one tRPC batch at most; the web app's batch link sends no more. */
export const MAX_TRPC_BATCH = 10;

export const BATCH_TOO_LARGE_MESSAGE = `Too many calls in one request: a batch may hold at most ${MAX_TRPC_BATCH}.`;

/**
 * The budget in front of the API: each address may make `burst` calls at once and `perSecond`
 * after that (a tRPC batch costs one per call in it); past it, a 429 with Retry-After, answered
 * before any procedure, session look-up or body parsing. Health checks are outside it, so a
 * monitor shares nothing with a client that is hammering the shop. The buckets are in the shop's
 * counters, shared by every process on PostgreSQL; when the database cannot be asked, the call
 * goes on (and is answered 503 by what it needed the database for).
 */
export function createRequestBudget(options: RequestBudgetOptions | null, counters: Counters) {
  if (!options || options.perSecond <= 0) return () => Promise.resolve(true);
  const { perSecond, burst } = options;
  return async (req: IncomingMessage, res: ServerResponse, ip: string, cost: number, trpc: boolean): Promise<boolean> => {
    const wait = await counters.take(`api:${ip}`, cost, perSecond, burst, Date.now()).catch(() => 0);
    if (wait === 0) return true;
    const message = `Too many requests. Please try again in ${wait} ${wait === 1 ? "second" : "seconds"}.`;
    const body = trpc
      ? { error: { message, code: -32029, appCode: "RATE_LIMITED", data: { code: "TOO_MANY_REQUESTS", httpStatus: 429, appCode: "RATE_LIMITED" } } }
      : { message, code: "TOO_MANY_REQUESTS", appCode: "RATE_LIMITED" };
    const text = JSON.stringify(body);
    res.writeHead(429, {
      "Content-Type": "application/json; charset=utf-8",
      "Retry-After": String(wait),
      "Content-Length": Buffer.byteLength(text),
      "Cache-Control": "no-store",
    });
    res.end(text);
    req.resume();
    return false;
  };
}
