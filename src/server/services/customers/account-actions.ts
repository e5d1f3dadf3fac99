import { eq } from "drizzle-orm";
import { first, type Db } from "../../../../db/client";
import { users } from "../../../../db/schema";
import { DOB_IN_FUTURE, todayIso } from "../../../shared/schemas/admin";
import { AppError } from "../../errors";
import { audited, type Actor } from "../audit";
import { revokeAllSessions } from "../auth";

/** Sign a player out on every device; the audit row shares the transaction that deletes the sessions. */
export function signOutEverywhere(db: Db, actor: Actor, userId: string, reason: string | null): Promise<{ revoked: number }> {
  return audited(
    db,
    actor,
    (tx) => revokeAllSessions(tx, userId),
    () => ({ action: "admin.users.revokeSessions", targetId: userId, reason, details: reason === null ? { userId } : { userId, reason } }),
  );
}

/**
 * The age check rests on the date of birth, so once set only an admin changes it (a player who
 * mistyped asks support), with a reason. The previous value goes in the audit row so the change
 * can be read back.
 */
export async function changeDateOfBirth(db: Db, actor: Actor, userId: string, change: { dateOfBirth: string; reason: string }, now = new Date()) {
  if (change.dateOfBirth > todayIso(now)) throw new AppError("INVALID_INPUT", DOB_IN_FUTURE);
  const { previous } = await audited(
    db,
    actor,
    async (tx) => {
      const user = await first(tx.select({ dateOfBirth: users.dateOfBirth }).from(users).where(eq(users.id, userId)));
      if (!user) throw new AppError("NOT_FOUND", "User not found");
      await tx.update(users).set({ dateOfBirth: change.dateOfBirth }).where(eq(users.id, userId));
      return { previous: user.dateOfBirth };
    },
    ({ previous: was }) => ({
      action: "admin.users.changeDateOfBirth",
      targetId: userId,
      reason: change.reason,
      details: { userId, dateOfBirth: change.dateOfBirth, previousDateOfBirth: was, reason: change.reason },
    }),
  );
  return { userId, dateOfBirth: change.dateOfBirth, previousDateOfBirth: previous };
}
