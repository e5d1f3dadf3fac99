import { entries, settings } from "../../db/schema";
import { aboutPagePayload } from "../factories/content";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalDiskStorage } from "../../src/server/storage/local-disk";
import { createCompetition, campaignPayload } from "../factories/competitions";
import { createUserWithSession } from "../factories/users";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

const db = createTestDb();
await allowGuestCheckout(db);
const api = await startTestServer(db, { storage: new LocalDiskStorage(mkdtempSync(join(tmpdir(), "uploads-test-"))) });
const { token, user: adminUser } = await createUserWithSession(db, "admin");
const as = (method: string, path: string, body?: unknown) => api.request(`/api${path}`, { method, token, ...(body === undefined ? {} : { body }) });

const DAY = 86_400_000;
const campaign = campaignPayload;

describe("campaigns", () => {
  it("creates, lists (with the answer, for admins only), edits, toggles and deletes", async () => {
    const created = await as("POST", "/admin/competitions", campaign());
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      title: "Admin Test Baler",
      price: "3.50",
      status: "active",
      qualifyingAnswer: "Four",
      featured: false,
      allowPostalEntry: true,
    });
    const id = created.json.id;
    const list = await as("GET", "/admin/competitions");
    expect(list.json.find((c: { id: string }) => c.id === id).qualifyingAnswer).toBe("Four");
    expect((await api.request(`/api/competitions/${id}`)).text).not.toContain("Four");
    const edited = await as("PUT", `/admin/competitions/${id}`, campaign({ title: "Renamed Baler", price: 4 }));
    expect(edited.json).toMatchObject({ title: "Renamed Baler", price: "4.00" });
    const closed = await as("PUT", `/admin/competitions/${id}`, { status: "closed" });
    expect(closed.json.status).toBe("closed");
    expect((await as("DELETE", `/admin/competitions/${id}`)).status).toBe(200);
    expect((await api.request(`/api/competitions/${id}`)).status).toBe(404);
  });

  it("validates dates, price and the postal address", async () => {
    const endBeforeStart = await as("POST", "/admin/competitions", campaign({ endDate: new Date(Date.now() - 2 * DAY).toISOString() }));
    expect(endBeforeStart.status).toBe(400);
    expect(JSON.stringify(endBeforeStart.json)).toContain("End date must be after the start date");
    const drawBeforeEnd = await as("POST", "/admin/competitions", campaign({ drawDate: new Date(Date.now() + 2 * DAY).toISOString() }));
    expect(JSON.stringify(drawBeforeEnd.json)).toContain("Draw date must be on or after the end date");
    const badPrice = await as("POST", "/admin/competitions", campaign({ price: "3.505" }));
    expect(badPrice.status).toBe(400);
    const noAddress = await as("POST", "/admin/competitions", campaign({ postalAddress: "" }));
    expect(JSON.stringify(noAddress.json)).toContain("required for legal compliance");
    const script = await as("POST", "/admin/competitions", campaign({ image: "javascript:alert(1)" }));
    expect(script.status).toBe(400);
  });

  it("refuses to delete a competition with paid entries and says what to do instead", async () => {
    const c = await createCompetition(db);
    const bought = await api.request("/api/entries", {
      body: { competitionId: c.id, customerName: "A B", customerEmail: "ab@example.test", answer: "green", quantity: 1 },
    });
    expect(bought.status).toBe(201);
    const res = await as("DELETE", `/admin/competitions/${c.id}`);
    expect(res.status).toBe(409);
    expect(res.json.message).toContain("Close it instead");
    const tooSmall = await as("PUT", `/admin/competitions/${c.id}`, campaign({ maxTickets: 0 }));
    expect(tooSmall.status).toBe(400);
  });
});

