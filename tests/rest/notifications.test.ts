import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { notifications } from "../../db/schema";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

const db = createTestDb();
const api = await startTestServer(db);

async function notify(userId: string | null, title: string) {
  return (await first(
    db
      .insert(notifications)
      .values({ title, message: `${title} message`, userId })
      .returning(),
  ))!;
}

describe("notifications over REST", () => {
  it("a user sees their own and the broadcasts, never another user's, whatever userId they send", async () => {
    const alice = await createUserWithSession(db);
    const bob = await createUserWithSession(db);
    await notify(alice.user.id, "For Alice");
    await notify(bob.user.id, "For Bob");
    await notify(null, "For everyone");
    const mine = await api.request(`/api/notifications?userId=${alice.user.id}`, { token: alice.token });
    expect(mine.status).toBe(200);
    expect(mine.json.map((n: { title: string }) => n.title).sort()).toEqual(["For Alice", "For everyone"]);
    const snoop = await api.request(`/api/notifications?userId=${bob.user.id}`, { token: alice.token });
    expect(snoop.status).toBe(403);
    expect(snoop.text).not.toContain("For Bob");
    const count = await api.request(`/api/notifications/unread-count?userId=${bob.user.id}`, { token: alice.token });
    expect(count.status).toBe(403);
  });

  it("marks one and all read per user: a broadcast read by one is still unread for another", async () => {
    const carol = await createUserWithSession(db);
    const dan = await createUserWithSession(db);
    const b = await notify(null, "Broadcast read test");
    const own = await notify(carol.user.id, "Carol only");
    const before = (await api.request("/api/notifications/unread-count", { token: carol.token })).json.count;
    expect((await api.request(`/api/notifications/${b.id}/read`, { method: "PUT", token: carol.token, body: { userId: carol.user.id } })).status).toBe(200);
    expect((await api.request("/api/notifications/unread-count", { token: carol.token })).json.count).toBe(before - 1);
    const danList = (await api.request("/api/notifications", { token: dan.token })).json;
    expect(danList.find((n: { id: string }) => n.id === b.id).isRead).toBe(false);
    expect((await api.request("/api/notifications/mark-all-read", { method: "PUT", token: carol.token, body: { userId: carol.user.id } })).status).toBe(200);
    expect((await api.request("/api/notifications/unread-count", { token: carol.token })).json.count).toBe(0);
    const carolList = (await api.request("/api/notifications", { token: carol.token })).json;
    expect(carolList.find((n: { id: string }) => n.id === own.id).isRead).toBe(true);
    expect((await api.request("/api/notifications/unread-count", { token: dan.token })).json.count).toBeGreaterThan(0);
  });

  it("cannot mark or delete another user's notification", async () => {
    const eve = await createUserWithSession(db);
    const frank = await createUserWithSession(db);
    const franks = await notify(frank.user.id, "Frank's prize");
    expect((await api.request(`/api/notifications/${franks.id}/read`, { method: "PUT", token: eve.token, body: {} })).status).toBe(404);
    expect((await api.request(`/api/notifications/${franks.id}`, { method: "DELETE", token: eve.token })).status).toBe(404);
    const still = (await api.request("/api/notifications", { token: frank.token })).json;
    expect(still.find((n: { id: string }) => n.id === franks.id)).toMatchObject({ isRead: false });
  });

  it("deleting a broadcast dismisses it for that user only", async () => {
    const gwen = await createUserWithSession(db);
    const huw = await createUserWithSession(db);
    const b = await notify(null, "Dismiss me");
    expect((await api.request(`/api/notifications/${b.id}`, { method: "DELETE", token: gwen.token })).status).toBe(200);
    expect((await api.request("/api/notifications", { token: gwen.token })).json.map((n: { id: string }) => n.id)).not.toContain(b.id);
    expect((await api.request("/api/notifications", { token: huw.token })).json.map((n: { id: string }) => n.id)).toContain(b.id);
  });

  it("gives an admin without userId the whole list", async () => {
    const admin = await createUserWithSession(db, "admin");
    const someone = await createUserWithSession(db);
    await notify(someone.user.id, "Private to someone");
    const all = await api.request("/api/notifications", { token: admin.token });
    expect(all.json.map((n: { title: string }) => n.title)).toContain("Private to someone");
  });
});
