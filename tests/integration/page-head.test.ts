import { eq } from "drizzle-orm";
import { Window } from "happy-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { competitions } from "../../db/schema";
import { PUBLIC_PAGES } from "../../src/server/http/crawlers";
import { createCaller } from "../../src/server/routers/_app";
import { pageHead } from "../../src/server/ssr/head";
import { createContextInner } from "../../src/server/trpc/context";
import { previewImagePath } from "../../src/shared/images";
import { PAGE_TITLES } from "../../src/shared/page-titles";
import { createCompetition } from "../factories/competitions";
import { aboutPagePayload } from "../factories/content";
import { callerAs } from "../helpers/caller";
import { createTestDb } from "../helpers/db";
import { account, buyerOf, wonAt } from "../helpers/winners";

/*
 * What a crawler that runs no JavaScript (Facebook's, WhatsApp's, a search engine's) reads in a public
 * page's head: its tags are parsed back as a browser parses them, so an escape that fails shows up as
 * an attribute that does not round-trip or an element that should not be there.
 */

const db = createTestDb();
const reads = createCaller(createContextInner({ db })).public;
const ORIGIN = "https://shop.example";
/** Early December: the UK is on GMT, so UK time is UTC. */
const NOW = new Date("2026-12-01T12:00:00Z");

interface Parsed {
  elements: string[];
  name: (key: string) => string | null;
  property: (key: string) => string | null;
  canonical: string | null;
  jsonLd: Array<Record<string, unknown>>;
}

