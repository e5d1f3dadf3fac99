import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ownCompetition } from "./shop";

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

test("the home page and a competition page load on a phone without the layout jumping", async ({ page }) => {
  await watchLayoutShift(page);
  const home = await layoutShiftOf(page, "/", () => expect(page.getByRole("heading", { name: /Latest Competitions/i })).toBeVisible());
  expect(home).toBeLessThan(0.1);
  const c = await ownCompetition({ title: "E2E Layout Drip Kit", image: "/images/drip-irrigation.svg" });
  const detail = await layoutShiftOf(page, `/competition/${c.id}`, () => expect(page.getByRole("heading", { level: 1, name: c.title })).toBeVisible());
  expect(detail).toBeLessThan(0.1);
});
