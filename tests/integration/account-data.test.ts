import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first, withTransaction } from "../../db/client";
import { authTokens, contactMessages, notifications, orders, sessions, users } from "../../db/schema";
import { createSession, sessionIdFromToken, validateSessionToken } from "../../src/server/auth/session";
import { noopMailer } from "../../src/server/mail/mailer";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { unsubscribeTokenFor } from "../../src/server/services/account";
import { setLimit } from "../../src/server/services/protection";
import { placeOrder } from "../../src/server/services/purchase";
import { downloadText } from "../../src/server/services/paging/download";
import { customerExport } from "../../src/shared/schemas/account";
import { createCompetition } from "../factories/competitions";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { anonCaller, CHROME_ANDROID, refusedWith, registration, SAFARI_IPHONE, tokenCaller } from "../helpers/account";
import { createTestDb } from "../helpers/db";

/** Signed-in devices, marketing consent, the data export, closing the account and the checkout's date of birth. */
const db = createTestDb();
const MINUTE = 60_000;
// Sessions live 30 days from real time, so this file's clock starts now (whole seconds).
const T0 = new Date(Math.floor(Date.now() / 1000) * 1000);
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);
const deps = { db, payments: new SimulatedPaymentProvider(0), mailer: noopMailer };

const buy = (userId: string, email: string, competitionId: string, quantity = 2) =>
  placeOrder(deps, {
    userId,
    customerName: "Ffion Morgan",
    customerEmail: email,
    lines: [{ competitionId, quantity, answer: "green" }],
    method: { token: "sim_approve" },
    returnUrl: "/checkout/complete",
  });

async function signIn(email: string, userAgent: string, now = T0) {
  return (await anonCaller(db, { now, userAgent }).public.auth.login({ email, password: DEFAULT_PASSWORD })).token;
}

describe("signed-in devices", () => {
  it("lists each device as described by its User-Agent, marking the current one", async () => {
    const user = await createUser(db);
    const phone = await signIn(user.email, CHROME_ANDROID);
    const iphone = await signIn(user.email, SAFARI_IPHONE, at(1));
    const list = await (await tokenCaller(db, phone, { now: at(2) })).customer.account.sessions();
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.current)).toMatchObject({ device: "Chrome on Android" });
    expect(list.find((s) => !s.current)).toMatchObject({ device: "Safari on iPhone" });
    // The list names sessions by a handle of its own: never the token nor the stored hash.
    const text = JSON.stringify(list);
    for (const token of [phone, iphone]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(sessionIdFromToken(token));
    }
  });

  it("ends one of the customer's own devices, and answers 404 for another user's session", async () => {
    const user = await createUser(db);
    const phone = await signIn(user.email, CHROME_ANDROID);
    const iphone = await signIn(user.email, SAFARI_IPHONE);
    const stranger = await createUser(db);
    const strangers = await signIn(stranger.email, CHROME_ANDROID);
    const theirId = (await (await tokenCaller(db, strangers)).customer.account.sessions())[0]!.id;

    const me = (await tokenCaller(db, phone)).customer.account;
    expect(await refusedWith(me.endSession({ id: theirId }))).toMatchObject({ code: "NOT_FOUND", appCode: "NOT_FOUND" });
    expect((await validateSessionToken(db, strangers)).user?.id).toBe(stranger.id);

    const other = (await me.sessions()).find((s) => !s.current)!;
    expect(await me.endSession({ id: other.id })).toEqual({ success: true, current: false });
    expect((await validateSessionToken(db, iphone)).user).toBeNull();
    expect((await validateSessionToken(db, phone)).user?.id).toBe(user.id);
  });

  it("signs out of all other devices and keeps the current one", async () => {
    const user = await createUser(db);
    const keep = await signIn(user.email, CHROME_ANDROID);
    const others = [await signIn(user.email, SAFARI_IPHONE), await signIn(user.email, "curl/8.5.0")];
    expect(await (await tokenCaller(db, keep)).customer.account.endOtherSessions()).toEqual({ revoked: 2 });
    for (const t of others) expect((await validateSessionToken(db, t)).user).toBeNull();
    expect((await validateSessionToken(db, keep)).user?.id).toBe(user.id);
    expect(await (await tokenCaller(db, keep)).customer.account.sessions()).toEqual([expect.objectContaining({ current: true, device: "Chrome on Android" })]);
  });

  it("moves lastUsedAt forward only after 5 minutes", async () => {
    const user = await createUser(db);
    const { token, session } = await createSession(db, user.id, T0, "Firefox on Windows");
    const lastUsed = async () => (await first(db.select().from(sessions).where(eq(sessions.id, session.id))))!.lastUsedAt!.getTime();
    expect((await validateSessionToken(db, token, at(4.9))).user?.id).toBe(user.id);
    expect(await lastUsed()).toBe(T0.getTime());
    await validateSessionToken(db, token, at(5));
    expect(await lastUsed()).toBe(at(5).getTime());
    await validateSessionToken(db, token, at(8));
    expect(await lastUsed()).toBe(at(5).getTime());
    await validateSessionToken(db, token, at(11));
    expect(await lastUsed()).toBe(at(11).getTime());
  });
});

