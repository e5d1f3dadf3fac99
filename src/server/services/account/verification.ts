import { claimGuestCredit } from "../wallet";
import { and, eq, ne } from "drizzle-orm";
import { first, withTransaction, type Db } from "../../../../db/client";
import { users } from "../../../../db/schema";
import { VERIFY_LINK_INVALID } from "../../../shared/schemas/account";
import { verifyPassword } from "../../auth/password";
import { findLiveToken, issueToken, useToken, voidTokens } from "../../auth/tokens";
import { AppError } from "../../errors";
import { emailChangeConfirmMail, emailChangedMail, emailChangeNoticeMail, verifyEmailMail } from "../../mail/account-mails";
import { enqueueMail } from "../../mail/outbox";
import { EMAIL_TAKEN_MESSAGE, normaliseEmail, type SignInContext } from "../auth";

/** Sends a fresh verification link to the account's address (the route limits how often). */
export function resendVerification(db: Db, userId: string, from: SignInContext = {}): Promise<{ ok: true; alreadyVerified: boolean }> {
  const now = from.now ?? new Date();
  return withTransaction(db, async (tx) => {
    const user = await first(tx.select().from(users).where(eq(users.id, userId)));
    if (!user) throw new AppError("NOT_FOUND", "User not found");
    if (user.emailVerified) return { ok: true as const, alreadyVerified: true };
    const link = `${from.origin ?? ""}/auth/verify?token=${await issueToken(tx, user.id, "email_verify", user.email, now)}`;
    await enqueueMail(tx, verifyEmailMail({ to: user.email, name: user.firstName, link }));
    return { ok: true as const, alreadyVerified: false };
  });
}

/**
 * One page, /auth/verify, serves both links: a verification link confirms the address it was sent
 * to (if the account still has it); an email-change link moves the account to the new address,
 * verified, and tells the old one. Both work once, without signing in.
 */
export function confirmEmailLink(db: Db, token: string, now = new Date()): Promise<{ ok: true; kind: "verified" | "email_changed"; email: string }> {
  return withTransaction(db, async (tx) => {
    const live = await findLiveToken(tx, token, ["email_verify", "email_change"], now);
    if (!live || !(await useToken(tx, live.id, now))) throw new AppError("LINK_EXPIRED", VERIFY_LINK_INVALID);
    const user = await first(tx.select().from(users).where(eq(users.id, live.userId)));
    if (!user || !user.isActive) throw new AppError("LINK_EXPIRED", VERIFY_LINK_INVALID);
    if (live.kind === "email_verify") {
      if (user.email !== live.email) throw new AppError("LINK_EXPIRED", VERIFY_LINK_INVALID);
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      await claimGuestCredit(tx, { ...user, emailVerified: true });
      return { ok: true as const, kind: "verified" as const, email: user.email };
    }
    if (
      await first(
        tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, live.email), ne(users.id, user.id))),
      )
    ) {
      throw new AppError("EMAIL_TAKEN", "Another account has started using this address since the link was sent, so it cannot be moved to it.");
    }
    await tx.update(users).set({ email: live.email, emailVerified: true }).where(eq(users.id, user.id));
    await claimGuestCredit(tx, { ...user, email: live.email, emailVerified: true });
    await voidTokens(tx, user.id, "email_change", now);
    await voidTokens(tx, user.id, "email_verify", now);
    await voidTokens(tx, user.id, "password_reset", now);
    await enqueueMail(tx, emailChangedMail({ to: user.email, name: user.firstName, newEmail: live.email }));
    return { ok: true as const, kind: "email_changed" as const, email: live.email };
  });
}

/**
 * A change of address asks for the password (a borrowed, signed-in phone is not enough), mails a
 * confirmation link to the new address and a notice to the current one. Nothing changes until the
 * link is used.
 */
export async function requestEmailChange(
  db: Db,
  userId: string,
  args: { newEmail: string; password: string },
  from: SignInContext = {},
): Promise<{ ok: true; pendingEmail: string }> {
  const now = from.now ?? new Date();
  const newEmail = normaliseEmail(args.newEmail);
  const user = await first(db.select().from(users).where(eq(users.id, userId)));
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  if (!(await verifyPassword(user.passwordHash, args.password))) throw new AppError("WRONG_PASSWORD", "Your password is not right");
  if (newEmail === user.email) throw new AppError("INVALID_INPUT", "That is already your email address");
  return withTransaction(db, async (tx) => {
    if (await first(tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail)))) throw new AppError("EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);
    // Only the newest request counts: an older link to another address stops working.
    await voidTokens(tx, user.id, "email_change", now);
    const link = `${from.origin ?? ""}/auth/verify?token=${await issueToken(tx, user.id, "email_change", newEmail, now)}`;
    await enqueueMail(tx, emailChangeConfirmMail({ to: newEmail, name: user.firstName, link }));
    await enqueueMail(tx, emailChangeNoticeMail({ to: user.email, name: user.firstName, newEmail }));
    return { ok: true as const, pendingEmail: newEmail };
  });
}
