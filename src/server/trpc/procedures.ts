import { baseProcedure } from "./init";
import { provideActor } from "./middleware/audit";
import { requireAdmin, requireSameOrigin, requireUser } from "./middleware/auth";
import { mapAppErrors } from "./middleware/errors";

/** Anyone. */
export const publicProcedure = baseProcedure.use(mapAppErrors).use(requireSameOrigin);
/** Signed in: 401 otherwise. */
export const customerProcedure = publicProcedure.use(requireUser);
/**
 * Signed in with role admin: 401 when signed out, 403 when signed in without the role. Resolvers
 * get `ctx.actor`; every admin write passes it to its service, which audits inside its transaction.
 */
export const adminProcedure = customerProcedure.use(requireAdmin).use(provideActor);

export { router, createCallerFactory } from "./init";
