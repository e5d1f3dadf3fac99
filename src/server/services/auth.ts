import { and, eq, ne } from "drizzle-orm";
import { first, withTransaction, type Db, type Tx } from "../../../db/client";
import { sessions, users, type User } from "../../../db/schema";
import type { AuthUser, CustomerProfile } from "../../shared/schemas/auth";
import { decoyHash, hashPassword, verifyPassword } from "../auth/password";
import type { LoginThrottle } from "../auth/login-throttle";
import { createSession, invalidateSession, invalidateUserSessions, type SessionRecord } from "../auth/session";
import { AppError, rateLimited } from "../errors";
import { issueToken } from "../auth/tokens";
import { verifyEmailMail } from "../mail/account-mails";
import { enqueueMail } from "../mail/outbox";
import { joinThroughReferral } from "./promotions/referral-links";

export const INVALID_CREDENTIALS = "Invalid email or password";
/**
 * Registration signs the new customer in, so it cannot hide that an address is taken; it says what
 * to do instead (and is rate limited per address, so it is no quick way to test a list of emails).
 */
export const EMAIL_TAKEN_MESSAGE =
  "An account with this email already exists. Please sign in instead; if you have forgotten your password, use 'Forgot your password?' on the sign-in page.";

export function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    phone: user.phone,
    dateOfBirth: user.dateOfBirth,
    address: user.address,
    city: user.city,
    postcode: user.postcode,
    country: user.country,
    emailVerified: user.emailVerified,
    marketingEmail: user.marketingEmail,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toCustomerProfile(user: User): CustomerProfile {
  return { ...toAuthUser(user), isActive: user.isActive, closedAt: user.closedAt?.toISOString() ?? null };
}

export interface RegisterArgs {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  dateOfBirth: string | null;
  address: string | null;
  city: string | null;
  postcode: string | null;
  country: string;
  marketingEmail?: boolean;
}

/** Where a sign-in comes from: the device it is described as, the shop's origin for mailed links. */
export interface SignInContext {
  device?: string | null;
  origin?: string;
  now?: Date;
  /** The share link's code the visitor arrived with: a new account becomes that customer's referral. */
  referralCode?: string | null;
}

