import { rateLimited } from "../../errors";
import { RateLimiter } from "../../rate-limit";
import type { Context } from "../context";
import { middleware } from "../init";

/** Refuses with 429 and Retry-After when the key (by default the client's address) is over its limit. */
export function rateLimit(name: string, limit: number, windowMs: number, key: (ctx: Context) => string = (ctx) => ctx.ip) {
  const limiter = new RateLimiter(limit, windowMs);
  return middleware(({ ctx, next }) => {
    const wait = limiter.hit(`${name}:${key(ctx)}`, ctx.now().getTime());
    if (wait > 0) throw rateLimited(`Too many requests. Please try again in ${wait} seconds.`, wait);
    return next();
  });
}
