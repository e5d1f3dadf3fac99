import type { Locator, Page } from "@playwright/test";
import { join } from "node:path";
import sharp from "sharp";
import { LocalDiskStorage } from "../../src/server/storage/local-disk";
import { expect, test } from "./fixtures";
import { E2E_DATA_DIR } from "./playwright.config";
import { ownCompetition, screenshot } from "./shop";

/**
 * What a phone shows while a page loads: the header at once (from the HTML, before the app's code
 * runs), then the page, without anything jumping about on the way (layout shift, as Lighthouse
 * scores it).
 */
async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function layoutShiftOf(page: Page, url: string, ready: () => Promise<void>): Promise<number> {
  await page.goto(url);
  await ready();
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

test("the header is in the page before any script runs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("banner").getByText("Harvest Draws")).toBeVisible();
  await expect(page.getByRole("banner").getByText("Live draws every Monday evening")).toBeVisible();
  await context.close();
});

/** The page's largest picture is asked for first: never lazy, high priority, and preloaded from the head. */
async function expectAskedForFirst(page: Page, img: Locator, preloaded: string) {
  await expect(img).toHaveAttribute("loading", "eager");
  await expect(img).toHaveAttribute("fetchpriority", "high");
  await expect(img).toHaveAttribute("width", /\d+/);
  await expect(img).toHaveAttribute("height", /\d+/);
  await expect(page.locator(`head link[rel="preload"][as="image"][fetchpriority="high"]${preloaded}`)).toHaveCount(1);
}

/** The space between a competition page's Back button and its picture, in CSS pixels. */
function spaceAbove(img: Locator): Promise<number> {
  return img.evaluate((el) => Math.round(el.getBoundingClientRect().top - el.closest("main")!.querySelector("button")!.getBoundingClientRect().bottom));
}

test("the home page and a competition page load on a phone without the layout jumping", async ({ page }) => {
  await watchLayoutShift(page);
  const home = await layoutShiftOf(page, "/", () => expect(page.getByRole("heading", { name: /Latest Competitions/i })).toBeVisible());
  expect(home).toBeLessThan(0.1);
  const hero = page.locator('[aria-roledescription="slide"]').first().locator("img");
  await expectAskedForFirst(page, hero, `[href="${await hero.getAttribute("src")}"]`);
  await screenshot(page, "phone-home", false);
  const c = await ownCompetition({ title: "E2E Layout Drip Kit", image: "/images/drip-irrigation.svg" });
  const detail = await layoutShiftOf(page, `/competition/${c.id}`, () => expect(page.getByRole("heading", { level: 1, name: c.title })).toBeVisible());
  expect(detail).toBeLessThan(0.1);
  await expectAskedForFirst(page, page.getByRole("img", { name: c.title }), '[href="/images/drip-irrigation.svg"]');
  expect(await spaceAbove(page.getByRole("img", { name: c.title }))).toBe(16);
  await screenshot(page, "phone-competition", false);
});

test("a competition's uploaded photo reaches a phone as a sized AVIF copy, asked for first", async ({ page }) => {
  // A 12 MP photo, stored as an upload is kept (cleaned), and a competition showing it.
  const id = crypto.randomUUID();
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="4032" height="3024"><rect width="4032" height="1400" fill="#8fcbe8"/><rect y="1400" width="4032" height="1624" fill="#6b8e23"/><rect x="1300" y="1100" width="1500" height="800" rx="90" fill="#2e7d32"/><circle cx="1650" cy="2000" r="330" fill="#222"/><circle cx="2550" cy="2050" r="230" fill="#222"/></svg>`,
  );
  await new LocalDiskStorage(join(E2E_DATA_DIR, "uploads")).put(id, await sharp(scene).jpeg({ quality: 90 }).toBuffer(), "image/jpeg", { cleaned: true });
  const c = await ownCompetition({ title: "E2E Photo Tractor", image: `/objects/uploads/${id}` });
  await page.goto(`/competition/${c.id}`);
  const photo = page.getByRole("img", { name: c.title });
  await expect(photo).toBeVisible();
  await expectAskedForFirst(page, photo, `[type="image/avif"][imagesrcset*="/objects/uploads/${id}/w640.avif"]`);
  // Drawn 358 CSS pixels wide at 2.625 device pixels each: a phone-sized AVIF copy, not the 4032-pixel photo.
  // (Chromium picks 960 when React draws the page, 1280 when it reads the server-drawn HTML's srcset.)
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : "")))
    .toMatch(new RegExp(`/objects/uploads/${id}/w(960|1280)\\.avif$`));
  // Where the picture of a drawing is: a <picture> adds nothing to the layout.
  expect(await spaceAbove(photo)).toBe(16);
  await screenshot(page, "phone-competition-photo", false);
});
