import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { validateSessionToken } from "../../src/server/auth/session";
import { callerAs } from "../helpers/caller";
import { createTestDb } from "../helpers/db";

const db = createTestDb();

const registration = (email: string) => ({
  email,
  password: "secret-pass",
  confirmPassword: "secret-pass",
  firstName: "Megan",
  lastName: "Price",
  phone: "07700 900123",
  address: "Home Farm",
  city: "Ludlow",
  postcode: "SY8 1AA",
  country: "",
});

async function rejects(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof TRPCError) return err;
    throw err;
  }
  throw new Error("expected the call to be refused");
}

describe("register", () => {
  it("creates a customer with a session and the default country, hashing the password", async () => {
    const { caller } = await callerAs(db, null);
    const result = await caller.public.auth.register(registration("Megan@Example.com"));
    expect(result.user).toMatchObject({ email: "megan@example.com", firstName: "Megan", role: "user", country: "United Kingdom" });
    expect((await validateSessionToken(db, result.token)).user?.id).toBe(result.user.id);
    const row = (await first(db.select().from(users).where(eq(users.id, result.user.id))))!;
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(result)).not.toContain("argon2");
  });

  it("refuses a second account for the same email, whatever its case", async () => {
    const { caller } = await callerAs(db, null);
    await caller.public.auth.register(registration("dup@example.com"));
    const err = await rejects(caller.public.auth.register(registration("DUP@example.com")));
    expect(err.code).toBe("CONFLICT");
    expect(err.message).toMatch(/^An account with this email already exists\. Please sign in instead; if you have forgotten your password/);
  });

  it("gives the spec's messages for bad fields", async () => {
    const { caller } = await callerAs(db, null);
    const mismatch = await rejects(caller.public.auth.register({ ...registration("x@example.com"), confirmPassword: "other-pass" }));
    expect(mismatch.code).toBe("BAD_REQUEST");
    expect(mismatch.message).toContain("Passwords don't match");
    const short = await rejects(caller.public.auth.register({ ...registration("y@example.com"), password: "123", confirmPassword: "123" }));
    expect(short.message).toContain("Password must be at least 6 characters");
    const noName = await rejects(caller.public.auth.register({ ...registration("z@example.com"), firstName: "  " }));
    expect(noName.message).toContain("First name is required");
    const badEmail = await rejects(caller.public.auth.register(registration("not-an-email")));
    expect(badEmail.message).toContain("Please enter a valid email address");
  });
});

describe("login and logout", () => {
  it("signs in with the right password and gives the same answer for a wrong password or an unknown email", async () => {
    const { caller } = await callerAs(db, null);
    await caller.public.auth.register(registration("login@example.com"));
    const ok = await caller.public.auth.login({ email: "LOGIN@example.com", password: "secret-pass" });
    expect(ok.user.email).toBe("login@example.com");
    const wrong = await rejects(caller.public.auth.login({ email: "login@example.com", password: "wrong-pass" }));
    const unknown = await rejects(caller.public.auth.login({ email: "nobody@example.com", password: "wrong-pass" }));
    expect(wrong.code).toBe("UNAUTHORIZED");
    expect(unknown.code).toBe(wrong.code);
    expect(unknown.message).toBe(wrong.message);
  });

  it("ends the session on logout", async () => {
    const { caller, token, user } = await callerAs(db, "customer");
    expect((await validateSessionToken(db, token!)).user?.id).toBe(user!.id);
    await caller.public.auth.logout();
    expect((await validateSessionToken(db, token!)).user).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(0);
  });
});

describe("profile", () => {
  it("updates the signed-in user's own fields and keeps the email", async () => {
    const { caller, user } = await callerAs(db, "customer");
    const updated = await caller.customer.account.updateProfile({
      firstName: "Eira",
      lastName: "Jones",
      phone: "01970 000000",
      address: "Tŷ Newydd",
      city: "Aberystwyth",
      postcode: "SY23 1AA",
      country: "Wales",
    });
    expect(updated).toMatchObject({ id: user!.id, email: user!.email, firstName: "Eira", city: "Aberystwyth", country: "Wales" });
    const row = (await first(db.select().from(users).where(eq(users.id, user!.id))))!;
    expect(row).toMatchObject({ firstName: "Eira", lastName: "Jones", postcode: "SY23 1AA", email: user!.email });
  });
});
