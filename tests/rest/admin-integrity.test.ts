import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { auditLog, competitions, draws, entries, heroSlides, popups, settings, users } from "../../db/schema";
import { createCompetition, campaignPayload } from "../factories/competitions";
import { createUser, createUserWithSession } from "../factories/users";
import { count } from "../helpers/assertions";
import { createTestDb, sqlRun } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/** Findings of the security review of the back office, each reproduced over real HTTP. */
const db = createTestDb();
await db
  .insert(settings)
  .values({ key: "winners_display_count", value: "12", category: "display", updatedAt: new Date(0) })
  .onConflictDoNothing();
const api = await startTestServer(db);
const { token, user: admin } = await createUserWithSession(db, "admin");
const customer = await createUserWithSession(db);
const as = (method: string, path: string, body?: unknown) => api.request(`/api${path}`, { method, token, ...(body === undefined ? {} : { body }) });
const auditRows = async (action: string) => await db.select().from(auditLog).where(eq(auditLog.action, action));

const DAY = 86_400_000;
const campaign = (over: Record<string, unknown> = {}) =>
  campaignPayload({ title: "Integrity Baler", qualifyingQuestion: "What colour is grass?", qualifyingAnswer: "Green", ...over });

describe("A. an admin write cannot escape the audit log", () => {
  it("refuses an extra field nested 3,000 deep before anything runs: 400, setting unchanged, no audit row", async () => {
    let nested = '"bottom"';
    for (let i = 0; i < 3000; i++) nested = `{"x":${nested}}`;
    const rows = (await auditRows("admin.settings.update")).length;
    const res = await api.request("/api/admin/settings/winners_display_count", {
      method: "PUT",
      token,
      headers: { "content-type": "application/json" },
      rawBody: `{"value":"3","extra":${nested}}`,
    });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain("stack");
    expect((await first(db.select().from(settings).where(eq(settings.key, "winners_display_count"))))?.value).toBe("12");
    expect(await auditRows("admin.settings.update")).toHaveLength(rows);
  });

  it("writes the row of a setting change it accepts", async () => {
    const res = await as("PUT", "/admin/settings/winners_display_count", { value: "9" });
    expect(res.status).toBe(200);
    const log = await as("GET", "/admin/audit-log");
    expect(log.json[0]).toMatchObject({
      action: "admin.settings.update",
      targetType: "settings",
      targetId: "winners_display_count",
      actorEmail: admin.email,
      details: { key: "winners_display_count", value: "9" },
    });
  });
});

