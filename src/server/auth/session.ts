import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
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

export function createSession(db: Tx, userId: string, now = new Date(), device: string | null = null): { token: string; session: SessionRecord } {
  const token = generateSessionToken();
  const session = { id: sessionIdFromToken(token), userId, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) };
  db.insert(sessions)
    .values({ ...session, createdAt: now, lastUsedAt: now, device })
    .run();
  return { token, session };
}

export type SessionValidation = { session: SessionRecord; user: User } | { session: null; user: null };

const TOKEN_SHAPE = /^[a-z2-7]{32}$/;

export function validateSessionToken(db: Db, token: string, now = new Date()): SessionValidation {
  if (!TOKEN_SHAPE.test(token)) return { session: null, user: null };
  const id = sessionIdFromToken(token);
  // Every request looks its session up: the statement is prepared once, with the database.
  const session = db.statements.sessionById.get({ id });
  const user = session ? db.statements.userById.get({ id: session.userId }) : undefined;
  if (!session || !user) return { session: null, user: null };
  // Tidying and renewal are writes a read must not depend on: with the disk full, a valid session
  // still reads as valid and an expired one as expired.
  if (now.getTime() >= session.expiresAt.getTime() || !user.isActive) {
    bestEffort(() => db.delete(sessions).where(eq(sessions.id, id)).run());
    return { session: null, user: null };
  }
  const renew = session.expiresAt.getTime() - now.getTime() < RENEW_WITHIN_MS;
  // "Last used" is for the customer's list of devices: minutes are precise enough, and a write on
  // every request of a launch-night buyer is not worth it.
  const touch = !session.lastUsedAt || now.getTime() - session.lastUsedAt.getTime() >= LAST_USED_EVERY_MS;
  if (renew || touch) {
    const renewed = new Date(now.getTime() + SESSION_TTL_MS);
    const set = renew ? { expiresAt: renewed, lastUsedAt: now } : { lastUsedAt: now };
    if (bestEffort(() => db.update(sessions).set(set).where(eq(sessions.id, id)).run()) && renew) session.expiresAt = renewed;
  }
  return { session: { id: session.id, userId: session.userId, expiresAt: session.expiresAt }, user };
}

function bestEffort(write: () => unknown): boolean {
  try {
    write();
    return true;
  } catch {
    return false;
  }
}

export function invalidateSession(db: Tx, sessionId: string): void {
  db.delete(sessions).where(eq(sessions.id, sessionId)).run();
}

export function invalidateUserSessions(db: Tx, userId: string): void {
  db.delete(sessions).where(eq(sessions.userId, userId)).run();
}
