import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first, withTransaction } from "../../db/client";
import { users } from "../../db/schema";
import { unsubscribeTokenFor } from "../../src/server/services/account";
import { createUser, createUserWithSession, DEFAULT_PASSWORD } from "../factories/users";
import { CHROME_ANDROID, linkToken, mailsTo, registration, SAFARI_IPHONE } from "../helpers/account";
import { createTestDb } from "../helpers/db";
import { startTestServer, type ApiInit } from "../helpers/http";

/** The account paths of issue #16 over real HTTP, each answer checked against the OpenAPI document. */
const db = createTestDb();
// Behind a proxy, so each test can come from an address of its own (the per-address limits stay apart).
const api = await startTestServer(db, { config: { trustProxy: true } });
let ipCounter = 1;
const newIp = () => `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const call = (path: string, init: ApiInit = {}, ip = newIp()) => api.request(path, { ...init, headers: { "x-forwarded-for": ip, ...init.headers } });

const mailOfKind = async (to: string, kind: string) => (await mailsTo(db, to)).filter((m) => m.kind === kind);
const signIn = async (email: string, password = DEFAULT_PASSWORD, userAgent = CHROME_ANDROID) => {
  const res = await call("/api/auth/login", { body: { email, password }, headers: { "user-agent": userAgent } });
  expect(res.status).toBe(200);
  return res.json.token as string;
};

describe("password recovery", () => {
  it("POST /api/auth/forgot-password answers 202 { ok: true } for a known and an unknown address alike", async () => {
    const user = await createUser(db);
    const known = await call("/api/auth/forgot-password", { body: { email: user.email } });
    const unknown = await call("/api/auth/forgot-password", { body: { email: "never-registered@example.test" } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.json).toEqual({ ok: true });
    expect(unknown.text).toBe(known.text);
    expect(await mailOfKind(user.email, "password_reset")).toHaveLength(1);
    expect((await mailOfKind(user.email, "password_reset"))[0]!.text).toContain(`${api.origin}/auth/reset?token=`);
  });

  it("limits forgot-password to 10 in 15 minutes per client address (429 with Retry-After)", async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      expect((await call("/api/auth/forgot-password", { body: { email: `probe${i}@example.test` } }, ip)).status).toBe(202);
    }
    const limited = await call("/api/auth/forgot-password", { body: { email: "probe10@example.test" } }, ip);
    expect(limited.status).toBe(429);
    expect(limited.json.appCode).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await call("/api/auth/forgot-password", { body: { email: "probe10@example.test" } })).status).toBe(202);
  });

  it("POST /api/auth/reset-password signs in with a new token, and the old session then gets 401", async () => {
    const user = await createUser(db);
    const oldToken = await signIn(user.email);
    await call("/api/auth/forgot-password", { body: { email: user.email } });
    const token = linkToken((await mailOfKind(user.email, "password_reset"))[0]!.text, "/auth/reset");
    const res = await call("/api/auth/reset-password", { body: { token, password: "rest-new-pass", confirmPassword: "rest-new-pass" } });
    expect(res.status).toBe(200);
    expect(res.json.token).toMatch(/^[a-z2-7]{32}$/);
    expect(res.json.user).toMatchObject({ id: user.id, email: user.email });
    expect(res.headers.get("set-cookie")).toMatch(/^session=[a-z2-7]{32};/);
    expect((await call("/api/auth/user", { token: oldToken })).status).toBe(401);
    expect((await call("/api/auth/user", { token: res.json.token })).status).toBe(200);
    const again = await call("/api/auth/reset-password", { body: { token, password: "rest-new-pass", confirmPassword: "rest-new-pass" } });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ appCode: "LINK_EXPIRED", message: "This reset link has expired or has already been used." });
  });
});

describe("verification and a change of address", () => {
  it("POST /api/auth/verify-email confirms the address from the registration mail", async () => {
    const email = `rest-verify-${Date.now()}@example.test`;
    const reg = await call("/api/auth/register", { body: registration(email) });
    expect(reg.status).toBe(200);
    expect(reg.json.user.emailVerified).toBe(false);
    const token = linkToken((await mailOfKind(email, "email_verification"))[0]!.text, "/auth/verify");
    const res = await call("/api/auth/verify-email", { body: { token } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, kind: "verified", email });
    expect((await call("/api/auth/user", { token: reg.json.token })).json.emailVerified).toBe(true);
    const again = await call("/api/auth/verify-email", { body: { token } });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ appCode: "LINK_EXPIRED", message: "This link has expired or has already been used." });
  });

  it("PUT /api/auth/email answers 202 and mails the new address; 400 for a wrong password, 409 for a taken address", async () => {
    const { user, token } = await createUserWithSession(db);
    const other = await createUser(db);
    const newEmail = `rest-moved-${Date.now()}@example.test`;
    const res = await call("/api/auth/email", { method: "PUT", token, body: { newEmail, password: DEFAULT_PASSWORD } });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ ok: true, pendingEmail: newEmail });
    expect(await mailOfKind(newEmail, "email_change_confirm")).toHaveLength(1);
    expect(await mailOfKind(user.email, "email_change_notice")).toHaveLength(1);
    const wrong = await call("/api/auth/email", { method: "PUT", token, body: { newEmail: `x-${newEmail}`, password: "not-my-password" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.appCode).toBe("WRONG_PASSWORD");
    const taken = await call("/api/auth/email", { method: "PUT", token, body: { newEmail: other.email, password: DEFAULT_PASSWORD } });
    expect(taken.status).toBe(409);
    expect(taken.json.appCode).toBe("EMAIL_TAKEN");
    expect((await call("/api/auth/email", { method: "PUT", body: { newEmail, password: DEFAULT_PASSWORD } })).status).toBe(401);
  });
});

describe("signed-in devices", () => {
  it("GET /api/auth/sessions lists the devices; DELETE one, then DELETE all the others", async () => {
    const user = await createUser(db);
    const phone = await signIn(user.email, DEFAULT_PASSWORD, CHROME_ANDROID);
    const iphone = await signIn(user.email, DEFAULT_PASSWORD, SAFARI_IPHONE);
    const laptop = await signIn(user.email, DEFAULT_PASSWORD, "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0");
    const list = await call("/api/auth/sessions", { token: phone });
    expect(list.status).toBe(200);
    expect(list.json.map((s: { device: string }) => s.device).sort()).toEqual(["Chrome on Android", "Firefox on Windows", "Safari on iPhone"]);
    expect(list.json.filter((s: { current: boolean }) => s.current)).toEqual([expect.objectContaining({ device: "Chrome on Android" })]);

    const iphoneId = list.json.find((s: { device: string }) => s.device === "Safari on iPhone").id;
    const ended = await call(`/api/auth/sessions/${iphoneId}`, { method: "DELETE", token: phone });
    expect(ended.status).toBe(200);
    expect(ended.json).toEqual({ success: true, current: false });
    expect((await call("/api/auth/user", { token: iphone })).status).toBe(401);
    expect((await call(`/api/auth/sessions/${iphoneId}`, { method: "DELETE", token: phone })).status).toBe(404);

    const rest = await call("/api/auth/sessions", { method: "DELETE", token: phone });
    expect(rest.status).toBe(200);
    expect(rest.json).toEqual({ revoked: 1 });
    expect((await call("/api/auth/user", { token: laptop })).status).toBe(401);
    expect((await call("/api/auth/user", { token: phone })).status).toBe(200);
  });

  it("answers 404 for another customer's session", async () => {
    const me = await createUserWithSession(db);
    const them = await createUserWithSession(db);
    const theirs = (await call("/api/auth/sessions", { token: them.token })).json[0].id;
    const res = await call(`/api/auth/sessions/${theirs}`, { method: "DELETE", token: me.token });
    expect(res.status).toBe(404);
    expect((await call("/api/auth/user", { token: them.token })).status).toBe(200);
  });
});

describe("preferences, export and unsubscribe", () => {
  it("PUT /api/user/preferences opts in and out; GET /api/user/export has the data without secrets", async () => {
    const { user, token } = await createUserWithSession(db);
    const on = await call("/api/user/preferences", { method: "PUT", token, body: { marketingEmail: true } });
    expect(on.status).toBe(200);
    expect(on.json.marketingEmail).toBe(true);
    expect(on.json.marketingConsentAt).toEqual(expect.any(String));
    expect((await call("/api/user/preferences", { token })).json.marketingEmail).toBe(true);

    const data = await call("/api/user/export", { token });
    expect(data.status).toBe(200);
    expect(data.json.profile).toMatchObject({ id: user.id, email: user.email });
    expect(data.json.marketing.marketingEmail).toBe(true);
    expect(data.text).not.toContain(user.passwordHash);
    expect(data.text).not.toContain(token);
    expect((await call("/api/user/export")).status).toBe(401);
  });

  it("POST /api/mail/unsubscribe/{token} takes a mail client's one-click form post and turns marketing off", async () => {
    const user = await createUser(db, { marketingEmail: true, marketingConsentAt: new Date() });
    const token = await withTransaction(db, (tx) => unsubscribeTokenFor(tx, user.id));
    const res = await call(`/api/mail/unsubscribe/${token}`, {
      method: "POST",
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect((await first(db.select().from(users).where(eq(users.id, user.id))))!.marketingEmail).toBe(false);
    // An unknown token answers the same; a JSON post works too.
    const unknown = await call("/api/mail/unsubscribe/not-a-real-token", { method: "POST", body: {} });
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual({ ok: true });
  });

  it("still refuses a form body with 415 on every other route", async () => {
    const form = { method: "POST", rawBody: "email=someone%40example.test", headers: { "content-type": "application/x-www-form-urlencoded" } };
    expect((await call("/api/auth/forgot-password", form)).status).toBe(415);
    expect((await call("/api/auth/login", { ...form, rawBody: "email=a%40b.co&password=x" })).status).toBe(415);
    const { token } = await createUserWithSession(db);
    expect((await call("/api/user/preferences", { ...form, method: "PUT", rawBody: "marketingEmail=true", token })).status).toBe(415);
  });
});

describe("the back office's customer search", () => {
  it("GET /api/admin/customers?search= is 200 for an admin, 403 for a customer and 401 signed out", async () => {
    const target = await createUser(db, { lastName: `Restsearch${Date.now()}` });
    const admin = await createUserWithSession(db, "admin");
    const customer = await createUserWithSession(db);
    const path = `/api/admin/customers?search=${encodeURIComponent(target.lastName)}`;
    const ok = await call(path, { token: admin.token });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(ok.json.customers[0]).toMatchObject({ id: target.id, email: target.email });
    expect((await call(path, { token: customer.token })).status).toBe(403);
    expect((await call(path)).status).toBe(401);
  });
});

describe("malformed input", () => {
  const fields = (res: { json: { issues?: Array<{ path: Array<string | number> }> } }) =>
    [...new Set((res.json.issues ?? []).map((i) => String(i.path[0])))].sort();

  it("answers 400 with the fields named", async () => {
    const { token } = await createUserWithSession(db);
    const reset = await call("/api/auth/reset-password", { body: { token: 12345, password: ["x"], confirmPassword: true } });
    expect(reset.status).toBe(400);
    expect(fields(reset)).toEqual(["confirmPassword", "password", "token"]);
    const verify = await call("/api/auth/verify-email", { body: { token: "x".repeat(500) } });
    expect(verify.status).toBe(400);
    expect(fields(verify)).toEqual(["token"]);
    const forgot = await call("/api/auth/forgot-password", { body: { email: "not-an-email", extra: 1 } });
    expect(forgot.status).toBe(400);
    const prefs = await call("/api/user/preferences", { method: "PUT", token, body: { marketingEmail: "yes" } });
    expect(prefs.status).toBe(400);
    expect(fields(prefs)).toEqual(["marketingEmail"]);
    const session = await call("/api/auth/sessions/not-a-session-id!", { method: "DELETE", token });
    expect(session.status).toBe(400);
    expect(fields(session)).toEqual(["id"]);
    const email = await call("/api/auth/email", { method: "PUT", token, body: { newEmail: 7, password: "" } });
    expect(email.status).toBe(400);
    expect(fields(email)).toEqual(["newEmail", "password"]);
    const dob = await call("/api/auth/date-of-birth", { method: "PUT", token, body: { dateOfBirth: "31/02/1990" } });
    expect(dob.status).toBe(400);
    expect(fields(dob)).toEqual(["dateOfBirth"]);
  });
});
