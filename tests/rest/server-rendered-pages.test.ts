import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureDefaultSettings } from "../../src/server/services/settings";
import { campaignPayload, createCompetition } from "../factories/competitions";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";
import { MAX_CARRIED_CHARS } from "../../src/client/entry-server";
import { account } from "../helpers/winners";

/**
 * Public pages drawn on the server (issue #31), over real HTTP: what a crawler or a browser without
 * JavaScript receives, the data handed to the browser, the 404s, the cache and its invalidation.
 */
const db = createTestDb();
await allowGuestCheckout(db);
await ensureDefaultSettings(db);

// The built index.html's shape: the head, the root with its two markers, the data marker, the entry script.
const clientDir = mkdtempSync(join(tmpdir(), "harvest-ssr-"));
writeFileSync(
  join(clientDir, "index.html"),
  `<!doctype html><html lang="en-GB"><head><meta charset="UTF-8" /><meta name="description" content="Shell description" /><title>Shell title</title><script type="module" crossorigin src="/assets/index-test.js"></script></head><body><div id="root"><!--app--><p>shell</p><!--/app--></div><!--app-data--></body></html>`,
);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const api = await startTestServer(db, { clientDir });
const admin = await account(db, { role: "admin" });

const HOSTILE = `Bale </script><script>alert("x")</script> & "Co" <b>'quoted'</b>`;
const open = await createCompetition(db, { title: "Massey Ferguson 5S", pricePence: 250, description: "A 145 hp tractor, delivered to your yard." });
const hostile = await createCompetition(db, { title: HOSTILE, description: `</script><!-- ${HOSTILE}` });

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(api.origin + path, { headers: { accept: "text/html", ...headers } });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** The JSON the page hands to the browser. */
function renderData(html: string) {
  const text = /<script type="application\/json" id="render-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(text, "the page carries its data").toBeDefined();
  return JSON.parse(text!) as { now: number; origin: string; queries: { queries: Array<{ queryKey: unknown[]; state: { status: string; data?: unknown } }> } };
}

/** Every script element of a page. */
const scriptTags = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
/** The scripts a browser would run from the page's own text: none may exist (data blocks and the entry module only). */
const inlineScripts = (html: string) => scriptTags(html).filter((tag) => !/\bsrc=|type="application\/(?:ld\+)?json"/.test(tag));

describe("a competition page", () => {
  it("arrives drawn: its title, price and description are in the HTML, with its own title", async () => {
    const { status, headers, html } = await page(`/competition/${open.id}`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html).toContain("<title>Massey Ferguson 5S | Harvest Draws</title>");
    expect(html).not.toContain("Shell title");
    expect(html).not.toContain("Shell description");
    expect(html).toMatch(/<h1[^>]*>Massey Ferguson 5S<\/h1>/);
    expect(html).toContain("£2.50");
    expect(html).toContain("A 145 hp tractor, delivered to your yard.");
    expect(html).not.toContain("<p>shell</p>");
  });

  it("hands the browser the reads it was drawn from, and never who is signed in", async () => {
    const { html } = await page(`/competition/${open.id}`);
    const data = renderData(html);
    expect(data.origin).toBe(api.origin);
    expect(Math.abs(data.now - Date.now())).toBeLessThan(120_000);
    const read = data.queries.queries.find((q) => JSON.stringify(q.queryKey[0]) === JSON.stringify(["public", "competitions", "get"]));
    expect(read?.state.status).toBe("success");
    expect((read?.state.data as { title: string }).title).toBe("Massey Ferguson 5S");
    expect(data.queries.queries.map((q) => (q.queryKey[0] as string[]).join("."))).not.toContain("public.auth.session");
    expect(data.queries.queries.every((q) => (q.queryKey[0] as string[])[0] === "public")).toBe(true);
  });

  it("has no inline script: the data travels in a JSON block and the code in the entry module", async () => {
    const { html } = await page(`/competition/${open.id}`);
    expect(inlineScripts(html)).toEqual([]);
    expect(scriptTags(html)).toContain('<script type="module" crossorigin src="/assets/index-test.js">');
    expect(scriptTags(html)).toContain('<script type="application/json" id="render-data">');
  });

  it("cannot be broken out of by a title or description with markup and quotes", async () => {
    const { status, html } = await page(`/competition/${hostile.id}`);
    expect(status).toBe(200);
    expect(inlineScripts(html)).toEqual([]);
    expect(html).not.toContain('<script>alert("x")</script>');
    // The data block holds the title exactly, for the browser to show.
    const read = renderData(html).queries.queries.find((q) => (q.queryKey[0] as string[]).join(".") === "public.competitions.get");
    expect((read?.state.data as { title: string }).title).toBe(HOSTILE);
  });

  it("answers 404 with 'Competition Not Found' for an unknown or unreadable id", async () => {
    for (const id of ["0190c0de-0000-7000-8000-000000000000", "not-a-real-id", "x".repeat(300)]) {
      const { status, html } = await page(`/competition/${id}`);
      expect(status, id).toBe(404);
      expect(html).toContain("Competition Not Found");
    }
  });
});

