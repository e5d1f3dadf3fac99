import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { sessions, users } from "../../db/schema";
import {
  SESSION_TTL_MS,
  createSession,
  generateSessionToken,
  invalidateSession,
  invalidateUserSessions,
  sessionIdFromToken,
  validateSessionToken,
} from "../../src/server/auth/session";
import { createTestDb } from "../helpers/db";
import { createUser } from "../factories/users";

const db = createTestDb();
const DAY = 24 * 60 * 60 * 1000;

describe("session tokens", () => {
  it("are 32 base32 characters and differ every time", () => {
    const a = generateSessionToken();
    const b = generateSessionToken();
    expect(a).toMatch(/^[a-z2-7]{32}$/);
    expect(a).not.toBe(b);
  });

  it("are stored only as their SHA-256", async () => {
    const user = await createUser(db);
    const { token, session } = await createSession(db, user.id);
    expect(session.id).toBe(sessionIdFromToken(token));
    expect(session.id).toMatch(/^[0-9a-f]{64}$/);
    const row = await first(db.select().from(sessions).where(eq(sessions.id, session.id)));
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(token);
    // the well-known SHA-256 of "abc"
    expect(sessionIdFromToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("validateSessionToken", () => {
  it("returns the user for a live session", async () => {
    const user = await createUser(db);
    const { token } = await createSession(db, user.id);
    const result = await validateSessionToken(db, token);
    expect(result.user?.id).toBe(user.id);
  });

  it("rejects unknown and malformed tokens", async () => {
    expect((await validateSessionToken(db, generateSessionToken())).user).toBeNull();
    expect((await validateSessionToken(db, "' OR 1=1 --")).user).toBeNull();
    expect((await validateSessionToken(db, "")).user).toBeNull();
  });

  it("deletes an expired session", async () => {
    const user = await createUser(db);
    const start = new Date("2026-01-01T00:00:00Z");
    const { token, session } = await createSession(db, user.id, start);
    const later = new Date(start.getTime() + SESSION_TTL_MS + 1);
    expect((await validateSessionToken(db, token, later)).user).toBeNull();
    expect(await first(db.select().from(sessions).where(eq(sessions.id, session.id)))).toBeUndefined();
  });

  it("slides the expiry forward when used in the second half of its life", async () => {
    const user = await createUser(db);
    const start = new Date("2026-01-01T00:00:00Z");
    const { token, session } = await createSession(db, user.id, start);
    const early = await validateSessionToken(db, token, new Date(start.getTime() + 2 * DAY));
    expect(early.session?.expiresAt.getTime()).toBe(session.expiresAt.getTime());
    const lateUse = new Date(start.getTime() + 20 * DAY);
    const late = await validateSessionToken(db, token, lateUse);
    expect(late.session?.expiresAt.getTime()).toBe(lateUse.getTime() + SESSION_TTL_MS);
    const stored = await first(db.select().from(sessions).where(eq(sessions.id, session.id)));
    expect(stored?.expiresAt.getTime()).toBe(lateUse.getTime() + SESSION_TTL_MS);
  });

  it("refuses the sessions of a deactivated user", async () => {
    const user = await createUser(db);
    const { token } = await createSession(db, user.id);
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await validateSessionToken(db, token)).user).toBeNull();
  });

  it("can be revoked one at a time or all at once", async () => {
    const user = await createUser(db);
    const a = await createSession(db, user.id);
    const b = await createSession(db, user.id);
    const c = await createSession(db, user.id);
    await invalidateSession(db, a.session.id);
    expect((await validateSessionToken(db, a.token)).user).toBeNull();
    expect((await validateSessionToken(db, b.token)).user?.id).toBe(user.id);
    await invalidateUserSessions(db, user.id);
    expect((await validateSessionToken(db, b.token)).user).toBeNull();
    expect((await validateSessionToken(db, c.token)).user).toBeNull();
  });
});
