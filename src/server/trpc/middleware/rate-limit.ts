import { rateLimited } from "../../errors";
import type { Context } from "../context";
import { middleware } from "../init";

/**
 * Refuses with 429 and Retry-After when the key (by default the client's address) has made more
 * than `limit` calls in the window, counted in the shop's counters (every process's on PostgreSQL).
 */
export function rateLimit(name: string, limit: number, windowMs: number, key: (ctx: Context) => string = (ctx) => ctx.ip) {
  return middleware(async ({ ctx, next }) => {
    const now = ctx.now().getTime();
    const window = await ctx.services.counters.add(`${name}:${key(ctx)}`, windowMs, now);
    if (window.count > limit) {
      const wait = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      throw rateLimited(`Too many requests. Please try again in ${wait} seconds.`, wait);
    }
    return next();
  });
}
