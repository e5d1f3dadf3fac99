import { baseProcedure } from "./init";
import { auditAdminWrites } from "./middleware/audit";
import { requireAdmin, requireSameOrigin, requireUser } from "./middleware/auth";
import { mapAppErrors } from "./middleware/errors";

/** Anyone. */
export const publicProcedure = baseProcedure.use(mapAppErrors).use(requireSameOrigin);
/** Signed in: 401 otherwise. */
export const customerProcedure = publicProcedure.use(requireUser);
/** Signed in with role admin: 401 when signed out, 403 when signed in without the role. Writes are audited. */
export const adminProcedure = customerProcedure.use(requireAdmin).use(auditAdminWrites);

export { router, createCallerFactory } from "./init";
