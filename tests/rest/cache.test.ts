import { describe, expect, it } from "vitest";
import { createCompetition } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

const db = createTestDb();
const api = await startTestServer(db);

describe("the public read cache", () => {
  it("answers with an ETag, a 304 when unchanged, and fresh data right after a write", async () => {
    const c = await createCompetition(db, { maxTickets: 50 });
    const first = await api.request(`/api/competitions/${c.id}`);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(first.json.soldTickets).toBe(0);
    const same = await api.request(`/api/competitions/${c.id}`, { headers: { "if-none-match": etag! } });
    expect(same.status).toBe(304);
    const { token } = await createUserWithSession(db);
    expect(
      (
        await api.request("/api/entries", {
          token,
          body: { competitionId: c.id, customerName: "C", customerEmail: "c@example.test", answer: "green", quantity: 3 },
        })
      ).status,
    ).toBe(201);
    const after = await api.request(`/api/competitions/${c.id}`, { headers: { "if-none-match": etag! } });
    expect(after.status).toBe(200);
    expect(after.json.soldTickets).toBe(3);
    expect(after.headers.get("etag")).not.toBe(etag);
    const list = await api.request("/api/competitions");
    expect(list.json.find((x: { id: string }) => x.id === c.id).soldTickets).toBe(3);
  });

  it("does not cache an unknown competition", async () => {
    expect((await api.request(`/api/competitions/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
