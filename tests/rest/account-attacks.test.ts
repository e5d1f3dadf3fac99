import { describe, expect, it } from "vitest";
import { issueToken } from "../../src/server/auth/tokens";
import { createUser, createUserWithSession, DEFAULT_PASSWORD } from "../factories/users";
import { mailsTo } from "../helpers/account";
import { createTestDb } from "../helpers/db";
import { startTestServer, type ApiInit } from "../helpers/http";

/** What an attacker tried against the account paths: replays, races, batches, other people's ids, absurd bodies. */
const db = createTestDb();
const api = await startTestServer(db, { config: { trustProxy: true } });
let ipCounter = 1;
const newIp = () => `198.19.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const call = (path: string, init: ApiInit = {}, ip = newIp()) => api.request(path, { ...init, headers: { "x-forwarded-for": ip, ...init.headers } });

describe("account paths under attack", () => {
  it("one reset link submitted five times at once changes the password once", async () => {
    const user = await createUser(db);
    const token = await issueToken(db, user.id, "password_reset", user.email);
    const answers = await Promise.all(
      ["first-pass-1", "second-pass-2", "third-pass-3", "fourth-pass-4", "fifth-pass-5"].map((password) =>
        call("/api/auth/reset-password", { body: { token, password, confirmPassword: password } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) expect(refused.json.appCode).toBe("LINK_EXPIRED");
    expect((await mailsTo(db, user.email)).filter((m) => m.kind === "password_changed")).toHaveLength(1);
    // The password is the winner's, and the winner's session is the one that works.
    const winner = answers.find((a) => a.status === 200)!;
    expect((await call("/api/auth/user", { token: winner.json.token })).status).toBe(200);
  });

  it("a verification link clicked in two tabs at once verifies once; the other tab is told the link is used", async () => {
    const user = await createUser(db);
    const token = await issueToken(db, user.id, "email_verify", user.email);
    const [a, b] = await Promise.all([call("/api/auth/verify-email", { body: { token } }), call("/api/auth/verify-email", { body: { token } })]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
  });

  it("a batch of forgot-password calls is refused whole, and looping single calls is cut off at 10 with at most 3 mails", async () => {
    const user = await createUser(db);
    const calls = Array.from({ length: 300 }, (_, i) => i);
    const batch = await call(`/api/trpc/${calls.map(() => "public.auth.forgotPassword").join(",")}?batch=1`, {
      method: "POST",
      body: Object.fromEntries(calls.map((i) => [i, { email: user.email }])),
    });
    expect(batch.status).toBe(400);
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await call("/api/auth/forgot-password", { body: { email: user.email } }, ip)).status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await mailsTo(db, user.email)).filter((m) => m.kind === "password_reset")).toHaveLength(3);
  });

  it("a body nested thousands deep is a 400 and queues nothing", async () => {
    const user = await createUser(db);
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const res = await call("/api/auth/forgot-password", {
      rawBody: `{"email":${JSON.stringify(user.email)},"x":${deep}}`,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(await mailsTo(db, user.email)).toHaveLength(0);
  });

  it("another customer's device cannot be signed out, and their session still works", async () => {
    const victim = await createUserWithSession(db);
    const attacker = await createUserWithSession(db);
    const theirs = (await call("/api/auth/sessions", { token: victim.token })).json as Array<{ id: string }>;
    const res = await call(`/api/auth/sessions/${theirs[0]!.id}`, { method: "DELETE", token: attacker.token });
    expect(res.status).toBe(404);
    expect((await call("/api/auth/user", { token: victim.token })).status).toBe(200);
  });

  it("an email change cannot take another customer's address, and a link to a since-taken address moves nothing", async () => {
    const owner = await createUser(db);
    const { user, token } = await createUserWithSession(db);
    const taken = await call("/api/auth/email", { method: "PUT", token, body: { newEmail: owner.email, password: DEFAULT_PASSWORD } });
    expect(taken.status).toBe(409);
    expect(await mailsTo(db, owner.email)).toHaveLength(0);

    const later = `later-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const link = await issueToken(db, user.id, "email_change", later);
    await createUser(db, { email: later });
    const used = await call("/api/auth/verify-email", { body: { token: link } });
    expect(used.status).toBe(409);
    expect((await call("/api/auth/user", { token })).json.email).toBe(user.email);
  });

  it("a reset link mailed before an address change does not work after it", async () => {
    const user = await createUser(db);
    const reset = await issueToken(db, user.id, "password_reset", user.email);
    const change = await issueToken(db, user.id, "email_change", `moved-${crypto.randomUUID().slice(0, 8)}@example.test`);
    expect((await call("/api/auth/verify-email", { body: { token: change } })).status).toBe(200);
    const res = await call("/api/auth/reset-password", { body: { token: reset, password: "taken-over-1", confirmPassword: "taken-over-1" } });
    expect(res.status).toBe(400);
    expect(res.json.appCode).toBe("LINK_EXPIRED");
  });

  it("a customer's export holds nothing of another customer's", async () => {
    const other = await createUser(db, { phone: "07700 900999", postcode: "ZZ9 9ZZ" });
    const { token } = await createUserWithSession(db);
    const res = await call("/api/user/export", { token });
    expect(res.status).toBe(200);
    for (const secret of [other.email, other.id, "07700 900999", "ZZ9 9ZZ"]) expect(res.text).not.toContain(secret);
  });

  it("customer records are the admins': a customer reading one is 403, signed out 401, whoever's id it is", async () => {
    const { user, token } = await createUserWithSession(db);
    expect((await call(`/api/admin/customers/${user.id}`, { token })).status).toBe(403);
    expect((await call(`/api/admin/customers/${user.id}`)).status).toBe(401);
    expect((await call(`/api/admin/customers?search=${encodeURIComponent(user.email)}`, { token })).status).toBe(403);
  });
});