describe('B. "drawn" only through the draw; a competition with entries is closed, not deleted', () => {
  const DRAWN_MESSAGE = 'A competition becomes "drawn" only by running its draw.';
  const ENTRIES_MESSAGE = "This competition has entries and cannot be deleted. Close it instead.";

  it("refuses a full PUT that makes a competition drawn, leaving it as it was", async () => {
    const c = await createCompetition(db);
    const res = await as("PUT", `/admin/competitions/${c.id}`, campaign({ status: "drawn" }));
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(DRAWN_MESSAGE);
    expect((await first(db.select().from(competitions).where(eq(competitions.id, c.id))))?.status).toBe("active");
    expect(await first(db.select().from(draws).where(eq(draws.competitionId, c.id)))).toBeUndefined();
    const statusOnly = await as("PUT", `/admin/competitions/${c.id}`, { status: "drawn" });
    expect(statusOnly.status).toBe(400);
    expect(statusOnly.json.message).toBe(DRAWN_MESSAGE);
  });

  it("refuses to create a competition that is already drawn", async () => {
    const res = await as("POST", "/admin/competitions", campaign({ title: "Born Drawn", status: "drawn" }));
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(DRAWN_MESSAGE);
    expect(await db.select().from(competitions).where(eq(competitions.title, "Born Drawn"))).toHaveLength(0);
  });

  it("still lets the full form save a drawn competition's wording while it stays drawn", async () => {
    const c = await createCompetition(db, { status: "drawn" });
    const res = await as("PUT", `/admin/competitions/${c.id}`, campaign({ status: "drawn", description: "Clearer wording" }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "drawn", description: "Clearer wording" });
  });

  it("refuses to delete a competition with a postal entry, and keeps the entry", async () => {
    const c = await createCompetition(db);
    const post = await as("POST", `/admin/competitions/${c.id}/postal-entries`, {
      customerName: "Post Person",
      customerEmail: "post-integrity@example.test",
      address: "Farm\nVillage",
      receivedAt: new Date().toISOString(),
      postalReference: "PC-INT-1",
      answer: "Green",
      dateOfBirth: "1961-02-03",
    });
    expect(post.status).toBe(200);
    const res = await as("DELETE", `/admin/competitions/${c.id}`);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(ENTRIES_MESSAGE);
    expect(await db.select().from(entries).where(eq(entries.competitionId, c.id))).toHaveLength(1);
    expect((await auditRows("admin.competitions.remove")).filter((r) => r.targetId === c.id)).toHaveLength(0);
  });

  it("refuses while a payment is pending, and deletes when only failed payments remain", async () => {
    const pending = await createCompetition(db);
    await db
      .insert(entries)
      .values({ competitionId: pending.id, customerName: "P", customerEmail: "p@example.test", ticketCount: 1, amountPence: 250, paymentStatus: "pending" });
    const refused = await as("DELETE", `/admin/competitions/${pending.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(ENTRIES_MESSAGE);

    const failed = await createCompetition(db);
    await db
      .insert(entries)
      .values({ competitionId: failed.id, customerName: "F", customerEmail: "f@example.test", ticketCount: 1, amountPence: 250, paymentStatus: "failed" });
    expect((await as("DELETE", `/admin/competitions/${failed.id}`)).status).toBe(200);
    expect((await auditRows("admin.competitions.remove")).filter((r) => r.targetId === failed.id)).toHaveLength(1);
  });
});

describe("C. a link that looks like a site path must stay on the site", () => {
  const HOSTILE = [
    "/\\evil.test/",
    "/\\/evil.test/",
    "/\t/evil.test/",
    "/\n/evil.test/",
    "/\r\n/evil.test/",
    "//evil.test/",
    "/%5Cevil.test/",
    "/%5c/evil.test/",
    "/%2F/evil.test/",
    "/..//evil.test/",
    "javascript:alert(1)",
    "JAVASCRIPT:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "  //evil.test/",
    " /\\evil.test/",
    "\t//evil.test/",
    "https:/\\evil.test/",
    "\\\\evil.test/",
  ];

  it.each(HOSTILE)("refuses %j as a hero slide's link or media, a pop-up's link and a campaign's policy links", async (link) => {
    const slides = await count(db, "hero_slides");
    expect((await as("POST", "/hero-slides", { title: "Evil", image: "/images/hero-harvest.svg", ctaText: "Go", ctaLink: link })).status).toBe(400);
    expect((await as("POST", "/hero-slides", { title: "Evil", image: link, ctaText: "Go", ctaLink: "/competitions" })).status).toBe(400);
    expect(await count(db, "hero_slides")).toBe(slides);

    const popupCount = await count(db, "popups");
    expect((await as("POST", "/admin/popups", { title: "Evil", ctaText: "Go", ctaLink: link })).status).toBe(400);
    expect(await count(db, "popups")).toBe(popupCount);

    const privacy = await as("POST", "/admin/competitions", campaign({ title: "Evil Links", privacyPolicyUrl: link }));
    const terms = await as("POST", "/admin/competitions", campaign({ title: "Evil Links", termsOfUseUrl: link }));
    expect([privacy.status, terms.status]).toEqual([400, 400]);
    expect(await db.select().from(competitions).where(eq(competitions.title, "Evil Links"))).toHaveLength(0);
  });

  it("refuses a hostile link in an edit too, keeping the stored one", async () => {
    const slide = (await first(
      db.insert(heroSlides).values({ title: "Kept", image: "/images/hero-harvest.svg", ctaText: "Go", ctaLink: "/competitions" }).returning(),
    ))!;
    expect((await as("PATCH", `/hero-slides/${slide.id}`, { ctaLink: "/\\evil.test/" })).status).toBe(400);
    expect((await first(db.select().from(heroSlides).where(eq(heroSlides.id, slide.id))))?.ctaLink).toBe("/competitions");
    const popup = (await first(db.insert(popups).values({ title: "Kept", ctaText: "Go", ctaLink: "/competitions" }).returning()))!;
    expect((await as("PUT", `/admin/popups/${popup.id}`, { title: "Kept", ctaText: "Go", ctaLink: "/\t/evil.test/" })).status).toBe(400);
    expect((await first(db.select().from(popups).where(eq(popups.id, popup.id))))?.ctaLink).toBe("/competitions");
  });

  it("keeps site paths and absolute http(s) URLs", async () => {
    for (const link of ["/competitions", "/competition/abc?ref=hero#enter", "https://example.com/rules", "http://example.com"]) {
      const res = await as("POST", "/hero-slides", { title: "Fine", image: "/images/hero-harvest.svg", ctaText: "Go", ctaLink: link });
      expect(res.status, link).toBe(200);
      expect(res.json.ctaLink).toBe(link);
    }
    const c = await as(
      "POST",
      "/admin/competitions",
      campaign({ title: "Good Links", privacyPolicyUrl: "/privacy", termsOfUseUrl: "https://example.com/terms" }),
    );
    expect(c.status).toBe(200);
    expect(c.json).toMatchObject({ privacyPolicyUrl: "/privacy", termsOfUseUrl: "https://example.com/terms" });
  });
});

describe("D. only an admin changes a date of birth once set, with a reason, audited", () => {
  const path = (userId: string) => `/admin/users/${userId}/date-of-birth`;

  it("changes it and keeps the reason and the old value in the audit log", async () => {
    const player = await createUser(db, { dateOfBirth: "2010-06-01" });
    const res = await as("PUT", path(player.id), { dateOfBirth: "1990-06-01", reason: "Passport seen on video call" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ userId: player.id, dateOfBirth: "1990-06-01", previousDateOfBirth: "2010-06-01" });
    expect((await first(db.select({ d: users.dateOfBirth }).from(users).where(eq(users.id, player.id))))?.d).toBe("1990-06-01");
    const [row] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "admin.users.changeDateOfBirth"), eq(auditLog.targetId, player.id)));
    expect(row).toMatchObject({
      actorId: admin.id,
      reason: "Passport seen on video call",
      details: { dateOfBirth: "1990-06-01", previousDateOfBirth: "2010-06-01" },
    });
  });

  it("answers 404 for an unknown player and refuses a future or impossible date, a short reason or an extra field", async () => {
    const player = await createUser(db, { dateOfBirth: "1970-01-01" });
    const rows = (await auditRows("admin.users.changeDateOfBirth")).length;
    const unknown = await as("PUT", path("no-such-user"), { dateOfBirth: "1990-01-01", reason: "Passport checked" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe("User not found");
    const tomorrow = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const future = await as("PUT", path(player.id), { dateOfBirth: tomorrow, reason: "Passport checked" });
    expect(future.status).toBe(400);
    expect(future.text).toContain("Date of birth cannot be in the future");
    const impossible = await as("PUT", path(player.id), { dateOfBirth: "1990-02-30", reason: "Passport checked" });
    expect(impossible.status).toBe(400);
    expect(impossible.text).toContain("Please enter a valid date of birth");
    const noReason = await as("PUT", path(player.id), { dateOfBirth: "1990-01-01", reason: "ok" });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain("Give a reason of at least 5 characters");
    const extra = await as("PUT", path(player.id), { dateOfBirth: "1990-01-01", reason: "Passport checked", role: "admin" });
    expect(extra.status).toBe(400);
    expect(await first(db.select({ d: users.dateOfBirth, role: users.role }).from(users).where(eq(users.id, player.id)))).toEqual({
      d: "1970-01-01",
      role: "user",
    });
    expect(await auditRows("admin.users.changeDateOfBirth")).toHaveLength(rows);
  });

  it("is for admins only", async () => {
    const player = await createUser(db);
    const body = { dateOfBirth: "1990-01-01", reason: "Passport checked" };
    expect((await api.request(`/api${path(player.id)}`, { method: "PUT", body })).status).toBe(401);
    expect((await api.request(`/api${path(customer.user.id)}`, { method: "PUT", body, token: customer.token })).status).toBe(403);
  });
});

describe("E. a ticket limit cannot be made so large that the shop's own answers break", () => {
  it("refuses maxTickets and maxTicketsPerPerson beyond ten million, on create and on edit", async () => {
    for (const over of [{ maxTickets: 1e300 }, { maxTickets: 10_000_001 }, { maxTicketsPerPerson: "99999999999999999999" }]) {
      const res = await as("POST", "/admin/competitions", campaign(over));
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json.issues)).toMatch(/can be at most 10,000,000/);
    }
    const created = await as("POST", "/admin/competitions", campaign({ maxTickets: 10_000_000 }));
    expect(created.status).toBe(200);
    expect((await as("PUT", `/admin/competitions/${created.json.id}`, campaign({ maxTickets: 1e300 }))).status).toBe(400);
  });

  it("a row that fails the output check still answers the generic 500, with no field detail", async () => {
    const broken = await createCompetition(db, { title: "Broken Row" });
    await sqlRun(db, "update competitions set max_tickets = ? where id = ?", [2 ** 60, broken.id]);
    try {
      const res = await api.request("/api/competitions", { headers: { "x-request-id": "req-output-check-1" } });
      expect(res.status).toBe(500);
      expect(res.json.message).toBe(
        "Something went wrong on our side. Please try again; if it keeps happening, contact us quoting reference req-output-check-1.",
      );
      expect(res.text).not.toMatch(/maxTickets|Too big|9007199254740991/i);
      expect(res.json.data.zodError).toBeNull();
    } finally {
      await sqlRun(db, "delete from competitions where id = ?", [broken.id]);
    }
  });
});
