import { claimGuestCredit } from "../wallet";
import { and, count, eq, gt } from "drizzle-orm";
import { transaction, type Db } from "../../../../db/client";
import { authTokens, sessions, users } from "../../../../db/schema";
import { RESET_LINK_INVALID } from "../../../shared/schemas/account";
import { hashPassword } from "../../auth/password";
import { createSession } from "../../auth/session";
import { findLiveToken, issueToken, useToken, voidTokens } from "../../auth/tokens";
import { AppError } from "../../errors";
import { passwordChangedMail, passwordResetMail } from "../../mail/account-mails";
import { enqueueMail } from "../../mail/outbox";
import { normaliseEmail, toAuthUser, type SignedIn, type SignInContext } from "../auth";

/** At most this many reset mails an hour to one address, whoever asks: nobody can flood a mailbox. */
export const RESET_MAILS_PER_HOUR = 3;

/**
 * "Forgot your password?": the same answer whether or not an account has this address, so the
 * form cannot be used to learn who is a customer. A known, open account gets a link (60 minutes,
 * single use); past RESET_MAILS_PER_HOUR to one address nothing more is sent, and the answer is still the same.
 */
export function requestPasswordReset(db: Db, rawEmail: string, from: SignInContext = {}): { ok: true; queued: boolean } {
  const email = normaliseEmail(rawEmail);
  const now = from.now ?? new Date();
  const user = db.select({ id: users.id, firstName: users.firstName, isActive: users.isActive }).from(users).where(eq(users.email, email)).get();
  if (!user || !user.isActive) return { ok: true, queued: false };
  return transaction(db, (tx) => {
    const since = new Date(now.getTime() - 60 * 60 * 1000);
    const sent = tx
      .select({ n: count() })
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, "password_reset"), gt(authTokens.createdAt, since)))
      .get()!.n;
    if (sent >= RESET_MAILS_PER_HOUR) return { ok: true as const, queued: false };
    const link = `${from.origin ?? ""}/auth/reset?token=${issueToken(tx, user.id, "password_reset", email, now)}`;
    enqueueMail(tx, passwordResetMail({ to: email, name: user.firstName, link }));
    return { ok: true as const, queued: true };
  });
}

/**
 * A new password from a reset link. Every session of the account ends (whoever knew the old
 * password is signed out), the customer is signed in afresh, and a notice goes to the address. The
 * link proved the customer reads that mailbox, so the address counts as verified too.
 */
export async function resetPassword(db: Db, token: string, password: string, from: SignInContext = {}): Promise<SignedIn> {
  const now = from.now ?? new Date();
  if (!findLiveToken(db, token, ["password_reset"], now)) throw new AppError("LINK_EXPIRED", RESET_LINK_INVALID);
  const passwordHash = await hashPassword(password);
  return transaction(db, (tx) => {
    // Checked again inside the write: of two submits of one link, only the first changes anything.
    const live = findLiveToken(tx, token, ["password_reset"], now);
    if (!live || !useToken(tx, live.id, now)) throw new AppError("LINK_EXPIRED", RESET_LINK_INVALID);
    const user = tx.select().from(users).where(eq(users.id, live.userId)).get();
    if (!user || !user.isActive || user.email !== live.email) throw new AppError("LINK_EXPIRED", RESET_LINK_INVALID);
    voidTokens(tx, user.id, "password_reset", now);
    const updated = tx.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, user.id)).returning().get()!;
    // Proving the address by its reset link verifies it: credit a guest won with it is now the account's.
    claimGuestCredit(tx, updated);
    tx.delete(sessions).where(eq(sessions.userId, user.id)).run();
    const { token: sessionToken, session } = createSession(tx, user.id, now, from.device ?? null);
    enqueueMail(tx, passwordChangedMail({ to: user.email, name: user.firstName }));
    return { token: sessionToken, session, user: toAuthUser(updated) };
  });
}