describe("marketing consent", () => {
  it("stores an opt-in at registration with its time, and no consent without one", async () => {
    const yes = await anonCaller(db, { now: T0 }).public.auth.register(registration(`optin-${Date.now()}@example.test`, { marketingEmail: true }));
    const no = await anonCaller(db, { now: T0 }).public.auth.register(registration(`optout-${Date.now()}@example.test`));
    expect(yes.user.marketingEmail).toBe(true);
    expect(no.user.marketingEmail).toBe(false);
    const row = async (id: string) => (await first(db.select().from(users).where(eq(users.id, id))))!;
    expect(await row(yes.user.id)).toMatchObject({ marketingEmail: true, marketingConsentAt: T0 });
    expect(await row(no.user.id)).toMatchObject({ marketingEmail: false, marketingConsentAt: null });
    expect(await (await tokenCaller(db, yes.token)).customer.account.preferences()).toEqual({ marketingEmail: true, marketingConsentAt: T0.toISOString() });
  });

  it("changes with setPreferences, keeping when it changed", async () => {
    const user = await createUser(db);
    const { token } = await createSession(db, user.id);
    const me = (await tokenCaller(db, token, { now: at(3) })).customer.account;
    expect(await me.setPreferences({ marketingEmail: true })).toEqual({ marketingEmail: true, marketingConsentAt: at(3).toISOString() });
    const later = (await tokenCaller(db, token, { now: at(9) })).customer.account;
    expect(await later.setPreferences({ marketingEmail: false })).toEqual({ marketingEmail: false, marketingConsentAt: at(9).toISOString() });
    expect(await later.preferences()).toEqual({ marketingEmail: false, marketingConsentAt: at(9).toISOString() });
  });

  it("unsubscribes with the customer's own token, and answers ok for an unknown one", async () => {
    const user = await createUser(db, { marketingEmail: true, marketingConsentAt: T0 });
    const bystander = await createUser(db, { marketingEmail: true, marketingConsentAt: T0 });
    const token = await withTransaction(db, (tx) => unsubscribeTokenFor(tx, user.id));
    expect(await withTransaction(db, (tx) => unsubscribeTokenFor(tx, user.id))).toBe(token);
    expect(await anonCaller(db, { now: at(1) }).public.auth.unsubscribe({ token, "List-Unsubscribe": "One-Click" })).toEqual({ ok: true });
    expect(await first(db.select().from(users).where(eq(users.id, user.id)))).toMatchObject({ marketingEmail: false, marketingConsentAt: at(1) });
    expect(await anonCaller(db).public.auth.unsubscribe({ token: "no-such-token-at-all" })).toEqual({ ok: true });
    expect((await first(db.select().from(users).where(eq(users.id, bystander.id))))!.marketingEmail).toBe(true);
  });
});

