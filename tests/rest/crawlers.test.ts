import { describe, expect, it } from "vitest";
import { createCompetition } from "../factories/competitions";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

/*
 * What search engines read: robots.txt keeps the private parts out, sitemap.xml lists the public
 * pages and the competitions still worth finding, with absolute addresses on the shop's public origin.
 */
const db = createTestDb();
const ORIGIN = "https://shop.example.co.uk";
const api = await startTestServer(db, { publicOrigin: ORIGIN });
const DAY = 86_400_000;

describe("robots.txt", () => {
  it("keeps accounts, checkout, admin, the API and the simulated bank out, and points at the sitemap", async () => {
    const res = await fetch(`${api.origin}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    for (const path of ["/account", "/checkout", "/admin", "/api/", "/payments/"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(text).not.toMatch(/Disallow: \/competition\b/);
  });
});

describe("sitemap.xml", () => {
  it("lists the public pages and every competition on sale, awaiting its draw or drawn in the last three months", async () => {
    const now = Date.now();
    const onSale = await createCompetition(db, { title: "Sitemap Baler" });
    const closed = await createCompetition(db, { title: "Sitemap Closed", status: "closed", endDate: new Date(now - DAY) });
    const drawnLately = await createCompetition(db, {
      title: "Sitemap Drawn Lately",
      status: "drawn",
      endDate: new Date(now - 10 * DAY),
      drawDate: new Date(now - 9 * DAY),
    });
    const drawnLongAgo = await createCompetition(db, {
      title: "Sitemap Drawn Long Ago",
      status: "drawn",
      endDate: new Date(now - 200 * DAY),
      drawDate: new Date(now - 199 * DAY),
    });
    const res = await fetch(`${api.origin}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const body = await res.text();
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of ["/", "/competitions", "/winners", "/about", "/live", "/contact", "/terms", "/privacy"]) expect(locs).toContain(`${ORIGIN}${page}`);
    for (const c of [onSale, closed, drawnLately]) expect(locs).toContain(`${ORIGIN}/competition/${c.id}`);
    expect(locs).not.toContain(`${ORIGIN}/competition/${drawnLongAgo.id}`);
    // Nothing private, and every address absolute on the public origin.
    expect(locs.every((l) => l!.startsWith(`${ORIGIN}/`))).toBe(true);
    expect(locs.some((l) => /\/(account|checkout|admin|api)\b/.test(l!))).toBe(false);
  });

  it("answers HEAD without a body", async () => {
    const res = await fetch(`${api.origin}/sitemap.xml`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });
});

describe("without PUBLIC_ORIGIN (development)", async () => {
  const local = await startTestServer(db);
  it("uses the address the request came to", async () => {
    const text = await (await fetch(`${local.origin}/robots.txt`)).text();
    expect(text).toContain(`Sitemap: ${local.origin}/sitemap.xml`);
  });
});