describe("hero slides", () => {
  it("creates, reorders by PATCHing only order, deactivates and deletes", async () => {
    const a = (await as("POST", "/hero-slides", { title: "A", image: "/images/hero-harvest.svg", ctaText: "Go", ctaLink: "/competitions" })).json;
    const b = (await as("POST", "/hero-slides", { title: "B", image: "/images/hero-winners.svg", ctaText: "Go", ctaLink: "https://example.com", order: 1 }))
      .json;
    expect(a).toMatchObject({ isActive: true, order: 0 });
    expect((await as("PATCH", `/hero-slides/${a.id}`, { order: 2 })).json.order).toBe(2);
    const ordered = (await as("GET", "/hero-slides")).json.map((s: { title: string }) => s.title);
    expect(ordered.indexOf("B")).toBeLessThan(ordered.indexOf("A"));
    await as("PATCH", `/hero-slides/${b.id}`, { isActive: false });
    expect((await api.request("/api/hero-slides/active")).json.map((s: { id: string }) => s.id)).not.toContain(b.id);
    expect((await as("DELETE", `/hero-slides/${a.id}`)).status).toBe(200);
  });

  it("gives the spec's warnings and refuses unsafe links", async () => {
    const noMedia = await as("POST", "/hero-slides", { title: "X", image: "", ctaText: "Go", ctaLink: "/" });
    expect(JSON.stringify(noMedia.json)).toContain("Please upload an image or video for your hero slide");
    const noLink = await as("POST", "/hero-slides", { title: "X", image: "/a.png", ctaText: "Go", ctaLink: "" });
    expect(JSON.stringify(noLink.json)).toContain("Please select a campaign or enter a custom URL");
    const js = await as("POST", "/hero-slides", { title: "X", image: "/a.png", ctaText: "Go", ctaLink: "javascript:alert(1)" });
    expect(js.status).toBe(400);
  });
});

