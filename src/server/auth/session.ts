import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { createHash } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { changed, type Db, type Tx } from "../../../db/client";
import { sessions, type User } from "../../../db/schema";

/**
 * Sessions as Lucia's guide describes them: the client holds a random token, the database holds
 * only its SHA-256. Expiry slides: a session used in its second half is pushed out again.
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_WITHIN_MS = SESSION_TTL_MS / 2;
const LAST_USED_EVERY_MS = 5 * 60 * 1000;

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The stored id: hex SHA-256 of the token (node's native hash: it runs on every request). */
export function sessionIdFromToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface SessionRecord {
  id: string;
  userId: string;
  expiresAt: Date;
}

export async function createSession(
  db: Tx,
  userId: string,
  now = new Date(),
  device: string | null = null,
): Promise<{ token: string; session: SessionRecord }> {
  const token = generateSessionToken();
  const session = { id: sessionIdFromToken(token), userId, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) };
  await db.insert(sessions).values({ ...session, createdAt: now, lastUsedAt: now, device });
  return { token, session };
}

export type SessionValidation = { session: SessionRecord; user: User } | { session: null; user: null };

const TOKEN_SHAPE = /^[a-z2-7]{32}$/;

export async function validateSessionToken(db: Db, token: string, now = new Date()): Promise<SessionValidation> {
  if (!TOKEN_SHAPE.test(token)) return { session: null, user: null };
  const id = sessionIdFromToken(token);
  // Every request looks its session up: the statement is prepared once, with the database.
  const session = await db.statements.sessionById.get({ id });
  const user = session ? await db.statements.userById.get({ id: session.userId }) : undefined;
  if (!session || !user) return { session: null, user: null };
  // Tidying and renewal are writes a read must not depend on: with the disk full, a valid session
  // still reads as valid and an expired one as expired. So the read is not in a transaction with
  // them: each write is one statement, and the renewal only touches a session still live when it
  // runs (one signed out or expired in between stays gone).
  if (now.getTime() >= session.expiresAt.getTime() || !user.isActive) {
    await bestEffort(() => db.delete(sessions).where(eq(sessions.id, id)));
    return { session: null, user: null };
  }
  const renew = session.expiresAt.getTime() - now.getTime() < RENEW_WITHIN_MS;
  // "Last used" is for the customer's list of devices: minutes are precise enough, and a write on
  // every request of a launch-night buyer is not worth it.
  const touch = !session.lastUsedAt || now.getTime() - session.lastUsedAt.getTime() >= LAST_USED_EVERY_MS;
  if (renew || touch) {
    const renewed = new Date(now.getTime() + SESSION_TTL_MS);
    const set = renew ? { expiresAt: renewed, lastUsedAt: now } : { lastUsedAt: now };
    const result = await bestEffort(() =>
      db
        .update(sessions)
        .set(set)
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now))),
    );
    if (result && renew && changed(result) === 1) session.expiresAt = renewed;
  }
  return { session: { id: session.id, userId: session.userId, expiresAt: session.expiresAt }, user };
}

/** The write's result, or null when it failed (a full disk, a read-only file). */
async function bestEffort<T>(write: () => PromiseLike<T>): Promise<T | null> {
  try {
    return await write();
  } catch {
    return null;
  }
}

export async function invalidateSession(db: Tx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: Tx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