function parse(tags: string): Parsed {
  const window = new Window({ settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  const head = window.document.head;
  head.innerHTML = tags;
  const content = (selector: string) => head.querySelector(selector)?.getAttribute("content") ?? null;
  const scripts = Array.from(head.querySelectorAll("script"));
  return {
    elements: Array.from(head.children).map((e) => (e.tagName === "SCRIPT" ? `SCRIPT:${e.getAttribute("type")}` : e.tagName)),
    name: (key) => content(`meta[name="${key}"]`),
    property: (key) => content(`meta[property="${key}"]`),
    canonical: head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    jsonLd: scripts.map((s) => JSON.parse(s.textContent ?? "") as Record<string, unknown>),
  };
}

async function headOf(path: string, now = NOW) {
  const head = await pageHead(path, reads, { origin: ORIGIN, now });
  return { ...head, parsed: parse(head.tags) };
}

/** Every node of a JSON-LD document, @graph flattened. */
const nodes = (docs: Array<Record<string, unknown>>) =>
  docs.flatMap((d) => (Array.isArray(d["@graph"]) ? (d["@graph"] as Array<Record<string, unknown>>) : [d]));
const nodeOf = (docs: Array<Record<string, unknown>>, type: string) => nodes(docs).find((n) => n["@type"] === type);

const previewOf = (src: string) => ORIGIN + previewImagePath(src)!;

describe("public pages' link previews", () => {
  beforeAll(async () => {
    await createCompetition(db, { title: "Listed Baler" });
  });

  it("every public page names itself with absolute addresses on PUBLIC_ORIGIN and a 1200 × 630 picture", async () => {
    for (const path of PUBLIC_PAGES) {
      const { status, title, parsed: p } = await headOf(path);
      expect(status, path).toBe(200);
      expect(p.canonical, path).toBe(ORIGIN + path);
      expect(p.property("og:url"), path).toBe(ORIGIN + path);
      expect(p.property("og:title"), path).toBe(title);
      expect(p.name("twitter:title"), path).toBe(title);
      expect(title, path).toMatch(/Harvest Draws/);
      expect(p.name("description")!.length, path).toBeGreaterThan(40);
      expect(p.property("og:description"), path).toBe(p.name("description"));
      expect(p.property("og:site_name")).toBe("Harvest Draws");
      expect(p.property("og:locale")).toBe("en_GB");
      expect(p.property("og:type")).toBe("website");
      expect(p.property("og:image"), path).toMatch(new RegExp(`^${ORIGIN}/objects/preview\\.jpg\\?src=%2F`));
      expect([p.property("og:image:width"), p.property("og:image:height")]).toEqual(["1200", "630"]);
      expect(p.property("og:image:alt"), path).toBeTruthy();
      expect(p.name("twitter:card")).toBe("summary_large_image");
      expect(p.name("twitter:image")).toBe(p.property("og:image"));
      expect(p.name("robots"), path).not.toMatch(/noindex/);
    }
  });

  it("each page has its own title and description, the ones its page shows", async () => {
    const heads = await Promise.all(PUBLIC_PAGES.map((path) => headOf(path)));
    expect(new Set(heads.map((h) => h.title)).size).toBe(PUBLIC_PAGES.length);
    expect(new Set(heads.map((h) => h.parsed.name("description"))).size).toBe(PUBLIC_PAGES.length);
    expect(heads[PUBLIC_PAGES.indexOf("/winners")]!.title).toBe("Winners Gallery | Harvest Draws");
    expect(heads[PUBLIC_PAGES.indexOf("/terms")]!.title).toBe("Terms & Conditions | Harvest Draws");
    expect(heads[PUBLIC_PAGES.indexOf("/contact")]!.parsed.name("description")).toBe(
      "Questions about a competition, your entries or a prize? We reply within 24-48 hours.",
    );
  });

  it("the home page describes the shop as an Organization and a WebSite", async () => {
    const { parsed } = await headOf("/");
    const organization = nodeOf(parsed.jsonLd, "Organization")!;
    expect(organization).toMatchObject({ name: "Harvest Draws", url: `${ORIGIN}/`, logo: `${ORIGIN}/images/logo.svg` });
    expect(nodeOf(parsed.jsonLd, "WebSite")).toMatchObject({ url: `${ORIGIN}/`, publisher: { "@id": organization["@id"] } });
    expect(parsed.jsonLd[0]!["@context"]).toBe("https://schema.org");
  });

  it("the competitions page lists the active competitions, and its canonical address drops the query", async () => {
    const { parsed } = await headOf("/competitions?category=Irrigation&utm_source=facebook");
    expect(parsed.canonical).toBe(`${ORIGIN}/competitions`);
    expect(parsed.name("description")).toMatch(/^\d+ competitions? open now\. Farm machinery/);
    const list = nodeOf(parsed.jsonLd, "ItemList")!;
    const listed = await reads.competitions.list();
    const baler = listed.find((c) => c.title === "Listed Baler")!;
    expect(list.itemListElement).toContainEqual({
      "@type": "ListItem",
      position: expect.any(Number),
      name: "Listed Baler",
      url: `${ORIGIN}/competition/${baler.id}`,
    });
  });

  it("a path as the router matches it (trailing slash, any case) has one canonical address; PUBLIC_ORIGIN's trailing slash is dropped", async () => {
    const head = await pageHead("/About/", reads, { origin: `${ORIGIN}/`, now: NOW });
    expect(head.status).toBe(200);
    expect(parse(head.tags).canonical).toBe(`${ORIGIN}/about`);
  });

  it("the about page's preview is the admin's subtitle and picture", async () => {
    const empty = await headOf("/about");
    expect(empty.parsed.name("description")).toMatch(/^Who we are/);
    const { caller } = await callerAs(db, "admin");
    await caller.admin.about.save(
      aboutPagePayload({ heroSubtitle: "Run by **farmers**, for farmers.", mainImage: "/images/about.svg", mainImageAlt: "Our yard" }),
    );
    const { parsed } = await headOf("/about");
    expect(parsed.name("description")).toBe("Run by farmers, for farmers.");
    expect(parsed.property("og:image")).toBe(previewOf("/images/about.svg"));
    expect(parsed.property("og:image:alt")).toBe("Our yard");
  });

  it("the live page says when the next draw is, in UK time", async () => {
    const { parsed } = await headOf("/live", new Date());
    const evening = await reads.live.evening();
    const when = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
      new Date(evening.drawAt),
    );
    expect(parsed.name("description")).toMatch(new RegExp(`^Next live draw: \\w+day \\d{1,2} \\w+ at ${when} \\(UK time\\)\\.`));
  });
});

describe("a competition's link preview", () => {
  it("carries its title, prize, price per entry, closing date in UK time and its picture made for previews", async () => {
    const c = await createCompetition(db, {
      title: "Massey Ferguson 5S",
      description: "Win a 145 hp tractor with front loader, delivered to your yard.",
      image: "/objects/uploads/0123456789abcdef",
      pricePence: 250,
      startDate: new Date("2026-11-20T09:00:00Z"),
      endDate: new Date("2026-12-13T23:59:00Z"),
      drawDate: new Date("2026-12-14T20:00:00Z"),
    });
    const { status, title, parsed: p } = await headOf(`/competition/${c.id}`);
    expect(status).toBe(200);
    expect(title).toBe("Massey Ferguson 5S | Harvest Draws");
    expect(p.property("og:title")).toBe("Massey Ferguson 5S | Harvest Draws");
    expect(p.name("description")).toBe(
      "£2.50 per entry. Entries close Sunday 13 December at 23:59 (UK time). Win a 145 hp tractor with front loader, delivered to your yard.",
    );
    expect(p.property("og:description")).toBe(p.name("description"));
    expect(p.property("og:type")).toBe("product");
    expect(p.property("product:price:amount")).toBe("2.50");
    expect(p.property("product:price:currency")).toBe("GBP");
    expect(p.canonical).toBe(`${ORIGIN}/competition/${c.id}`);
    expect(p.property("og:image")).toBe(`${ORIGIN}/objects/preview.jpg?src=%2Fobjects%2Fuploads%2F0123456789abcdef`);
    expect([p.property("og:image:width"), p.property("og:image:height"), p.property("og:image:alt")]).toEqual(["1200", "630", "Massey Ferguson 5S"]);

    const product = nodeOf(p.jsonLd, "Product")!;
    expect(product).toMatchObject({ name: "Massey Ferguson 5S", url: `${ORIGIN}/competition/${c.id}`, image: [p.property("og:image")] });
    expect(product.offers).toMatchObject({
      "@type": "Offer",
      price: "2.50",
      priceCurrency: "GBP",
      availability: "https://schema.org/InStock",
      validThrough: "2026-12-13T23:59:00.000Z",
      url: `${ORIGIN}/competition/${c.id}`,
    });
    const record = await headOf(`/competition/${c.id}/draw`);
    expect(record.title).toBe("Draw record: Massey Ferguson 5S | Harvest Draws");
    expect(record.parsed.name("description")).toMatch(/^The draw is on Monday 14 December at 20:00 \(UK time\)\. Its secret seed was fixed/);
    expect(record.parsed.property("og:image")).toBe(p.property("og:image"));

    const trail = nodeOf(p.jsonLd, "BreadcrumbList")!.itemListElement as Array<{ item: string; name: string }>;
    expect(trail.map((s) => [s.name, s.item])).toEqual([
      ["Home", `${ORIGIN}/`],
      ["Competitions", `${ORIGIN}/competitions`],
      ["Massey Ferguson 5S", `${ORIGIN}/competition/${c.id}`],
    ]);
  });

  it("gives the closing time on the UK's summer clock", async () => {
    const c = await createCompetition(db, { endDate: new Date("2027-06-30T22:59:00Z"), drawDate: new Date("2027-07-05T19:00:00Z") });
    const { parsed } = await headOf(`/competition/${c.id}`, new Date("2027-06-01T12:00:00Z"));
    expect(parsed.name("description")).toMatch(/^£2\.50 per entry\. Entries close Wednesday 30 June at 23:59 \(UK time\)\./);
  });

  it("a closed competition says entries have closed and when it is drawn; its offer is discontinued", async () => {
    const c = await createCompetition(db, {
      status: "closed",
      endDate: new Date("2026-11-29T23:59:00Z"),
      drawDate: new Date("2026-12-07T20:00:00Z"),
    });
    const { parsed } = await headOf(`/competition/${c.id}`);
    expect(parsed.name("description")).toMatch(/^Entries closed Sunday 29 November at 23:59; draw on Monday 7 December at 20:00 \(UK time\)\./);
    expect(parsed.name("description")).not.toMatch(/per entry/);
    expect((nodeOf(parsed.jsonLd, "Product")!.offers as Record<string, unknown>).availability).toBe("https://schema.org/Discontinued");

    // Past its closing date, it has closed whatever its status says.
    const ended = await createCompetition(db, { endDate: new Date("2026-11-30T23:59:00Z"), drawDate: new Date("2026-12-07T20:00:00Z") });
    expect((await headOf(`/competition/${ended.id}`)).parsed.name("description")).toMatch(/^Entries closed Monday 30 November at 23:59; draw on/);
  });

  it("a sold-out competition says so, and one not yet open says when it opens", async () => {
    const sold = await createCompetition(db, { maxTickets: 10, soldTickets: 10, drawDate: new Date("2026-12-14T20:00:00Z") });
    const soldHead = await headOf(`/competition/${sold.id}`);
    expect(soldHead.parsed.name("description")).toMatch(/^Sold out\. The live draw is on Monday 14 December at 20:00 \(UK time\)\./);
    expect((nodeOf(soldHead.parsed.jsonLd, "Product")!.offers as Record<string, unknown>).availability).toBe("https://schema.org/SoldOut");

    const later = await createCompetition(db, { startDate: new Date("2026-12-05T09:00:00Z"), endDate: new Date("2026-12-20T23:59:00Z") });
    const laterHead = await headOf(`/competition/${later.id}`);
    expect(laterHead.parsed.name("description")).toMatch(
      /^Opening soon: £2\.50 per entry\. Entries open Saturday 5 December at 09:00 and close Sunday 20 December at 23:59 \(UK time\)\./,
    );
    expect((nodeOf(laterHead.parsed.jsonLd, "Product")!.offers as Record<string, unknown>).availability).toBe("https://schema.org/OutOfStock");
  });

  it("a drawn competition says when it was drawn and the winning ticket, on its page and its draw record", async () => {
    const { user } = await account(db);
    const drawnAt = new Date();
    const { competition } = await wonAt(db, drawnAt, buyerOf(user), { title: "Drawn Quad" });
    const day = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" }).format(drawnAt);

    const page = await headOf(`/competition/${competition.id}`, new Date(drawnAt.getTime() + 60_000));
    expect(page.parsed.name("description")).toMatch(new RegExp(`^Drawn on ${day} — winning ticket 1\\. A prize for testing`));
    expect((nodeOf(page.parsed.jsonLd, "Product")!.offers as Record<string, unknown>).availability).toBe("https://schema.org/Discontinued");

    const record = await headOf(`/competition/${competition.id}/draw`);
    expect(record.status).toBe(200);
    expect(record.title).toBe("Draw record: Drawn Quad | Harvest Draws");
    expect(record.parsed.name("description")).toMatch(new RegExp(`^Drawn on ${day} — winning ticket 1\\. The seed, the pool`));
    expect(record.parsed.canonical).toBe(`${ORIGIN}/competition/${competition.id}/draw`);
    expect(record.parsed.property("og:image")).toBe(previewOf("/images/tractor.svg"));
  });

  it("a very long description is cut on a word boundary with an ellipsis in the preview, and kept whole for the page", async () => {
    const long = Array.from({ length: 120 }, (_, i) => `word${i}`).join(" ");
    const c = await createCompetition(db, { description: long });
    const description = (await headOf(`/competition/${c.id}`)).parsed.name("description")!;
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description.length).toBeGreaterThan(150);
    expect(description.endsWith("…")).toBe(true);
    const kept = description.slice(description.indexOf("word0"), -1);
    expect(`${long} `.startsWith(`${kept} `)).toBe(true);
    expect((await reads.competitions.get({ id: c.id })).description).toBe(long);
    // Structured data has room for all of it.
    expect(nodeOf((await headOf(`/competition/${c.id}`)).parsed.jsonLd, "Product")!.description).toBe(long);
  });
});

