import { TRPCError } from "@trpc/server";
import { middleware } from "../init";

/**
 * Cookies ride along on cross-site requests; a mutation authenticated by cookie must therefore come
 * from our own origin. Token headers cannot be forged cross-site, so they need no such check.
 */
export const requireSameOrigin = middleware(({ ctx, type, next }) => {
  if (type === "mutation" && ctx.authSource === "cookie" && !ctx.originOk) {
    throw new TRPCError({ code: "FORBIDDEN", message: "Cross-site request refused" });
  }
  return next();
});

export const requireUser = middleware(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: "You need to be logged in to access this page." });
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const requireAdmin = middleware(({ ctx, next }) => {
  if (ctx.user?.role !== "admin") {
    throw new TRPCError({
      code: "FORBIDDEN",
      message: "You don't have permission to access this page. Admin privileges are required.",
    });
  }
  return next();
});
