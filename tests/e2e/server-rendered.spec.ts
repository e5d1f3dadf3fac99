import type { Page } from "@playwright/test";
import { expect, expectedDocument404, signInAs, test } from "./fixtures";
import { drawnCompetition, ownCompetition, screenshot, type ShopCompetition } from "./shop";

/**
 * The public pages as the open web meets them (issue #31): drawn on the server, readable without
 * JavaScript (a link preview's crawler, a search engine, a phone with scripts off), and hydrated in
 * the browser without a mismatch and without fetching again what the HTML already carried.
 */
let open: ShopCompetition;
let drawn: ShopCompetition;
test.beforeAll(async () => {
  open = await ownCompetition({ title: "Server Drawn Baler", price: "3.25" });
  drawn = await drawnCompetition("Server Drawn Quad");
});

/** Each public page and a sentence that shows it arrived with its content. */
const pages = (): Array<[string, RegExp | string]> => [
  ["/", "Latest Competitions"],
  ["/competitions", "All Competitions"],
  [`/competition/${open.id}`, open.title],
  [`/competition/${drawn.id}/draw`, drawn.title],
  ["/winners", "Winners Gallery"],
  ["/about", /About/],
  ["/live", /draw/i],
  ["/contact", "Contact Us"],
  ["/terms", /Terms/],
  ["/privacy", /Privacy/],
  ["/safer-play", /Safer/],
  ["/our-commitments", /commitments/i],
  ["/women-in-agriculture", "500+"],
];

test.describe("with JavaScript turned off", () => {
  test.use({ javaScriptEnabled: false });

  test("every public page can be read: its heading, its text, a competition's price and description", async ({ page }) => {
    for (const [path, text] of pages()) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByText(text).first(), path).toBeVisible();
    }
    await page.goto(`/competition/${open.id}`);
    await expect(page.getByRole("heading", { level: 1, name: open.title })).toBeVisible();
    await expect(page.getByText("£3.25").first()).toBeVisible();
    await expect(page.getByText(`Server Drawn Baler, set up for one end-to-end journey.`)).toBeVisible();
    await expect(page).toHaveTitle(`${open.title} | Harvest Draws`);
    await screenshot(page, "server-rendered-no-js-competition", false);
  });

  test("an unknown competition is 'Competition Not Found' with a 404 status", async ({ page, consoleErrors }) => {
    const response = await page.goto("/competition/0190c0de-0000-7000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Competition Not Found")).toBeVisible();
    expectedDocument404(consoleErrors);
  });
});

/**
 * The API calls a page makes while it loads, apart from the reads the HTML never carries: who is
 * signed in, and a competition's instant prizes (read after the paint: src/server/ssr/render.ts).
 */
function dataRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/api/")) return;
    const calls = url.pathname.startsWith("/api/trpc/") ? decodeURIComponent(url.pathname.slice("/api/trpc/".length)).split(",") : [url.pathname];
    seen.push(...calls.filter((c) => c !== "public.auth.session" && c !== "public.competitions.instantWins"));
  });
  return seen;
}

