import { describe, expect, it } from "vitest";
import { settings } from "../../db/schema";
import { campaignPayload } from "../factories/competitions";
import { aboutPagePayload } from "../factories/content";
import { createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/**
 * An admin tool (or a script) reads a record, changes a field and writes the whole body back. Every
 * admin write whose read shows more than it takes (id, createdAt, updatedAt, figures…) must accept
 * those read-only fields and ignore them, and still refuse a key it does not know.
 */
const db = createTestDb();
await db.insert(settings).values({ key: "winners_display_count", value: "12", category: "display", description: "How many winners to show" });
const api = await startTestServer(db);
const { token } = await createUserWithSession(db, "admin");
const as = (method: string, path: string, body?: unknown) => api.request(`/api${path}`, { method, token, ...(body === undefined ? {} : { body }) });

type Row = Record<string, unknown> & { id: string };
const listed = async (path: string, id: string): Promise<Row> => {
  const list = await as("GET", path);
  expect(list.status).toBe(200);
  const row = (list.json as Row[]).find((r) => r.id === id);
  expect(row).toBeDefined();
  return row as Row;
};

/** GET → PUT of the same body with one field changed → 200 and the change kept; an unknown key is still a 400 naming it. */
async function roundTrip(o: { method?: string; write: string; read: Row; change: Record<string, unknown>; readOnly: string[] }) {
  for (const key of o.readOnly) expect(o.read).toHaveProperty(key);
  const method = o.method ?? "PUT";
  const saved = await as(method, o.write, { ...o.read, ...o.change });
  expect(saved.status, saved.text).toBe(200);
  expect(saved.json).toMatchObject(o.change);
  for (const key of o.readOnly) expect(saved.json[key]).toEqual(o.read[key]);

  const unknown = await as(method, o.write, { ...o.read, colour: "red" });
  expect(unknown.status).toBe(400);
  expect(unknown.text).toContain("colour");
}

describe("an admin can write back what they read", () => {
  it("the About page (updatedAt)", async () => {
    expect((await as("PUT", "/admin/about-page", aboutPagePayload())).status).toBe(200);
    const read = (await as("GET", "/admin/about-page")).json;
    expect(read.updatedAt).toEqual(expect.any(String));
    const saved = await as("PUT", "/admin/about-page", { ...read, heroTitle: "About the farm" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.heroTitle).toBe("About the farm");
    const unknown = await as("PUT", "/admin/about-page", { ...read, colour: "red" });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("colour");
  });

  it("a category (id, createdAt)", async () => {
    const { id } = (await as("POST", "/admin/categories", { name: "Orchards" })).json;
    const read = await listed("/admin/categories", id);
    await roundTrip({ write: `/admin/categories/${id}`, read, change: { name: "Orchard Kit" }, readOnly: ["createdAt"] });
    // Read-only means ignored, whatever is sent back.
    const rewritten = await as("PUT", `/admin/categories/${id}`, { ...read, id: "someone-else", createdAt: "2000-01-01T00:00:00.000Z" });
    expect(rewritten.status).toBe(200);
    expect(rewritten.json).toMatchObject({ id, createdAt: read.createdAt });
  });

  it("a pop-up (id, createdAt)", async () => {
    const { id } = (await as("POST", "/admin/popups", { title: "Harvest sale", ctaText: "Go", ctaLink: "/competitions" })).json;
    await roundTrip({ write: `/admin/popups/${id}`, read: await listed("/admin/popups", id), change: { title: "Harvest sale ends" }, readOnly: ["createdAt"] });
  });

  it("a hero slide (id, createdAt)", async () => {
    const { id } = (await as("POST", "/hero-slides", { title: "Barn", image: "/images/hero-harvest.svg", ctaText: "Go", ctaLink: "/competitions" })).json;
    await roundTrip({
      method: "PATCH",
      write: `/hero-slides/${id}`,
      read: await listed("/hero-slides", id),
      change: { title: "Big barn" },
      readOnly: ["createdAt"],
    });
  });

  it("a competition (sold and held tickets, revenue, createdAt…)", async () => {
    const { id } = (await as("POST", "/admin/competitions", campaignPayload())).json;
    await roundTrip({
      write: `/admin/competitions/${id}`,
      read: await listed("/admin/competitions", id),
      change: { title: "Renamed Baler" },
      readOnly: ["soldTickets", "heldTickets", "revenue", "paidEntries", "poolFrozen", "reopenBlockedReason", "createdAt"],
    });
  });

  it("a winner (competition title, entry, date, source)", async () => {
    const competition = (await as("POST", "/admin/competitions", campaignPayload())).json;
    const { id } = (await as("POST", "/admin/winners", { competitionId: competition.id, customerName: "Gwen P." })).json;
    await roundTrip({
      write: `/admin/winners/${id}`,
      read: await listed("/admin/winners", id),
      change: { customerName: "Gwen Price" },
      readOnly: ["competitionTitle", "entryId", "ticketNumber", "winDate", "source"],
    });
  });

  it("a setting (description, category, updatedAt)", async () => {
    const read = ((await as("GET", "/admin/settings")).json as Record<string, unknown>[]).find((s) => s.key === "winners_display_count");
    expect(read).toMatchObject({ category: "display", description: "How many winners to show", updatedAt: expect.any(String) });
    const saved = await as("PUT", "/admin/settings/winners_display_count", { ...read, value: "9" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ key: "winners_display_count", value: "9", category: "display" });
    const unknown = await as("PUT", "/admin/settings/winners_display_count", { ...read, colour: "red" });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("colour");
  });
});
