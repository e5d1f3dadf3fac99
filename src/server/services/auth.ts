import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { sessions, users, type User } from "../../../db/schema";
import type { AuthUser } from "../../shared/schemas/auth";
import { decoyHash, hashPassword, verifyPassword } from "../auth/password";
import type { LoginThrottle } from "../auth/login-throttle";
import { createSession, invalidateSession, invalidateUserSessions, type SessionRecord } from "../auth/session";
import { AppError } from "../errors";

export const INVALID_CREDENTIALS = "Invalid email or password";

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
    createdAt: user.createdAt.toISOString(),
  };
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
}

export interface SignedIn {
  token: string;
  session: SessionRecord;
  user: AuthUser;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function register(db: Db, args: RegisterArgs): Promise<SignedIn> {
  const email = normaliseEmail(args.email);
  const passwordHash = await hashPassword(args.password);
  const existing = db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (existing) throw new AppError("CONFLICT", "An account with this email already exists");
  const user = db.transaction((tx) => {
    // Checked again inside the write so two simultaneous sign-ups cannot both pass.
    if (tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get()) {
      throw new AppError("CONFLICT", "An account with this email already exists");
    }
    return tx
      .insert(users)
      .values({ ...args, email, passwordHash })
      .returning()
      .get();
  });
  const { token, session } = createSession(db, user.id);
  return { token, session, user: toAuthUser(user) };
}

export async function login(db: Db, email: string, password: string, throttle?: LoginThrottle, now = Date.now()): Promise<SignedIn> {
  const account = normaliseEmail(email);
  const wait = throttle?.wait(account, now) ?? 0;
  if (wait > 0) {
    throw new AppError("TOO_MANY_REQUESTS", `Too many failed sign-in attempts. Please wait ${wait} seconds and try again.`, { retryAfter: wait });
  }
  const user = db.select().from(users).where(eq(users.email, account)).get();
  // Verify against a decoy when the email is unknown so the answer and its timing are the same.
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
  if (!user || !ok) {
    throttle?.fail(account, now);
    throw new AppError("UNAUTHORIZED", INVALID_CREDENTIALS);
  }
  throttle?.succeed(account);
  if (!user.isActive) throw new AppError("FORBIDDEN", "This account is closed. Please contact support.");
  const { token, session } = createSession(db, user.id);
  return { token, session, user: toAuthUser(user) };
}

/** A new password ends every other session of the user; the one making the change stays signed in. */
export async function changePassword(db: Db, userId: string, keepSessionId: string, currentPassword: string, newPassword: string): Promise<{ success: boolean }> {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError("BAD_REQUEST", "Your current password is not right");
  }
  const passwordHash = await hashPassword(newPassword);
  db.transaction((tx) => {
    tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
    tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))).run();
  });
  return { success: true };
}

export function logout(db: Db, sessionId: string): void {
  invalidateSession(db, sessionId);
}

export function revokeAllSessions(db: Db, userId: string): { revoked: number } {
  if (!db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()) throw new AppError("NOT_FOUND", "User not found");
  const revoked = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).all().length;
  invalidateUserSessions(db, userId);
  return { revoked };
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

export function updateProfile(db: Db, userId: string, args: ProfileArgs): AuthUser {
  const { dateOfBirth, ...rest } = args;
  const row = db
    .update(users)
    .set({ ...rest, ...(dateOfBirth ? { dateOfBirth } : {}) })
    .where(eq(users.id, userId))
    .returning()
    .get();
  if (!row) throw new AppError("NOT_FOUND", "User not found");
  return toAuthUser(row);
}