test.describe("with JavaScript on", () => {
  test("each page hydrates without a warning, breaks no rule of its content-security policy, and fetches nothing its HTML carried", async ({ page }) => {
    // Anything the page's policy refuses (an inline script, a string compiled as code) is reported here.
    await page.addInitScript(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener("securitypolicyviolation", (e) => w.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (/hydrat|did not match|server rendered/i.test(m.text())) warnings.push(`${m.type()}: ${m.text()}`);
    });
    for (const [path, text] of pages()) {
      // /live polls every few seconds by design; its first poll is not a read of what the page carried.
      if (path === "/live") continue;
      const requests = dataRequests(page);
      await page.goto(path, { waitUntil: "networkidle" });
      await expect(page.getByText(text).first(), path).toBeVisible();
      expect(requests, `${path} fetched again what its HTML carried`).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), path).toEqual([]);
      page.removeAllListeners("request");
    }
    expect(warnings).toEqual([]);
  });

  test("a hydrated competition page works as before: the entry form takes tickets and the cart counts them", async ({ page }) => {
    await page.goto(`/competition/${open.id}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("button", { name: "Cart (1 item)" })).toBeVisible();
    // The cart lives in this browser: on the next server-drawn page it is read after hydration, and shown.
    await page.goto("/competitions", { waitUntil: "networkidle" });
    await expect(page.getByRole("button", { name: "Cart (1 item)" })).toBeVisible();
  });

  test("hydration takes over the page the server drew: nothing in it is thrown away and drawn again, even with a cart to read", async ({ page }) => {
    // A cart in this browser: reading it just after hydration updates the header and the entry form.
    await page.goto(`/competition/${open.id}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("button", { name: "Cart (1 item)" })).toBeVisible();

    // From the first byte parsed: the heading the server drew, and every element taken out of the page's main part.
    await page.addInitScript(() => {
      const w = window as unknown as { drawnHeading: Element | null; removed: string[]; sawLoading: boolean };
      w.drawnHeading = null;
      w.removed = [];
      w.sawLoading = false;
      document.addEventListener("DOMContentLoaded", () => (w.drawnHeading = document.querySelector("main h1")));
      new MutationObserver((records) => {
        for (const r of records) {
          if (!(r.target instanceof Element) || !r.target.closest("main")) continue;
          for (const n of r.removedNodes) if (n instanceof Element) w.removed.push(`${n.tagName.toLowerCase()}: ${(n.textContent ?? "").slice(0, 60)}`);
          for (const n of r.addedNodes) if (n.textContent?.includes("Loading...")) w.sawLoading = true;
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`/competition/${open.id}`, { waitUntil: "networkidle" });
    // Hydrated and the stored cart read: the form answers and the header counts the cart's line.
    await expect(page.getByRole("button", { name: "Cart (1 item)" })).toBeVisible();
    const seen = await page.evaluate(() => {
      const w = window as unknown as { drawnHeading: Element | null; removed: string[]; sawLoading: boolean };
      return { headingKept: w.drawnHeading !== null && w.drawnHeading.isConnected, removed: w.removed, sawLoading: w.sawLoading };
    });
    expect(seen).toEqual({ headingKept: true, removed: [], sawLoading: false });
    // And the page it took over answers.
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("button", { name: "Cart (2 items)" })).toBeVisible();
  });

  test("what a visitor types before the page's code has started is kept, and the form cannot be sent until it has", async ({ page }) => {
    // The app's code held back until the test lets it through: the page is the server's HTML meanwhile.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/competition/${open.id}`, { waitUntil: "commit" });
    await page.getByLabel("Full Name").fill("Early Bird");
    await page.getByLabel("Email Address").fill("early.bird@example.co.uk");
    await page.getByLabel(open.question).fill(open.answer);
    // Sent by the browser itself, the form would reload the page with the details in its address.
    await expect(page.getByRole("button", { name: "Enter Now" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();

    release();
    await expect(page.getByRole("button", { name: "Enter Now" })).toBeEnabled();
    await expect(page.getByLabel("Full Name")).toHaveValue("Early Bird");
    await expect(page.getByLabel(open.question)).toHaveValue(open.answer);
    // In the form's state, not only on screen: entering goes on to payment with them.
    await page.getByRole("button", { name: "Enter Now" }).click();
    await expect(page).toHaveURL(/\/checkout\/direct$/);
    expect(page.url()).not.toContain("Early");
  });

  test("a signed-in customer never sees the signed-out header, and then sees their own", async ({ page }) => {
    const session = await signInAs(page, "user", "Morwenna");
    // Watches the header from the first byte parsed: a "Sign In" link in it at any moment is a flash.
    await page.addInitScript(() => {
      const w = window as unknown as { sawSignIn: boolean };
      w.sawSignIn = false;
      new MutationObserver(() => {
        const header = document.querySelector("header");
        if (header && [...header.querySelectorAll("a")].some((a) => a.textContent?.trim() === "Sign In" && a.offsetParent !== null)) w.sawSignIn = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/");
    await expect(page.getByRole("button", { name: `Account menu for ${session.firstName}` })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sawSignIn: boolean }).sawSignIn)).toBe(false);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the home page and a competition arrive drawn, and the competition's picture is asked for first", async ({ page }) => {
    const response = await page.goto(`/competition/${open.id}`);
    const html = (await response?.text()) ?? "";
    expect(html).toContain(open.title);
    const preloads = [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads.filter((tag) => tag.includes('as="image"') && tag.includes('fetchPriority="high"'))).toHaveLength(1);
    await expect(page.getByRole("heading", { level: 1, name: open.title })).toBeVisible();
    await screenshot(page, "server-rendered-phone-competition", false);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Latest Competitions" })).toBeVisible();
    await screenshot(page, "server-rendered-phone-home", false);
  });
});
