import { createHash } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../../../db/client";
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

export function listSessions(db: Db, userId: string, currentSessionId: string | null, now = new Date()): SessionView[] {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt))
    .all()
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
export function endSession(db: Db, userId: string, publicId: string): { success: true; current: boolean; sessionId: string } {
  const own = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).all();
  const match = own.find((s) => publicSessionId(s.id) === publicId);
  if (!match) throw new AppError("NOT_FOUND", "No such session of yours");
  db.delete(sessions).where(eq(sessions.id, match.id)).run();
  return { success: true, current: false, sessionId: match.id };
}

/** "Sign out of all other devices": every session but the one asking. */
export function endOtherSessions(db: Db, userId: string, keepSessionId: string): { revoked: number } {
  const revoked = db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .run().changes;
  return { revoked };
}
