import { and, eq, isNull } from "drizzle-orm";
import { changed, first, type Tx } from "../../../db/client";
import { authTokens, type AuthToken, type AuthTokenKind } from "../../../db/schema";
import { generateSessionToken, sessionIdFromToken } from "./session";

/** How long each kind of mailed link works. */
export const TOKEN_TTL_MS: Record<AuthTokenKind, number> = {
  password_reset: 60 * 60 * 1000,
  email_verify: 24 * 60 * 60 * 1000,
  email_change: 24 * 60 * 60 * 1000,
};

/**
 * A single-use link token: random, sent only in the mail; the database keeps its SHA-256, so a
 * leaked database cannot be used to reset anyone's password.
 */
export async function issueToken(tx: Tx, userId: string, kind: AuthTokenKind, email: string, now = new Date()): Promise<string> {
  const token = generateSessionToken();
  await tx
    .insert(authTokens)
    .values({ id: sessionIdFromToken(token), userId, kind, email, expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[kind]), createdAt: now });
  return token;
}

/** The live (unused, unexpired) token of one of these kinds, without using it up. */
export async function findLiveToken(tx: Tx, token: string, kinds: readonly AuthTokenKind[], now = new Date()): Promise<AuthToken | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const row = await first(
    tx
      .select()
      .from(authTokens)
      .where(eq(authTokens.id, sessionIdFromToken(token))),
  );
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime() || !kinds.includes(row.kind)) return null;
  return row;
}

/**
 * Uses the token up; false when it was already used (two clicks racing: only one wins). One
 * conditional write, so it stays single-use even when another use runs between a caller's
 * findLiveToken and this.
 */
export async function useToken(tx: Tx, id: string, now = new Date()): Promise<boolean> {
  return (
    changed(
      await tx
        .update(authTokens)
        .set({ usedAt: now })
        .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt))),
    ) === 1
  );
}

/** Ends every other live link of this kind for the user (a new password makes older reset links void). */
export async function voidTokens(tx: Tx, userId: string, kind: AuthTokenKind, now = new Date()): Promise<void> {
  await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}
