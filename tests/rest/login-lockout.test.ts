import { describe, expect, it } from "vitest";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

const db = createTestDb();
// Behind a proxy, as in production: each request says which address it came from.
const api = await startTestServer(db, { config: { trustProxy: true } });

const login = (email: string, password: string, ip: string) =>
  api.request("/api/auth/login", { body: { email, password }, headers: { "x-forwarded-for": ip } });

describe("password guessing cannot lock the owner out", () => {
  it("an attacker rotating addresses keeps failing, and the owner still signs in with the right password", async () => {
    const admin = await createUser(db, { role: "admin" });
    // Five wrong guesses from one address start the account's wait.
    for (let i = 0; i < 5; i++) expect((await login(admin.email, "wrong-guess", "198.51.100.1")).status).toBe(401);
    const fromThere = await login(admin.email, DEFAULT_PASSWORD, "198.51.100.1");
    expect(fromThere.status).toBe(429);
    expect(Number(fromThere.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(fromThere.json.appCode).toBe("RATE_LIMITED");
    // The attack of the review: one wrong try from a new address whenever the wait runs out.
    for (let i = 2; i < 40; i++) {
      const ip = `198.51.100.${i}`;
      expect((await login(admin.email, "wrong-guess", ip)).status).toBe(401);
      // That address has now failed: a second guess from it waits.
      expect((await login(admin.email, "another-guess", ip)).status).toBe(429);
    }
    // The owner, from their own address, is let through to try, and the right password works.
    const owner = await login(admin.email, DEFAULT_PASSWORD, "203.0.113.50");
    expect(owner.status).toBe(200);
    expect(owner.json.user.role).toBe("admin");
    // A success clears the account's count: the next wrong guess is an ordinary 401 again.
    expect((await login(admin.email, "wrong-guess", "198.51.100.1")).status).toBe(401);
  });

  it("a wrong password from an address with no failures still counts and still fails", async () => {
    const user = await createUser(db);
    for (let i = 0; i < 6; i++) await login(user.email, "nope-nope", "192.0.2.1");
    const res = await login(user.email, "nope-nope", "192.0.2.77");
    expect(res.status).toBe(401);
    expect((await login(user.email, DEFAULT_PASSWORD, "192.0.2.77")).status).toBe(429);
    expect((await login(user.email, DEFAULT_PASSWORD, "192.0.2.78")).status).toBe(200);
  });
});
