import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { authTokens, mailOutbox, sessions, users } from "../../db/schema";
import { createSession, sessionIdFromToken, validateSessionToken } from "../../src/server/auth/session";
import { closeAccount } from "../../src/server/services/protection";
import { RESET_LINK_INVALID } from "../../src/shared/schemas/account";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { anonCaller, linkToken, mailsTo, refusedWith, SHOP } from "../helpers/account";
import { createTestDb, sqlRows } from "../helpers/db";

/** "Forgot your password?" end to end at the procedure level, with the clock in the test's hands. */
const db = createTestDb();
const MINUTE = 60_000;
const T0 = new Date("2026-03-02T10:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);

const resetMails = async (email: string) => (await mailsTo(db, email)).filter((m) => m.kind === "password_reset");

/** Asks for a link and reads it from the mail that request queued. */
async function askForReset(email: string, now = T0): Promise<string> {
  const before = new Set((await resetMails(email)).map((m) => m.id));
  await anonCaller(db, { now }).public.auth.forgotPassword({ email });
  const mail = (await resetMails(email)).find((m) => !before.has(m.id));
  if (!mail) throw new Error(`no reset mail was queued for ${email}`);
  return linkToken(mail.text, "/auth/reset");
}

const reset = (token: string, password: string, now = T0) => anonCaller(db, { now }).public.auth.resetPassword({ token, password, confirmPassword: password });

describe("forgot password", () => {
  it("answers the same for a known and an unknown address, and mails only the known one", async () => {
    const user = await createUser(db);
    const known = await anonCaller(db, { now: T0 }).public.auth.forgotPassword({ email: user.email.toUpperCase() });
    const unknown = await anonCaller(db, { now: T0 }).public.auth.forgotPassword({ email: "nobody-here@example.test" });
    expect(known).toEqual({ ok: true });
    expect(unknown).toEqual(known);
    const mails = await resetMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Reset your Harvest Draws password");
    expect(mails[0]!.text).toContain(`${SHOP}/auth/reset?token=`);
    expect(await mailsTo(db, "nobody-here@example.test")).toHaveLength(0);
  });

  it("stores only the SHA-256 of the mailed token", async () => {
    const user = await createUser(db);
    const token = await askForReset(user.email);
    const rows = await db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(sessionIdFromToken(token));
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify(await sqlRows(db, "select * from auth_tokens"));
    expect(dump).not.toContain(token);
  });

  it("sends no more than 3 reset mails an hour to one address, answering the same", async () => {
    const user = await createUser(db);
    for (let i = 0; i < 5; i++) {
      expect(await anonCaller(db, { now: at(i) }).public.auth.forgotPassword({ email: user.email })).toEqual({ ok: true });
    }
    expect(await resetMails(user.email)).toHaveLength(3);
    // An hour after the first, the window has room again.
    await anonCaller(db, { now: at(61) }).public.auth.forgotPassword({ email: user.email });
    expect(await resetMails(user.email)).toHaveLength(4);
  });

  it("mails nothing to a closed account", async () => {
    const user = await createUser(db);
    await closeAccount(db, user.id, T0);
    expect(await anonCaller(db, { now: T0 }).public.auth.forgotPassword({ email: user.email })).toEqual({ ok: true });
    expect(await resetMails(user.email)).toHaveLength(0);
  });
});

describe("the reset link", () => {
  it("sets the new password, ends every other session, signs in afresh and tells the customer", async () => {
    const user = await createUser(db);
    const phone = await createSession(db, user.id, T0, "Chrome on Android");
    const laptop = await createSession(db, user.id, T0, "Firefox on Windows");
    const token = await askForReset(user.email, at(1));
    const signedIn = await reset(token, "brand-new-pass", at(5));
    expect(signedIn.user).toMatchObject({ id: user.id, email: user.email, emailVerified: true });
    expect((await validateSessionToken(db, signedIn.token, at(6))).user?.id).toBe(user.id);
    expect((await validateSessionToken(db, phone.token, at(6))).user).toBeNull();
    expect((await validateSessionToken(db, laptop.token, at(6))).user).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    const changed = (await mailsTo(db, user.email)).filter((m) => m.kind === "password_changed");
    expect(changed).toHaveLength(1);
    expect(changed[0]!.subject).toBe("Your Harvest Draws password was changed");

    const login = (password: string) => anonCaller(db, { now: at(7) }).public.auth.login({ email: user.email, password });
    expect((await refusedWith(login(DEFAULT_PASSWORD))).appCode).toBe("INVALID_CREDENTIALS");
    expect((await login("brand-new-pass")).user.id).toBe(user.id);
  });

  it("works once: the second use is LINK_EXPIRED and changes nothing", async () => {
    const user = await createUser(db);
    const token = await askForReset(user.email);
    await reset(token, "once-only-pass", at(1));
    const hashAfterFirst = (await first(db.select().from(users).where(eq(users.id, user.id))))!.passwordHash;
    const again = await refusedWith(reset(token, "second-try-pass", at(2)));
    expect(again).toMatchObject({ appCode: "LINK_EXPIRED", code: "BAD_REQUEST", message: "This reset link has expired or has already been used." });
    expect(again.message).toBe(RESET_LINK_INVALID);
    expect((await first(db.select().from(users).where(eq(users.id, user.id))))!.passwordHash).toBe(hashAfterFirst);
  });

  it("expires after 60 minutes", async () => {
    const user = await createUser(db);
    const token = await askForReset(user.email);
    const late = await refusedWith(reset(token, "too-late-pass", at(60)));
    expect(late).toMatchObject({ appCode: "LINK_EXPIRED", message: RESET_LINK_INVALID });
    // Just inside the hour it still works.
    const fresh = await askForReset((await createUser(db)).email);
    expect((await reset(fresh, "just-in-time", at(59))).token).toMatch(/^[a-z2-7]{32}$/);
  });

  it("voids the older reset links once one has been used", async () => {
    const user = await createUser(db);
    const first = await askForReset(user.email, T0);
    const second = await askForReset(user.email, at(1));
    expect(second).not.toBe(first);
    await reset(second, "newest-link-pass", at(2));
    expect((await refusedWith(reset(first, "older-link-pass", at(3)))).appCode).toBe("LINK_EXPIRED");
  });

  it("refuses a made-up or malformed token with the same message", async () => {
    for (const token of ["abcdefghijklmnopqrstuvwxyz234567", "not a token", "x"]) {
      const err = await refusedWith(reset(token, "whatever-pass"));
      expect(err.message).toBe(RESET_LINK_INVALID);
    }
  });

  it("queues nothing and ends no session when the passwords do not match", async () => {
    const user = await createUser(db);
    const token = await askForReset(user.email);
    const before = (await db.select().from(mailOutbox)).length;
    const err = await refusedWith(
      anonCaller(db, { now: at(1) }).public.auth.resetPassword({ token, password: "one-password", confirmPassword: "two-password" }),
    );
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.message).toContain("Passwords don't match");
    expect(await db.select().from(mailOutbox)).toHaveLength(before);
    // The link is still good after a typo.
    expect((await reset(token, "fixed-the-typo", at(2))).user.id).toBe(user.id);
  });
});
