import { describe, expect, it } from "vitest";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { createTestDb, sqlRun, TEST_ENGINE } from "../helpers/db";
import { startTestServer } from "../helpers/http";

const db = createTestDb();
const api = await startTestServer(db);
const broken = createTestDb();
const brokenApi = await startTestServer(broken);

/** Runs `fn` while the database refuses every write, as a full disk or a read-only file does. */
async function whileUnwritable<T>(fn: () => Promise<T>): Promise<T> {
  db.$client.pragma("query_only = ON");
  try {
    return await fn();
  } finally {
    db.$client.pragma("query_only = OFF");
  }
}

const contact = { name: "Fay Storage", email: "fay@example.test", subject: "Disk trouble", message: "A message long enough to pass." };

// SQLite's file refusing writes (a full disk, a read-only file), made so by SQLite's query_only pragma: on
// PostgreSQL the server's own disk is another machine's concern, and no pragma makes the pool read-only.
describe.skipIf(TEST_ENGINE === "postgres")("when the database cannot be written", () => {
  it("health answers 503 with database unwritable, and ok again afterwards", async () => {
    expect((await api.request("/api/health")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    const down = await whileUnwritable(() => api.request("/api/health"));
    expect(down.status).toBe(503);
    expect(down.json).toMatchObject({ status: "error", database: "unwritable" });
    await new Promise((r) => setTimeout(r, 1100));
    const up = await api.request("/api/health");
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({ status: "ok", database: "ok" });
  });

  it("writes answer 503 with Retry-After and a plain message, never SQLite's words; sign-in too", async () => {
    const user = await createUser(db);
    const [write, login, trpc] = await whileUnwritable(() =>
      Promise.all([
        api.request("/api/contact", { body: contact }),
        api.request("/api/auth/login", { body: { email: user.email, password: DEFAULT_PASSWORD } }),
        api.request("/api/trpc/public.contact.send", { body: contact }),
      ]),
    );
    for (const res of [write, login, trpc]) {
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
      expect(res.text).not.toMatch(/sqlite|readonly|query_only|database/i);
    }
    expect(write.json.message).toBe("We can't save changes right now. Please try again in a few minutes.");
    expect(trpc.json.error.message).toBe("We can't save changes right now. Please try again in a few minutes.");
    // Reads still work meanwhile.
    expect((await whileUnwritable(() => api.request("/api/competitions"))).status).toBe(200);
  });
});

describe("an unexpected failure", () => {
  it("answers 500 with a generic message and the request id, never the internal error text", async () => {
    await sqlRun(broken, "drop table contact_messages");
    const res = await brokenApi.request("/api/contact", { body: contact, headers: { "x-request-id": "req-test-12345" } });
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toBe("req-test-12345");
    expect(res.json.message).toBe("Something went wrong on our side. Please try again; if it keeps happening, contact us quoting reference req-test-12345.");
    expect(res.text).not.toMatch(/no such table|contact_messages|sqlite/i);
    const trpc = await brokenApi.request("/api/trpc/public.contact.send", { body: contact });
    expect(trpc.status).toBe(500);
    expect(trpc.json.error.message).toMatch(/^Something went wrong on our side\. .* quoting reference [0-9a-f-]{36}\.$/);
    expect(trpc.json.error.data.requestId).toBe(trpc.headers.get("x-request-id"));
    expect(trpc.text).not.toMatch(/no such table|contact_messages|sqlite/i);
  });
});
