import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { notifications } from "../../db/schema";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/**
 * A customer can reach only their own things, whatever ids or userId values the request carries:
 * the session decides, and a different userId is refused rather than obeyed.
 */
const db = createTestDb();
const api = await startTestServer(db);
const alice = await createUserWithSession(db);
const bob = await createUserWithSession(db);
const c = await createCompetition(db, { title: "IDOR Baler" });
const bobsEntry = await api.request("/api/entries", {
  token: bob.token,
  headers: { "idempotency-key": "bobs-key-123456" },
  body: { competitionId: c.id, customerName: "Bob", customerEmail: bob.user.email, answer: "green", quantity: 2 },
});
const bobsNote = (await first(db.insert(notifications).values({ title: "Bob's secret prize", message: "for Bob", userId: bob.user.id }).returning()))!;

describe("IDOR: another user's data", () => {
  it("bob's purchase went through (the fixture is real)", () => {
    expect(bobsEntry.status).toBe(201);
  });

  it("entries and wins are the caller's own, whatever userId is sent", async () => {
    for (const path of [`/api/user/wins?userId=${bob.user.id}`, "/api/user/entries", "/api/user/entries?page=1&pageSize=100"]) {
      const res = await api.request(path, { token: alice.token });
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(bobsEntry.json.entryId);
      expect(res.text).not.toContain(bob.user.email);
    }
    // The entries list takes a page now, and its query is strict like every input: naming a user is refused.
    const named = await api.request(`/api/user/entries?userId=${bob.user.id}`, { token: alice.token });
    expect(named.status).toBe(400);
    expect(named.text).toContain("userId");
    expect(named.text).not.toContain(bobsEntry.json.entryId);
    expect(named.text).not.toContain(bob.user.email);
  });

  it("notifications of another user cannot be listed, counted, marked or deleted", async () => {
    expect((await api.request(`/api/notifications?userId=${bob.user.id}`, { token: alice.token })).status).toBe(403);
    expect((await api.request(`/api/notifications/unread-count?userId=${bob.user.id}`, { token: alice.token })).status).toBe(403);
    expect((await api.request(`/api/notifications/${bobsNote.id}/read`, { method: "PUT", token: alice.token, body: { userId: bob.user.id } })).status).toBe(
      403,
    );
    expect((await api.request(`/api/notifications/${bobsNote.id}/read`, { method: "PUT", token: alice.token, body: {} })).status).toBe(404);
    expect((await api.request("/api/notifications/mark-all-read", { method: "PUT", token: alice.token, body: { userId: bob.user.id } })).status).toBe(403);
    expect((await api.request(`/api/notifications/${bobsNote.id}`, { method: "DELETE", token: alice.token })).status).toBe(404);
    expect((await api.request(`/api/admin/notifications/${bobsNote.id}`, { method: "DELETE", token: alice.token })).status).toBe(403);
    // Deleting for everyone is no longer a parameter of the customer's path: it is refused as input.
    expect((await api.request(`/api/notifications/${bobsNote.id}?all=true`, { method: "DELETE", token: alice.token })).status).toBe(400);
    const bobs = (await api.request("/api/notifications", { token: bob.token })).json;
    expect(bobs.find((n: { id: string }) => n.id === bobsNote.id)).toMatchObject({ isRead: false });
  });

  it("a profile update naming another id, an email or a role is refused whole, and changes no one", async () => {
    const res = await api.request("/api/auth/profile", {
      method: "PUT",
      token: alice.token,
      body: { id: bob.user.id, userId: bob.user.id, email: bob.user.email, firstName: "Mallory", lastName: "X", role: "admin" },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json.issues)).toMatch(/unrecognized_keys/);
    expect((await api.request("/api/auth/user", { token: alice.token })).json).toMatchObject({ firstName: alice.user.firstName, role: "user" });
    expect((await api.request("/api/auth/user", { token: bob.token })).json).toMatchObject({ firstName: bob.user.firstName, role: "user" });
    const own = await api.request("/api/auth/profile", { method: "PUT", token: alice.token, body: { firstName: "Mallory", lastName: "X" } });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ id: alice.user.id, email: alice.user.email, firstName: "Mallory", role: "user" });
  });

  it("views, limits and breaks act on the caller only", async () => {
    expect((await api.request("/api/user/track-view", { token: alice.token, body: { userId: bob.user.id, competitionId: c.id } })).status).toBe(403);
    await api.request("/api/user/limits", { method: "PUT", token: alice.token, body: { monthlyLimit: "5.00", userId: bob.user.id } });
    expect((await api.request("/api/user/limits", { token: bob.token })).json.monthlyLimit).toBeNull();
    await api.request("/api/user/break", { token: alice.token, body: { period: "1w", userId: bob.user.id } });
    expect((await api.request("/api/user/limits", { token: bob.token })).json.suspension).toBeNull();
  });

  it("an order id or idempotency key of another user gives nothing away", async () => {
    const carol = await createUserWithSession(db);
    const replay = await api.request("/api/entries", {
      token: carol.token,
      headers: { "idempotency-key": "bobs-key-123456" },
      body: { competitionId: c.id, customerName: "Carol", customerEmail: carol.user.email, answer: "green", quantity: 1 },
    });
    expect(replay.status).toBe(201);
    expect(replay.json.orderId).not.toBe(bobsEntry.json.orderId);
  });
});
