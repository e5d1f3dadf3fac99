import { describe, expect, it } from "vitest";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { createUserWithSession } from "../factories/users";

const db = createTestDb();
const api = await startTestServer(db);

const body = (email: string) => ({
  email,
  password: "secret-pass",
  confirmPassword: "secret-pass",
  firstName: "Sam",
  lastName: "Hill",
});

describe("POST /api/auth/register and /api/auth/login", () => {
  it("registers, answers { token, user } and lets the token read GET /api/auth/user", async () => {
    const reg = await api.request("/api/auth/register", { body: body("sam@example.com") });
    expect(reg.status).toBe(200);
    expect(reg.json.token).toMatch(/^[a-z2-7]{32}$/);
    expect(reg.json.user).toMatchObject({ email: "sam@example.com", firstName: "Sam", role: "user" });
    expect(reg.json.user).not.toHaveProperty("passwordHash");
    const me = await api.request("/api/auth/user", { token: reg.json.token });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: reg.json.user.id, email: "sam@example.com", firstName: "Sam", lastName: "Hill", role: "user" });
  });

  it("sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const res = await api.request("/api/auth/register", { body: body("cookie@example.com") });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^session=[a-z2-7]{32};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });

  it("answers 400 with the spec's message for mismatched passwords", async () => {
    const res = await api.request("/api/auth/register", { body: { ...body("m@example.com"), confirmPassword: "nope-nope" } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain("Passwords don't match");
  });

  it("answers 409 for a taken email and 401 for a wrong password", async () => {
    await api.request("/api/auth/register", { body: body("taken@example.com") });
    const again = await api.request("/api/auth/register", { body: body("taken@example.com") });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/^An account with this email already exists\. Please sign in instead; if you have forgotten your password/);
    const bad = await api.request("/api/auth/login", { body: { email: "taken@example.com", password: "wrong-one" } });
    expect(bad.status).toBe(401);
    expect(bad.json.message).toBe("Invalid email or password");
    const good = await api.request("/api/auth/login", { body: { email: "taken@example.com", password: "secret-pass" } });
    expect(good.status).toBe(200);
    expect(good.json.token).toBeTruthy();
  });
});

describe("GET /api/auth/user", () => {
  it("answers 401 without a session, with a made-up token and with a garbage token", async () => {
    expect((await api.request("/api/auth/user")).status).toBe(401);
    expect((await api.request("/api/auth/user", { token: "abcdefghijklmnopqrstuvwxyz234567" })).status).toBe(401);
    expect((await api.request("/api/auth/user", { token: "'; drop table users; --" })).status).toBe(401);
  });

  it("accepts the session cookie", async () => {
    const { token } = await createUserWithSession(db);
    const res = await api.request("/api/auth/user", { headers: { cookie: `session=${token}` } });
    expect(res.status).toBe(200);
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session named by the x-session-token header", async () => {
    const { token } = await createUserWithSession(db);
    const out = await api.request("/api/auth/logout", { method: "POST", token });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true });
    expect((await api.request("/api/auth/user", { token })).status).toBe(401);
  });

  it("ends the session named by a bearer token", async () => {
    const { token } = await createUserWithSession(db);
    const out = await api.request("/api/auth/logout", { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    expect((await api.request("/api/auth/user", { token })).status).toBe(401);
  });

  it("clears the cookie and succeeds even without a session", async () => {
    const out = await api.request("/api/auth/logout", { method: "POST" });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
  });
});

describe("PUT /api/auth/profile", () => {
  const profile = { firstName: "Rhiannon", lastName: "Price", phone: null, address: "Bryn", city: "Bala", postcode: "LL23 7AA", country: "Wales" };

  it("updates the profile with a token", async () => {
    const { token } = await createUserWithSession(db);
    const res = await api.request("/api/auth/profile", { method: "PUT", token, body: profile });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ firstName: "Rhiannon", city: "Bala" });
  });

  it("refuses a cookie-authenticated change from another site, and allows it from our own origin", async () => {
    const { token } = await createUserWithSession(db);
    const cross = await api.request("/api/auth/profile", {
      method: "PUT",
      body: profile,
      headers: { cookie: `session=${token}`, origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
    expect(cross.json.message).toBe("Cross-site request refused");
    const missing = await api.request("/api/auth/profile", { method: "PUT", body: profile, headers: { cookie: `session=${token}` } });
    expect(missing.status).toBe(403);
    const same = await api.request("/api/auth/profile", {
      method: "PUT",
      body: profile,
      headers: { cookie: `session=${token}`, origin: api.origin },
    });
    expect(same.status).toBe(200);
  });

  it("answers 401 when signed out", async () => {
    expect((await api.request("/api/auth/profile", { method: "PUT", body: profile })).status).toBe(401);
  });
});

describe("the role wall: GET /api/admin/settings", () => {
  it("is 401 signed out, 403 for a customer and 200 for an admin", async () => {
    const customer = await createUserWithSession(db, "user");
    const admin = await createUserWithSession(db, "admin");
    const anon = await api.request("/api/admin/settings");
    expect(anon.status).toBe(401);
    const denied = await api.request("/api/admin/settings", { token: customer.token });
    expect(denied.status).toBe(403);
    expect(denied.json.message).toBe("You don't have permission to access this page. Admin privileges are required.");
    const ok = await api.request("/api/admin/settings", { token: admin.token });
    expect(ok.status).toBe(200);
    expect(Array.isArray(ok.json)).toBe(true);
  });
});
