import { describe, expect, it } from "vitest";
import { statistics } from "../../db/schema";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

const db = createTestDb();
await db.insert(statistics).values({ id: 1, totalWinners: 2214, totalPrizeValuePence: 1_125_000_000, totalFollowers: 82_400 });
const api = await startTestServer(db);
const admin = await createUserWithSession(db, "admin");

describe("PUT /api/admin/statistics", () => {
  it("sets the figures GET /api/statistics serves, and answers 400 with the field's message for a bad one", async () => {
    const put = await api.request("/api/admin/statistics", {
      method: "PUT",
      token: admin.token,
      body: { source: "manual", totalWinners: 31, totalPrizeValue: "152000.50", totalFollowers: 4100 },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ source: "manual", totalWinners: 31, totalPrizeValue: "152000.50", totalFollowers: 4100 });
    expect((await api.request("/api/statistics")).json).toMatchObject({ totalWinners: 31, totalPrizeValue: "152000.50", totalFollowers: 4100 });

    const bad = await api.request("/api/admin/statistics", {
      method: "PUT",
      token: admin.token,
      body: { source: "manual", totalWinners: 31, totalPrizeValue: "£11m", totalFollowers: 4100 },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.appCode).toBe("INVALID_INPUT");
    expect(JSON.stringify(bad.json)).toContain("Prize value must be an amount in pounds");
    expect((await api.request("/api/statistics")).json.totalPrizeValue).toBe("152000.50");

    const computed = await api.request("/api/admin/statistics", {
      method: "PUT",
      token: admin.token,
      body: { source: "computed", totalWinners: null, totalPrizeValue: null, totalFollowers: 4100 },
    });
    expect(computed.status).toBe(200);
    // No winner and no prize in this shop yet: the pages fall back to the spec's text.
    expect((await api.request("/api/statistics")).json).toMatchObject({ totalWinners: 0, totalPrizeValue: "0.00", totalFollowers: 4100 });
  });
});
