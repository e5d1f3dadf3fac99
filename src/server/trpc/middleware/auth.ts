import { AppError } from "../../errors";
import { middleware } from "../init";

export const SIGNED_OUT_MESSAGE = "You need to be logged in to access this page.";
export const NOT_ADMIN_MESSAGE = "You don't have permission to access this page. Admin privileges are required.";

type Wall = "signed-out" | "role" | "origin";
const WALLS = {
  "signed-out": { code: "SIGN_IN_REQUIRED", message: SIGNED_OUT_MESSAGE },
  role: { code: "ADMIN_ONLY", message: NOT_ADMIN_MESSAGE },
  origin: { code: "CROSS_SITE", message: "Cross-site request refused" },
} as const;

/** The refusal of an access wall: a coded AppError that tests (and logs) can tell from business refusals. */
export class AccessDenied extends AppError {
  constructor(readonly wall: Wall) {
    super(WALLS[wall].code, WALLS[wall].message);
    this.name = "AccessDenied";
  }
}

/**
 * Cookies ride along on cross-site requests; a mutation authenticated by cookie must therefore come
 * from our own origin. Token headers cannot be forged cross-site, so they need no such check.
 */
export const requireSameOrigin = middleware(({ ctx, type, next }) => {
  if (type === "mutation" && ctx.authSource === "cookie" && !ctx.originOk) {
    throw new AccessDenied("origin");
  }
  return next();
});

export const requireUser = middleware(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new AccessDenied("signed-out");
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/** The one definition of "an admin": requireAdmin and byRole both ask it, and nothing else reads a role. */
export function isAdmin(user: { role: string } | null | undefined): boolean {
  return user?.role === "admin";
}

export const requireAdmin = middleware(({ ctx, next }) => {
  if (!isAdmin(ctx.user)) {
    throw new AccessDenied("role");
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