describe("the data export", () => {
  it("holds the profile, orders, entries with ticket numbers, notifications, limits, complaints and sessions, and no secret", async () => {
    const user = await createUser(db, { phone: "07700 900999", postcode: "LD3 7AA" });
    const token = await signIn(user.email, CHROME_ANDROID);
    const c = await createCompetition(db, { title: "Export Tractor" });
    const order = await buy(user.id, user.email, c.id, 3);
    await db.insert(notifications).values({ userId: user.id, title: "Good luck", message: "Your tickets are in" });
    await setLimit(db, user.id, "75.00", new Date());
    await db
      .insert(contactMessages)
      .values({ name: "Ffion", email: user.email, subject: "Where are my tickets", message: "A complaint", kind: "complaint", reference: `C-${Date.now()}` });
    await db.insert(contactMessages).values({ name: "Else", email: "someone-else@example.test", subject: "Not theirs", message: "x" });
    const unsubscribe = await withTransaction(db, (tx) => unsubscribeTokenFor(tx, user.id));
    await anonCaller(db).public.auth.forgotPassword({ email: user.email });

    const file = await (await tokenCaller(db, token)).customer.account.exportData();
    const data = customerExport.parse(JSON.parse(await downloadText(file)));
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, phone: "07700 900999", postcode: "LD3 7AA" });
    expect(data.orders.map((o) => o.id)).toEqual([order.id]);
    expect(data.entries).toHaveLength(1);
    expect(data.entries[0]!.ticketNumbers).toEqual(order.lines[0]!.ticketNumbers);
    expect(data.entries[0]!.competition.title).toBe("Export Tractor");
    expect(data.notifications.map((x) => x.title)).toContain("Good luck");
    expect(data.limitsAndBreaks.monthlyLimit).toBe("75.00");
    expect(data.messagesAndComplaints).toEqual([expect.objectContaining({ kind: "complaint", subject: "Where are my tickets" })]);
    expect(data.sessions).toEqual([expect.objectContaining({ current: true, device: "Chrome on Android" })]);

    const text = JSON.stringify(data);
    const row = (await first(db.select().from(users).where(eq(users.id, user.id))))!;
    expect(text).not.toContain(row.passwordHash);
    expect(text).not.toContain("argon2");
    expect(text).not.toContain(token);
    expect(text).not.toContain(sessionIdFromToken(token));
    expect(text).not.toContain(unsubscribe);
    for (const t of await db.select().from(authTokens).where(eq(authTokens.userId, user.id))) expect(text).not.toContain(t.id);
    expect(text).not.toContain("someone-else@example.test");
  });
});

describe("closing the account", () => {
  it("removes phone, address, postcode, notifications and sessions, and keeps the orders", async () => {
    const user = await createUser(db, { phone: "07700 900111", address: "Hafod", city: "Tregaron", postcode: "SY25 6AA" });
    const token = await signIn(user.email, CHROME_ANDROID);
    const c = await createCompetition(db);
    const order = await buy(user.id, user.email, c.id);
    await db.insert(notifications).values({ userId: user.id, title: "Hello", message: "x" });
    expect(await (await tokenCaller(db, token)).customer.protection.close()).toEqual({ closed: true });
    const row = (await first(db.select().from(users).where(eq(users.id, user.id))))!;
    expect(row).toMatchObject({ isActive: false, phone: null, address: null, city: null, postcode: null, marketingEmail: false });
    expect(row.closedAt).toBeInstanceOf(Date);
    expect(await db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await validateSessionToken(db, token)).user).toBeNull();
    expect(await first(db.select().from(orders).where(eq(orders.id, order.id)))).toMatchObject({ userId: user.id, status: "paid" });
  });
});

describe("date of birth at checkout", () => {
  it("is needed to pay, set once (the same date again is fine, another is locked), and then the purchase passes", async () => {
    const user = await createUser(db, { dateOfBirth: null });
    const { token } = await createSession(db, user.id);
    const c = await createCompetition(db);
    expect((await refusedWith(buy(user.id, user.email, c.id))).appCode).toBe("DATE_OF_BIRTH_NEEDED");
    const me = (await tokenCaller(db, token)).customer.account;
    expect(await me.setDateOfBirth({ dateOfBirth: "1979-11-23" })).toMatchObject({ id: user.id, dateOfBirth: "1979-11-23" });
    expect(await me.setDateOfBirth({ dateOfBirth: "1979-11-23" })).toMatchObject({ dateOfBirth: "1979-11-23" });
    const locked = await refusedWith(me.setDateOfBirth({ dateOfBirth: "1969-11-23" }));
    expect(locked).toMatchObject({ appCode: "DATE_OF_BIRTH_LOCKED", code: "FORBIDDEN" });
    expect(locked.message).toBe("Your date of birth can't be changed once it is set. If it is wrong, please contact us and we will correct it.");
    expect((await first(db.select().from(users).where(eq(users.id, user.id))))!.dateOfBirth).toBe("1979-11-23");
    expect((await buy(user.id, user.email, c.id)).status).toBe("paid");
  });

  it("refuses a date in the wrong shape before anything is stored", async () => {
    const user = await createUser(db, { dateOfBirth: null });
    const { token } = await createSession(db, user.id);
    const err = await refusedWith((await tokenCaller(db, token)).customer.account.setDateOfBirth({ dateOfBirth: "23/11/1979" }));
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.message).toContain("Enter the date of birth as YYYY-MM-DD");
    expect((await first(db.select().from(users).where(eq(users.id, user.id))))!.dateOfBirth).toBeNull();
  });
});