describe("what is not there answers 404", () => {
  it("an unknown competition, or an id the server cannot read, is 'Competition Not Found' with noindex", async () => {
    for (const path of [
      "/competition/no-such-competition",
      `/competition/${"x".repeat(65)}`,
      "/competition/no-such-competition/draw",
      "/competition/%E0%A4%A",
    ]) {
      const { status, title, parsed } = await headOf(path);
      expect(status, path).toBe(404);
      expect(parsed.name("robots"), path).toBe("noindex");
      expect(parsed.canonical, path).toBeNull();
      expect(parsed.property("og:title"), path).toBeNull();
      if (path !== "/competition/%E0%A4%A") expect(title, path).toBe(PAGE_TITLES.competitionNotFound);
    }
  });

  it("an unknown path is the 404 page with noindex", async () => {
    for (const path of ["/no-such-page", "/competitions/extra", "/competition/", "/competition/x/draw/more", "//about"]) {
      const { status, title, parsed } = await headOf(path);
      expect(status, path).toBe(404);
      expect(title, path).toBe(PAGE_TITLES.notFound);
      expect(parsed.name("robots"), path).toBe("noindex");
    }
  });

  it("account, checkout and admin pages exist but are kept out of search results", async () => {
    for (const path of ["/account", "/checkout", "/admin/campaigns", "/auth"]) {
      const { status, parsed } = await headOf(path);
      expect(status, path).toBe(200);
      expect(parsed.elements, path).toEqual(["META"]);
      expect(parsed.name("robots"), path).toBe("noindex");
    }
  });
});