describe("the other public pages", () => {
  it.each([
    ["/", "Latest Competitions"],
    ["/competitions", "Massey Ferguson 5S"],
    ["/winners", "Winners"],
    ["/about", "About"],
    ["/live", "Live"],
    ["/contact", "Contact"],
    ["/terms", "Terms"],
    ["/privacy", "Privacy"],
    ["/safer-play", "Safer"],
    ["/our-commitments", "commitments"],
    ["/women-in-agriculture", "Women"],
  ])("%s is drawn on the server", async (path, text) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(html).toContain(text);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    renderData(html);
    expect(inlineScripts(html)).toEqual([]);
  });

  it("an unknown address is the 404 page with a 404 status", async () => {
    const { status, html } = await page("/no-such-field");
    expect(status).toBe(404);
    expect(html).toContain("404 Page Not Found");
  });

  it.each(["/account", "/checkout", "/admin", "/auth", "/admin/campaigns"])("%s stays drawn in the browser (the shell)", async (path) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(html).toContain("<p>shell</p>");
    expect(html).not.toContain("render-data");
  });
});

describe("the page cache", () => {
  it("serves a page again with the same ETag, compressed, and 304 when the browser has it", async () => {
    const first = await page("/competitions", { "accept-encoding": "br" });
    expect(first.headers.get("content-encoding")).toBe("br");
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    // fetch decompresses it, as a browser does.
    expect(first.html).toContain("Massey Ferguson 5S");
    expect((await page("/competitions")).headers.get("etag")).toBe(etag);
    const again = await fetch(`${api.origin}/competitions`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("no-cache");
  });

  it("draws the page again once the shop's data changes", async () => {
    const competition = await createCompetition(db, { title: "Slurry Tanker" });
    // Cached at first sight…
    expect((await page(`/competition/${competition.id}`)).html).not.toMatch(/>Closed</);
    // …an admin closes it…
    const closed = await api.request(`/api/admin/competitions/${competition.id}`, { method: "PUT", token: admin.token, body: { status: "closed" } });
    expect(closed.status).toBe(200);
    // …and the next visitor sees it closed.
    expect((await page(`/competition/${competition.id}`)).html).toMatch(/>Closed</);
  });

  it("answers HEAD without a body", async () => {
    const res = await fetch(`${api.origin}/about`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toBe("");
  });
});

describe("link previews in the HTML", () => {
  it("a competition's page carries its preview tags, absolute, with the price and a 1200 × 630 picture", async () => {
    const { html } = await page(`/competition/${open.id}`);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<meta property="og:title" content="Massey Ferguson 5S | Harvest Draws"');
    expect(head).toMatch(/<meta name="description" content="[^"]*£2\.50 per entry/);
    expect(head).toContain(`<link rel="canonical" href="${api.origin}/competition/${open.id}"`);
    expect(head).toContain(`<meta property="og:image" content="${api.origin}/objects/preview.jpg?src=`);
    expect(head).toContain('<meta property="og:image:width" content="1200"');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(head).toContain('<script type="application/ld+json">');
    // One description: the shell's site-wide one is replaced, not repeated.
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
    expect(head.match(/<title>/g)).toHaveLength(1);
  });

  it("a hostile title stays inside its attributes and the JSON-LD stays JSON", async () => {
    const { html } = await page(`/competition/${hostile.id}`);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain("<script>");
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1];
    expect(JSON.stringify(JSON.parse(ld!))).toContain("alert");
  });

  it("an unknown competition is kept out of search results", async () => {
    const { status, html } = await page("/competition/0190c0de-0000-7000-8000-000000000000");
    expect(status).toBe(404);
    expect(html).toContain('<meta name="robots" content="noindex"');
  });
});

