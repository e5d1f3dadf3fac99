import { describe, expect, it } from "vitest";
import { createSession } from "../../src/server/auth/session";
import { createCompetition } from "../factories/competitions";
import { createUser } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

const db = createTestDb();
const api = await startTestServer(db);
const profile = (dateOfBirth: string | null) => ({ firstName: "Young", lastName: "Buyer", dateOfBirth });
const entry = (competitionId: string) => ({ competitionId, customerName: "Young Buyer", customerEmail: "young@example.test", answer: "green", quantity: 1 });

describe("the age check cannot be undone from the profile", () => {
  it("a customer refused as under 18 cannot change the date of birth and buy", async () => {
    const c = await createCompetition(db);
    const minor = await createUser(db, { dateOfBirth: `${new Date().getUTCFullYear() - 15}-01-01` });
    const { token } = await createSession(db, minor.id);
    const refused = await api.request("/api/entries", { token, body: entry(c.id) });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("You must be 18 or over to enter our competitions.");

    const change = await api.request("/api/auth/profile", { method: "PUT", token, body: profile("1980-01-01") });
    expect(change.status).toBe(403);
    expect(change.json.message).toBe("Your date of birth can't be changed once it is set. If it is wrong, please contact us and we will correct it.");
    expect((await api.request("/api/auth/user", { token })).json.dateOfBirth).toBe(minor.dateOfBirth);
    expect((await api.request("/api/entries", { token, body: entry(c.id) })).status).toBe(403);

    // Saving the rest of the profile with the same date (as the form does) still works.
    const same = await api.request("/api/auth/profile", { method: "PUT", token, body: { ...profile(minor.dateOfBirth), city: "Lincoln" } });
    expect(same.status).toBe(200);
    expect(same.json).toMatchObject({ city: "Lincoln", dateOfBirth: minor.dateOfBirth });
  });

  it("a customer without a date of birth adds it once, and then it is fixed", async () => {
    const user = await createUser(db, { dateOfBirth: null });
    const { token } = await createSession(db, user.id);
    const set = await api.request("/api/auth/profile", { method: "PUT", token, body: profile("1990-05-05") });
    expect(set.status).toBe(200);
    expect(set.json.dateOfBirth).toBe("1990-05-05");
    expect((await api.request("/api/auth/profile", { method: "PUT", token, body: profile("1970-05-05") })).status).toBe(403);
    // Leaving it out (or empty) keeps it.
    const kept = await api.request("/api/auth/profile", { method: "PUT", token, body: profile(null) });
    expect(kept.status).toBe(200);
    expect(kept.json.dateOfBirth).toBe("1990-05-05");
  });
});