describe("what an admin typed cannot break out of the head", () => {
  const TITLE = `"><script>alert(1)</script> Tom's "Best" & <b>Co</b> \u2028</script><!--`;
  const DESCRIPTION = `**Big** prize & more <img src=x onerror=alert(2)>\n\n</script><script>alert(3)</script>\n- [Tractor](https://evil.example) 'quoted' "double"`;

  it("every tag reads back exactly as typed, and nothing else is in the head", async () => {
    const c = await createCompetition(db, { title: TITLE, description: DESCRIPTION, endDate: new Date("2026-12-13T23:59:00Z") });
    const { tags, parsed: p } = await headOf(`/competition/${c.id}`);

    expect(p.elements.every((e) => e === "META" || e === "LINK" || e === "SCRIPT:application/ld+json")).toBe(true);
    expect(p.elements.filter((e) => e.startsWith("SCRIPT"))).toHaveLength(2);
    expect(tags.match(/<\/script/gi)).toHaveLength(2);
    for (const line of tags.split("\n")) expect(line).toMatch(/^(?:<(?:meta|link) [^<>]*>|<script type="application\/ld\+json">[^<>]*<\/script>)$/);

    expect(p.property("og:title")).toBe(`${TITLE} | Harvest Draws`);
    expect(p.name("twitter:title")).toBe(`${TITLE} | Harvest Draws`);
    expect(p.property("og:image:alt")).toBe(TITLE);
    expect(p.name("description")).toBe(`£2.50 per entry. Entries close Sunday 13 December at 23:59 (UK time). Big prize & more. Tractor 'quoted' "double".`);
    expect(nodeOf(p.jsonLd, "Product")!.name).toBe(TITLE);
    expect(nodeOf(p.jsonLd, "Product")!.description).toBe(`Big prize & more. Tractor 'quoted' "double".`);
    expect((nodeOf(p.jsonLd, "BreadcrumbList")!.itemListElement as Array<{ name: string }>)[2]!.name).toBe(TITLE);
  });

  it("the about page's words and picture address are escaped the same way", async () => {
    const { caller } = await callerAs(db, "admin");
    await caller.admin.about.save(aboutPagePayload({ heroSubtitle: `Say "hi" & <wave>`, mainImageAlt: `"><script>alert(4)</script>` }));
    const { parsed } = await headOf("/about");
    expect(parsed.name("description")).toBe(`Say "hi" &`);
    expect(parsed.property("og:image:alt")).toBe(`"><script>alert(4)</script>`);
    expect(parsed.elements.filter((e) => e.startsWith("SCRIPT"))).toHaveLength(0);
  });
});

describe("the preview follows the data", () => {
  it("a competition renamed by an admin is previewed under its new title", async () => {
    const c = await createCompetition(db, { title: "Old Name" });
    await db.update(competitions).set({ title: "New Name" }).where(eq(competitions.id, c.id));
    expect((await headOf(`/competition/${c.id}`)).parsed.property("og:title")).toBe("New Name | Harvest Draws");
  });
});
