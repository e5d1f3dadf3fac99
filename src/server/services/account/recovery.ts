import { claimGuestCredit } from "../wallet";
import { and, count, eq, gt } from "drizzle-orm";
import { first, withTransaction, type Db } from "../../../../db/client";
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
export async function requestPasswordReset(db: Db, rawEmail: string, from: SignInContext = {}): Promise<{ ok: true; queued: boolean }> {
  const email = normaliseEmail(rawEmail);
  const now = from.now ?? new Date();
  // The account, the count of recent links and the new link in one transaction: the account is still
  // open, and two requests at once cannot both pass the hourly limit.
  return withTransaction(db, async (tx) => {
    const user = await first(tx.select({ id: users.id, firstName: users.firstName, isActive: users.isActive }).from(users).where(eq(users.email, email)));
    if (!user || !user.isActive) return { ok: true as const, queued: false };
    const since = new Date(now.getTime() - 60 * 60 * 1000);
    const sent = (await first(
      tx
        .select({ n: count() })
        .from(authTokens)
        .where(and(eq(authTokens.userId, user.id), eq(authTokens.kind, "password_reset"), gt(authTokens.createdAt, since))),
    ))!.n;
    if (sent >= RESET_MAILS_PER_HOUR) return { ok: true as const, queued: false };
    const link = `${from.origin ?? ""}/auth/reset?token=${await issueToken(tx, user.id, "password_reset", email, now)}`;
    await enqueueMail(tx, passwordResetMail({ to: email, name: user.firstName, link }));
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
  if (!(await findLiveToken(db, token, ["password_reset"], now))) throw new AppError("LINK_EXPIRED", RESET_LINK_INVALID);
  const passwordHash = await hashPassword(password);
  return withTransaction(db, async (tx) => {
    // Checked again inside the write: of two submits of one link, only the first changes anything.
    const live = await findLiveToken(tx, token, ["password_reset"], now);
    if (!live || !(await useToken(tx, live.id, now))) throw new AppError("LINK_EXPIRED", RESET_LINK_INVALID);
    const user = await first(tx.select().from(users).where(eq(users.id, live.userId)));
    if (!user || !user.isActive || user.email !== live.email) throw new AppError("LINK_EXPIRED", RESET_LINK_INVALID);
    await voidTokens(tx, user.id, "password_reset", now);
    const updated = (await first(tx.update(users).set({ passwordHash, emailVerified: true }).where(eq(users.id, user.id)).returning()))!;
    // Proving the address by its reset link verifies it: credit a guest won with it is now the account's.
    await claimGuestCredit(tx, updated);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    const { token: sessionToken, session } = await createSession(tx, user.id, now, from.device ?? null);
    await enqueueMail(tx, passwordChangedMail({ to: user.email, name: user.firstName }));
    return { token: sessionToken, session, user: toAuthUser(updated) };
  });
}