describe("categories, settings, pop-ups, notifications, About page and winners", () => {
  it("keeps category names unique with a clear message", async () => {
    expect((await as("POST", "/admin/categories", { name: "Orchards" })).status).toBe(200);
    const dup = await as("POST", "/admin/categories", { name: "Orchards" });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe("A category with this name already exists");
    expect((await as("POST", "/admin/categories", { name: "ORCHARDS" })).status).toBe(409);
    const blank = await as("POST", "/admin/categories", { name: "   " });
    expect(JSON.stringify(blank.json)).toContain("Category name is required");
    const id = (await as("GET", "/admin/categories")).json.find((c: { name: string }) => c.name === "Orchards").id;
    expect((await as("PUT", `/admin/categories/${id}`, { name: "Orchards & Fruit", isActive: false })).json).toMatchObject({
      name: "Orchards & Fruit",
      isActive: false,
    });
    expect((await api.request("/api/categories")).json.map((c: { name: string }) => c.name)).not.toContain("Orchards & Fruit");
    expect((await as("DELETE", `/admin/categories/${id}`)).status).toBe(200);
  });

  it("changes settings within their rules", async () => {
    await db.insert(settings).values([
      { key: "max_image_size_mb", value: "10", category: "media", updatedAt: new Date(0) },
      { key: "winners_display_count", value: "12", category: "display", updatedAt: new Date(0) },
    ]);
    expect((await as("PUT", "/admin/settings/max_image_size_mb", { value: "25" })).json.value).toBe("25");
    expect((await as("PUT", "/admin/settings/max_image_size_mb", { value: "6000" })).status).toBe(400);
    expect((await as("PUT", "/admin/settings/winners_display_count", { value: "6" })).status).toBe(200);
    expect((await api.request("/api/settings/winners_display_count")).json.value).toBe("6");
    expect((await as("PUT", "/admin/settings/no_such_key", { value: "1" })).status).toBe(404);
  });

  it("manages pop-ups with their defaults and limits", async () => {
    const p = await as("POST", "/admin/popups", { title: "Harvest sale", ctaText: "Shop", ctaLink: "/competitions" });
    expect(p.json).toMatchObject({ displayDelay: 3000, priority: 1, showFrequency: "once_per_session", isActive: true, displayPages: [] });
    expect((await as("POST", "/admin/popups", { title: "x", ctaText: "x", ctaLink: "/", priority: 11 })).status).toBe(400);
    expect(
      (await as("PUT", `/admin/popups/${p.json.id}`, { title: "Harvest sale", ctaText: "Shop", ctaLink: "/", priority: 5, displayPages: ["/"] })).json.priority,
    ).toBe(5);
    expect((await as("GET", "/admin/popups")).json.length).toBeGreaterThan(0);
    expect((await as("DELETE", `/admin/popups/${p.json.id}`)).status).toBe(200);
  });

  it("broadcasts a notification a customer then sees, and deletes it for everyone", async () => {
    const customer = await createUserWithSession(db);
    const missing = await as("POST", "/notifications", { title: "", message: "" });
    expect(JSON.stringify(missing.json)).toContain("Please fill in all required fields");
    const sent = await as("POST", "/notifications", { title: "Draw tonight", message: "Live at 8pm", type: "info", priority: "high" });
    expect(sent.status).toBe(200);
    const seen = await api.request("/api/notifications", { token: customer.token });
    expect(seen.json.map((n: { title: string }) => n.title)).toContain("Draw tonight");
    expect((await as("GET", "/admin/notifications")).json.map((n: { id: string }) => n.id)).toContain(sent.json.id);
    expect((await as("DELETE", `/admin/notifications/${sent.json.id}`)).status).toBe(200);
    expect((await api.request("/api/notifications", { token: customer.token })).json.map((n: { title: string }) => n.title)).not.toContain("Draw tonight");
  });

  it("saves the About page with exactly the spec's messages for gaps", async () => {
    const page = aboutPagePayload({ contentParagraphs: ["One", "Two"] });
    expect((await as("PUT", "/admin/about-page", page)).status).toBe(200);
    expect((await api.request("/api/about-page")).json.contentParagraphs).toEqual(["One", "Two"]);
    expect((await as("GET", "/admin/about-page")).json.heroTitle).toBe("About us");
    const bad = await as("PUT", "/admin/about-page", { ...page, heroTitle: "", contentParagraphs: [], mainImage: "not a url" });
    const text = JSON.stringify(bad.json);
    for (const m of ["Hero title is required", "At least one paragraph is required", "Must be a valid URL"]) expect(text).toContain(m);
    expect(JSON.stringify((await as("PUT", "/admin/about-page", { ...page, contentParagraphs: [""] })).json)).toContain("Paragraph cannot be empty");
  });

  it("adds, edits and deletes a manual winner", async () => {
    const c = await createCompetition(db, { title: "Winner's Trailer" });
    const noComp = await as("POST", "/admin/winners", { competitionId: "", customerName: "X" });
    expect(JSON.stringify(noComp.json)).toContain("Competition is required");
    const noName = await as("POST", "/admin/winners", { competitionId: c.id, customerName: "" });
    expect(JSON.stringify(noName.json)).toContain("Winner name is required");
    const badPhoto = await as("POST", "/admin/winners", { competitionId: c.id, customerName: "X", photo: "ftp://x" });
    expect(JSON.stringify(badPhoto.json)).toContain("Must be a valid URL");
    const w = await as("POST", "/admin/winners", { competitionId: c.id, customerName: "Nia W.", photo: "", testimonial: "Brilliant" });
    expect(w.json).toMatchObject({ customerName: "Nia W.", competitionTitle: "Winner's Trailer", source: "manual", photo: null });
    expect(
      (await as("PUT", `/admin/winners/${w.json.id}`, { competitionId: c.id, customerName: "Nia Williams", photo: "/images/winner-1.svg" })).json.customerName,
    ).toBe("Nia Williams");
    expect((await api.request("/api/winners")).json.map((x: { customerName: string }) => x.customerName)).toContain("Nia Williams");
    expect((await as("DELETE", `/admin/winners/${w.json.id}`)).status).toBe(200);
    expect((await as("GET", "/admin/winners")).json.map((x: { id: string }) => x.id)).not.toContain(w.json.id);
  });
});

