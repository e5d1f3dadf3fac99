import type { Db } from "../../db/client";
import type { Role } from "../../db/schema";
import { createCaller } from "../../src/server/routers/_app";
import { createContextInner } from "../../src/server/trpc/context";
import { createUserWithSession } from "../factories/users";

export type As = null | "customer" | "admin";

/** A server-side caller acting as nobody, a fresh customer or a fresh admin. */
export async function callerAs(db: Db, as: As) {
  if (as === null) return { caller: createCaller(createContextInner({ db })), user: null, token: null };
  const role: Role = as === "admin" ? "admin" : "user";
  const { user, token, session } = await createUserWithSession(db, role);
  const caller = createCaller(createContextInner({ db, user, session, authSource: "header" }));
  return { caller, user, token };
}
