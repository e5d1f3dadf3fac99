import { createHash } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { changed, withTransaction, type Db } from "../../../../db/client";
import { sessions } from "../../../../db/schema";
import type { SessionView } from "../../../shared/schemas/account";
import { AppError } from "../../errors";

/**
 * A session's public handle: derived from its stored id (itself a hash of the token), so listing
 * devices never hands out what identifies a session in the database.
 */
export function publicSessionId(sessionId: string): string {
  return createHash("sha256").update(`device:${sessionId}`).digest("hex").slice(0, 24);
}

export async function listSessions(db: Db, userId: string, currentSessionId: string | null, now = new Date()): Promise<SessionView[]> {
  const rows = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows
    .filter((s) => s.expiresAt.getTime() > now.getTime())
    .map((s) => ({
      id: publicSessionId(s.id),
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: (s.lastUsedAt ?? s.createdAt).toISOString(),
      device: s.device ?? "Unknown device",
      current: s.id === currentSessionId,
    }));
}

/** Signs one of the customer's own devices out (their current one too, if they choose it). */
export function endSession(db: Db, userId: string, publicId: string): Promise<{ success: true; current: boolean; sessionId: string }> {
  // The session found is the one deleted: both in one transaction.
  return withTransaction(db, async (tx) => {
    const own = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    const match = own.find((s) => publicSessionId(s.id) === publicId);
    if (!match) throw new AppError("NOT_FOUND", "No such session of yours");
    await tx.delete(sessions).where(eq(sessions.id, match.id));
    return { success: true as const, current: false, sessionId: match.id };
  });
}

/** "Sign out of all other devices": every session but the one asking. */
export async function endOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<{ revoked: number }> {
  const revoked = changed(await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))));
  return { revoked };
}
