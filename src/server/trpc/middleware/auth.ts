import { TRPCError } from "@trpc/server";
import { middleware } from "../init";

/** Marks errors raised by the access walls, so tests (and logs) can tell them from business refusals. */
export class AccessDenied extends Error {
  constructor(readonly wall: "signed-out" | "role" | "origin") {
    super(`access denied: ${wall}`);
    this.name = "AccessDenied";
  }
}

export const SIGNED_OUT_MESSAGE = "You need to be logged in to access this page.";
export const NOT_ADMIN_MESSAGE = "You don't have permission to access this page. Admin privileges are required.";

/**
 * Cookies ride along on cross-site requests; a mutation authenticated by cookie must therefore come
 * from our own origin. Token headers cannot be forged cross-site, so they need no such check.
 */
export const requireSameOrigin = middleware(({ ctx, type, next }) => {
  if (type === "mutation" && ctx.authSource === "cookie" && !ctx.originOk) {
    throw new TRPCError({ code: "FORBIDDEN", message: "Cross-site request refused", cause: new AccessDenied("origin") });
  }
  return next();
});

export const requireUser = middleware(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: SIGNED_OUT_MESSAGE, cause: new AccessDenied("signed-out") });
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const requireAdmin = middleware(({ ctx, next }) => {
  if (ctx.user?.role !== "admin") {
    throw new TRPCError({ code: "FORBIDDEN", message: NOT_ADMIN_MESSAGE, cause: new AccessDenied("role") });
  }
  return next();
});
