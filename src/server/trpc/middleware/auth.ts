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

/** The one definition of "an admin": requireAdmin and byRole both ask it, and nothing else reads a role. */
export function isAdmin(user: { role: string } | null | undefined): boolean {
  return user?.role === "admin";
}

export const requireAdmin = middleware(({ ctx, next }) => {
  if (!isAdmin(ctx.user)) {
    throw new TRPCError({ code: "FORBIDDEN", message: NOT_ADMIN_MESSAGE, cause: new AccessDenied("role") });
  }
  return next();
});

/**
 * For the rare documented path that SPEC §7 gives two audiences (GET /api/notifications is both the
 * customer's list and the admin's management list): the caller's role picks which of two resolvers
 * answers. Each resolver stays role-free and calls its own service; the role is read here, beside
 * the procedure builders' walls, and never inside a resolver or a service.
 */
export function byRole<Opts extends { ctx: { user: { role: string } } }, R>(resolvers: { admin: (opts: Opts) => R; others: (opts: Opts) => R }) {
  return (opts: Opts): R => (isAdmin(opts.ctx.user) ? resolvers.admin(opts) : resolvers.others(opts));
}