export interface SignedIn {
  token: string;
  session: SessionRecord;
  user: AuthUser;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Registration signs the customer in and mails a link that confirms the address (24 hours, single use). */
export async function register(db: Db, args: RegisterArgs, from: SignInContext = {}): Promise<SignedIn> {
  const email = normaliseEmail(args.email);
  const now = from.now ?? new Date();
  const { marketingEmail = false, ...fields } = args;
  const passwordHash = await hashPassword(args.password);
  const existing = await first(db.select({ id: users.id }).from(users).where(eq(users.email, email)));
  if (existing) throw new AppError("EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);
  const user = await withTransaction(db, async (tx) => {
    // Checked again inside the write so two simultaneous sign-ups cannot both pass.
    if (await first(tx.select({ id: users.id }).from(users).where(eq(users.email, email)))) {
      throw new AppError("EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);
    }
    const created = (await first(
      tx
        .insert(users)
        .values({ ...fields, email, passwordHash, marketingEmail, marketingConsentAt: marketingEmail ? now : null })
        .returning(),
    ))!;
    const link = `${from.origin ?? ""}/auth/verify?token=${await issueToken(tx, created.id, "email_verify", email, now)}`;
    await enqueueMail(tx, verifyEmailMail({ to: email, name: created.firstName, link }));
    await joinThroughReferral(tx, from.referralCode, created, now);
    return created;
  });
  const { token, session } = await createSession(db, user.id, now, from.device ?? null);
  return { token, session, user: toAuthUser(user) };
}

export async function login(
  db: Db,
  email: string,
  password: string,
  throttle?: LoginThrottle,
  now = Date.now(),
  address = "unknown",
  device: string | null = null,
): Promise<SignedIn> {
  const account = normaliseEmail(email);
  const wait = (await throttle?.wait(account, address, now)) ?? 0;
  if (wait > 0) {
    throw rateLimited(`Too many failed sign-in attempts. Please wait ${wait} seconds and try again.`, wait);
  }
  const user = await first(db.select().from(users).where(eq(users.email, account)));
  // Verify against a decoy when the email is unknown so the answer and its timing are the same.
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
  if (!user || !ok) {
    await throttle?.fail(account, address, now);
    throw new AppError("INVALID_CREDENTIALS", INVALID_CREDENTIALS);
  }
  await throttle?.succeed(account);
  if (!user.isActive) throw new AppError("ACCOUNT_CLOSED", "This account is closed. Please contact support.");
  const { token, session } = await createSession(db, user.id, new Date(now), device);
  return { token, session, user: toAuthUser(user) };
}

/** A new password ends every other session of the user; the one making the change stays signed in. */
export async function changePassword(
  db: Db,
  userId: string,
  keepSessionId: string,
  currentPassword: string,
  newPassword: string,
): Promise<{ success: boolean }> {
  const user = await first(db.select().from(users).where(eq(users.id, userId)));
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError("WRONG_PASSWORD", "Your current password is not right");
  }
  const passwordHash = await hashPassword(newPassword);
  await withTransaction(db, async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
  });
  return { success: true };
}

export async function logout(db: Db, sessionId: string): Promise<void> {
  await invalidateSession(db, sessionId);
}

/** Counts the sessions and ends them in one transaction, so the count is of the sessions ended. */
export function revokeAllSessions(db: Tx, userId: string): Promise<{ revoked: number }> {
  return withTransaction(db, async (tx) => {
    if (!(await first(tx.select({ id: users.id }).from(users).where(eq(users.id, userId))))) throw new AppError("NOT_FOUND", "User not found");
    const revoked = (await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
    await invalidateUserSessions(tx, userId);
    return { revoked };
  });
}

export interface ProfileArgs {
  firstName: string;
  lastName: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  postcode: string | null;
  country: string;
  dateOfBirth: string | null;
}

export const DATE_OF_BIRTH_LOCKED_MESSAGE = "Your date of birth can't be changed once it is set. If it is wrong, please contact us and we will correct it.";

/**
 * The customer's own details. A date of birth may be added once; after that only an admin can
 * change it (with a reason, audited), or a refused under-18 could simply type another year.
 */
export function updateProfile(db: Db, userId: string, args: ProfileArgs): Promise<AuthUser> {
  const { dateOfBirth, ...rest } = args;
  return withTransaction(db, async (tx) => {
    const current = await first(tx.select({ dateOfBirth: users.dateOfBirth }).from(users).where(eq(users.id, userId)));
    if (!current) throw new AppError("NOT_FOUND", "User not found");
    if (current.dateOfBirth && dateOfBirth && dateOfBirth !== current.dateOfBirth) throw new AppError("DATE_OF_BIRTH_LOCKED", DATE_OF_BIRTH_LOCKED_MESSAGE);
    const row = await first(
      tx
        .update(users)
        .set({ ...rest, ...(dateOfBirth && !current.dateOfBirth ? { dateOfBirth } : {}) })
        .where(eq(users.id, userId))
        .returning(),
    );
    return toAuthUser(row!);
  });
}

/** The checkout's date-of-birth step: the same rule as the profile (added once, then only staff change it). */
export function setDateOfBirth(db: Db, userId: string, dateOfBirth: string): Promise<AuthUser> {
  return withTransaction(db, async (tx) => {
    const current = await first(tx.select().from(users).where(eq(users.id, userId)));
    if (!current) throw new AppError("NOT_FOUND", "User not found");
    if (current.dateOfBirth === dateOfBirth) return toAuthUser(current);
    if (current.dateOfBirth) throw new AppError("DATE_OF_BIRTH_LOCKED", DATE_OF_BIRTH_LOCKED_MESSAGE);
    return toAuthUser((await first(tx.update(users).set({ dateOfBirth }).where(eq(users.id, userId)).returning()))!);
  });
}
