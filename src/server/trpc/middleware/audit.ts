import type { Actor } from "../../services/audit";
import { middleware } from "../init";
import { AccessDenied } from "./auth";

/**
 * Gives admin resolvers `ctx.actor`, the admin on whose behalf a service changes data. Admin
 * services write their own audit row inside the transaction of the change (services/audit.ts);
 * nothing is appended after the fact, so a change cannot escape the log and a rolled-back change
 * leaves no row.
 */
export const provideActor = middleware(({ ctx, next }) => {
  // Unreachable behind requireUser; checked so the actor is never made up.
  if (!ctx.user) throw new AccessDenied("signed-out");
  const actor: Actor = { id: ctx.user.id, email: ctx.user.email };
  return next({ ctx: { actor } });
});
