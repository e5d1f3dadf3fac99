import { describe, expect, it } from "vitest";
import { seed } from "../../src/server/seed/seed";
import { contactMessages, mailOutbox, popups } from "../../db/schema";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

const db = createTestDb();
await seed(db, { demo: true, adminEmail: "admin@example.test", adminPassword: "admin-password" });
const api = await startTestServer(db);

describe("public content over REST", () => {
  it("serves the seeded storefront content", async () => {
    const slides = await api.request("/api/hero-slides/active");
    expect(slides.json.length).toBeGreaterThanOrEqual(3);
    expect(slides.json.map((s: { order: number }) => s.order)).toEqual([...slides.json.map((s: { order: number }) => s.order)].sort((a, b) => a - b));
    const stats = await api.request("/api/statistics");
    expect(stats.json).toMatchObject({ totalWinners: 2214, totalPrizeValue: "11250000.00", totalFollowers: 82400 });
    const count = await api.request("/api/settings/winners_display_count");
    expect(count.json).toEqual({ key: "winners_display_count", value: "12" });
    const about = await api.request("/api/about-page");
    expect(about.json.contentParagraphs.length).toBeGreaterThan(0);
    expect(about.json.feature2Icon).toBe("transparency");
    const media = await api.request("/api/media-settings");
    expect(media.json).toEqual({
      maxImageSizeMB: 10,
      maxVideoSizeMB: 300,
      allowedImageTypes: ["jpeg", "jpg", "png"],
      allowedVideoTypes: ["mp4", "webm", "quicktime"],
    });
    const winners = await api.request("/api/winners");
    // Every seeded winner comes from a real seeded draw.
    expect(winners.json.length).toBe(6);
    expect(winners.json.filter((w: { source: string }) => w.source === "draw")).toHaveLength(6);
    expect(winners.json[0]).toHaveProperty("testimonial");
    expect(winners.text).not.toContain("@");
    const cats = await api.request("/api/categories");
    expect(cats.json.map((c: { name: string }) => c.name)).toContain("Irrigation");
    const competitions = await api.request("/api/competitions");
    expect(competitions.json.length).toBeGreaterThanOrEqual(8);
    expect(new Set(competitions.json.map((c: { status: string }) => c.status))).toEqual(new Set(["active", "closed", "drawn"]));
  });

  it("chooses pop-ups by page, activity and dates", async () => {
    const now = Date.now();
    await db.insert(popups).values([
      { title: "Everywhere", ctaText: "Go", ctaLink: "/", displayPages: ["*"] },
      { title: "Competition pages", ctaText: "Go", ctaLink: "/", displayPages: ["/competition/*"] },
      { title: "Switched off", ctaText: "Go", ctaLink: "/", displayPages: ["*"], isActive: false },
      { title: "Not yet", ctaText: "Go", ctaLink: "/", displayPages: ["*"], startDate: new Date(now + 86_400_000) },
      { title: "Over", ctaText: "Go", ctaLink: "/", displayPages: ["*"], endDate: new Date(now - 1000) },
    ]);
    const titles = async (page: string) => (await api.request(`/api/popups?page=${encodeURIComponent(page)}`)).json.map((p: { title: string }) => p.title);
    const onCompetition = await titles("/competition/abc");
    expect(onCompetition).toContain("Everywhere");
    expect(onCompetition).toContain("Competition pages");
    expect(onCompetition).not.toContain("Switched off");
    expect(onCompetition).not.toContain("Not yet");
    expect(onCompetition).not.toContain("Over");
    expect(await titles("/winners")).not.toContain("Competition pages");
  });
});

describe("POST /api/contact", () => {
  const message = { name: "Ifan Jones", email: "ifan@example.test", subject: "Delivery to Anglesey", message: "Do you deliver prizes to Anglesey?" };

  it("stores the message and queues an acknowledgement", async () => {
    const res = await api.request("/api/contact", { body: message });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect((await db.select().from(contactMessages)).some((m) => m.subject === "Delivery to Anglesey")).toBe(true);
    const ack = (await db.select().from(mailOutbox)).find((m) => m.to === "ifan@example.test");
    expect(ack?.text).toContain("24-48 hours");
  });

  it("gives the spec's messages for short fields", async () => {
    const res = await api.request("/api/contact", { body: { name: "I", email: "nope", subject: "Hi", message: "short" } });
    expect(res.status).toBe(400);
    const messages = res.json.issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Name must be at least 2 characters",
        "Please enter a valid email address",
        "Subject must be at least 5 characters",
        "Message must be at least 10 characters",
      ]),
    );
  });

  it("refuses a flood from one address with 429", async () => {
    const flood = { ...message, email: "flood@example.test" };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await api.request("/api/contact", { body: flood })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});
