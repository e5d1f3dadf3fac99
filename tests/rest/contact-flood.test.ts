import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

// A file of its own: the per-address limit of the contact procedure (10 an hour) is per process.
const db = createTestDb();
const api = await startTestServer(db);
const message = { name: "Rhys Price", subject: "Tractor draw", message: "When is the next tractor draw?" };
const messagesFrom = (email: string) => db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe("a flood of messages from one address", () => {
  it("is refused after five in an hour, saying when the next one may be sent", async () => {
    const email = "flood@example.test";
    for (let i = 0; i < 5; i++) expect((await api.request("/api/contact", { body: { ...message, email } })).status).toBe(200);
    const refused = await api.request("/api/contact", { body: { ...message, email } });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      appCode: "RATE_LIMITED",
      message: "You have sent several messages recently. Please wait a while before sending another.",
    });
    // The hour runs from the oldest of the five, sent moments ago.
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await messagesFrom(email)).toHaveLength(5);
  });
});