describe("entries, reports and messages", () => {
  it("filters, pages and exports entries, and computes the analytics in SQL", async () => {
    const c = await createCompetition(db, { title: "Report Harrow", pricePence: 200 });
    const buy = (email: string, quantity: number, token = "sim_approve") =>
      api.request("/api/entries", {
        body: { competitionId: c.id, customerName: `Buyer ${email}`, customerEmail: email, answer: "green", quantity, paymentToken: token },
      });
    await buy("r1@example.test", 2);
    await buy("r2@example.test", 3);
    await buy("r3@example.test", 1, "sim_decline");
    const all = await as("GET", `/admin/entries?competitionId=${c.id}`);
    expect(all.json).toHaveLength(3);
    const paid = await as("GET", `/admin/entries/search?competitionId=${c.id}&paymentStatus=paid&pageSize=1&page=2`);
    expect(paid.json).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paid.json.items).toHaveLength(1);
    const byEmail = await as("GET", `/admin/entries/search?search=R2@EXAMPLE`);
    expect(byEmail.json.items.map((e: { customerEmail: string }) => e.customerEmail)).toEqual(["r2@example.test"]);
    const csv = await as("GET", `/admin/entries/export?competitionId=${c.id}&paymentStatus=paid`);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="entries-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.trim().split("\n");
    expect(lines[0]).toBe("Ticket,Competition,Name,Email,Method,Payment,Amount,Entry date,Entry id");
    expect(lines).toHaveLength(1 + 5);

    const dash = await as("GET", "/admin/dashboard");
    expect(dash.json.recentEntries.length).toBeLessThanOrEqual(10);
    const stats = await as("GET", "/admin/analytics");
    // Hand-computed from every entry in this file's database.
    const rows = await db.select({ s: entries.paymentStatus, t: entries.ticketCount, a: entries.amountPence }).from(entries);
    const paidRows = rows.filter((r) => r.s === "paid");
    expect(stats.json.totalEntries).toBe(rows.length);
    expect(stats.json.conversionRate).toBe(Math.round((paidRows.length / rows.length) * 1000) / 10);
    expect(stats.json.averageTicketsPerPaidEntry).toBe(Math.round((paidRows.reduce((s, r) => s + r.t, 0) / paidRows.length) * 10) / 10);
    expect(stats.json.totalRevenue).toBe((paidRows.reduce((s, r) => s + r.a, 0) / 100).toFixed(2));
    expect(dash.json.totalRevenue).toBe(stats.json.totalRevenue);
    expect(stats.json.topCampaigns.find((t: { title: string }) => t.title === "Report Harrow")).toMatchObject({ revenue: "10.00", ticketsSold: 5 });
    expect(stats.json.entriesToday).toBeGreaterThanOrEqual(3);
  });

  it("shows contact messages and the mail outbox", async () => {
    await api.request("/api/contact", {
      body: { name: "Mair", email: "mair@example.test", subject: "Postal entries", message: "Where do I send my postcard?" },
    });
    expect((await as("GET", "/admin/messages")).json[0]).toMatchObject({ name: "Mair", subject: "Postal entries" });
    expect((await as("GET", "/admin/outbox")).json.some((m: { to: string }) => m.to === "mair@example.test")).toBe(true);
  });
});

// A real picture: images are decoded and written again before they are kept.
const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#2f6b3a" } })
  .png()
  .toBuffer();

describe("media uploads", () => {
  it("issues a one-time URL bound to the admin, checks the bytes and serves the file with long caching", async () => {
    const grant = await as("POST", "/campaign-media/upload-url", { filename: "photo.png" });
    expect(grant.json.objectPath).toMatch(/^\/objects\/uploads\/[a-z0-9-]+$/);
    const stranger = await createUserWithSession(db, "admin");
    const wrongAdmin = await api.request(grant.json.uploadUrl, { method: "PUT", rawBody: png.toString("latin1"), token: stranger.token });
    expect(wrongAdmin.status).toBe(403);
    const put = await fetch(api.origin + grant.json.uploadUrl, {
      method: "PUT",
      body: png,
      headers: { "content-type": "image/png", "x-session-token": token },
    });
    expect(put.status).toBe(200);
    const again = await fetch(api.origin + grant.json.uploadUrl, { method: "PUT", body: png, headers: { "x-session-token": token } });
    expect(again.status).toBe(404);
    const served = await fetch(api.origin + grant.json.objectPath);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 48, height: 32 });
    void adminUser;
  });

  it("refuses a file whose bytes are not an allowed type, whatever its name", async () => {
    const { uploadURL } = (await as("POST", "/objects/upload")).json;
    const res = await fetch(api.origin + uploadURL, {
      method: "PUT",
      body: Buffer.from("<html><script>alert(1)</script>"),
      headers: { "content-type": "image/png", "x-session-token": token },
    });
    expect(res.status).toBe(415);
    expect((await res.json()).message).toContain("Invalid file type");
  });

  it("refuses an image over the size limit", async () => {
    const { uploadURL } = (await as("POST", "/objects/upload")).json;
    const big = Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await fetch(api.origin + uploadURL, { method: "PUT", body: big, headers: { "content-type": "image/png", "x-session-token": token } });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toContain("File too large");
  });
});