// One address may have 3 pages drawn at once, then 1 a second (as the API's budget).
const budgeted = await startTestServer(db, { clientDir, requestBudget: { perSecond: 1, burst: 3 }, config: { trustProxy: true } });

describe("drawing pages on demand is budgeted per address", () => {
  const from = (address: string, path: string) => fetch(budgeted.origin + path, { headers: { "x-forwarded-for": address } });

  it("an address asking for page after page that must be drawn is refused with 429, while cached pages and other addresses are served", async () => {
    // Someone's visit draws /about; from then on it is served from the cache, to anyone.
    expect((await from("203.0.113.1", "/about")).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await from("203.0.113.66", `/no-such-field-${i}`)).status);
    expect(statuses.slice(0, 2)).toEqual([404, 404]);
    expect(statuses).toContain(429);
    const refused = await from("203.0.113.66", "/no-such-field-99");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same address still gets a page that is already drawn, and another address is unaffected.
    expect((await from("203.0.113.66", "/about")).status).toBe(200);
    expect((await from("203.0.113.2", "/no-such-field-100")).status).toBe(404);
  });
});

describe("what a page carries", () => {
  const createWithInstantPrizes = async (count: number) => {
    const created = await api.request("/api/admin/competitions", {
      method: "POST",
      token: admin.token,
      body: campaignPayload({
        title: `Instant Quad ${count}`,
        maxTickets: 2000,
        pickNumbers: true,
        instantPrizes: [{ name: "£5 site credit", kind: "credit", value: "5.00", count }],
      }),
    });
    expect(created.status, created.text).toBe(200);
    return created.json.id as string;
  };
  const carried = (html: string) => renderData(html).queries.queries.map((q) => (q.queryKey[0] as string[]).join("."));

  it("the competitions on sale travel in the home page however many there are", async () => {
    const made = [];
    for (let i = 0; i < 120; i++)
      made.push(await createCompetition(db, { title: `Catalogue Prize ${i}`, description: "A prize for a big catalogue. ".repeat(12) }));
    // Through the API, so the pages are drawn again.
    expect((await api.request(`/api/admin/competitions/${made[0]!.id}`, { method: "PUT", token: admin.token, body: { status: "closed" } })).status).toBe(200);
    const home = await page("/");
    const list = renderData(home.html).queries.queries.find((q) => (q.queryKey[0] as string[]).join(".") === "public.competitions.list");
    expect(list?.state.status).toBe("success");
    expect(JSON.stringify(list?.state.data).length).toBeGreaterThan(MAX_CARRIED_CHARS);
  });

  it("a few instant prizes travel in the page; hundreds, with their commitments, are left to the browser", async () => {
    // The code of practice keeps instant-win competitions under half of those on sale.
    for (let i = 0; i < 4; i++) await createCompetition(db, { title: `Plain Prize ${i}` });
    const few = await createWithInstantPrizes(4);
    const many = await createWithInstantPrizes(300);
    const small = await page(`/competition/${few}`);
    expect(carried(small.html)).toContain("public.competitions.instantWins");
    expect(small.html).toContain("Instant Wins");
    const large = await page(`/competition/${many}`);
    expect(large.status).toBe(200);
    expect(carried(large.html)).not.toContain("public.competitions.instantWins");
    expect(carried(large.html)).toContain("public.competitions.get");
    expect(large.html).not.toContain("Instant Wins");
    // The page of 300 prizes weighs no more than the page of 4 (which carries its 4 and draws them).
    expect(Buffer.byteLength(large.html)).toBeLessThan(Buffer.byteLength(small.html));
  });
});
