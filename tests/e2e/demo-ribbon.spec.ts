import { devices, type Page } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { expect, signInAs, test } from "./fixtures";
import { enterCompetition, ownCompetition } from "./shop";

/*
 * The e2e server runs the default, simulated payment provider, so every page says it is a demo shop
 * (no real money is taken) and the ribbon's link opens the test cards.
 */
const shots = fileURLToPath(new URL("../.tmp/e2e-results/", import.meta.url));
const RIBBON_TEXT = "Demo shop: no real money is taken";

async function expectRibbon(page: Page) {
  const ribbon = page.getByText(RIBBON_TEXT);
  await expect(ribbon).toBeVisible();
  // Thin, on one line, above the header and inside the screen.
  const bar = ribbon.locator("xpath=ancestor::div[1]");
  // A new page starts at the top once the app has scrolled it there (it may still be where the last page was for a frame).
  await expect.poll(async () => (await bar.boundingBox())?.y).toBe(0);
  const box = (await bar.boundingBox())!;
  expect(box.height).toBe(28);
  const header = (await page.getByRole("banner").boundingBox())!;
  expect(header.y).toBeGreaterThanOrEqual(box.y + box.height);
  const overflow = await ribbon.locator("xpath=..").evaluate((p) => p.scrollWidth - p.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function openTestCards(page: Page, link: string) {
  await page.getByRole("button", { name: link, exact: true }).click();
  const list = page.getByRole("dialog", { name: "Test cards" });
  await expect(list).toBeVisible();
  await expect(list.getByText("4242 4242 4242 4242")).toBeVisible();
  await expect(list.getByText("4000 0000 0000 0002")).toBeVisible();
  await expect(list.getByText(/any future expiry date and any 3-digit CVC/)).toBeVisible();
  return list;
}

test("the home page and checkout show the demo ribbon, and its link lists the test cards", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: /Latest Competitions/i })).toBeVisible();
  await expectRibbon(page);
  const list = await openTestCards(page, "Test cards");
  await page.screenshot({ path: `${shots}demo-ribbon-desktop.png` });
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();

  await signInAs(page, "user", "Rhian");
  const c = await ownCompetition({ title: "E2E Ribbon Quad", image: "/images/quad-bike.svg" });
  await enterCompetition(page, c, c.answer, 1);
  await expect(page).toHaveURL(/\/checkout\/direct$/);
  await expect(page.getByLabel("Card Number")).toBeVisible();
  await expectRibbon(page);
  // The card form no longer spells the cards out; it points to the ribbon's list.
  await expect(page.getByText(/Test mode: use 4242/)).toHaveCount(0);
  const fromForm = await openTestCards(page, "See the test cards");
  await fromForm.getByRole("button", { name: "Close" }).click();
  await expect(fromForm).toBeHidden();
});

test("on a phone the ribbon fits on one line on the home page and at checkout", async ({ browser }) => {
  const { defaultBrowserType: _, ...pixel } = devices["Pixel 7"];
  const context = await browser.newContext({ ...pixel, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: /Latest Competitions/i })).toBeVisible();
    await expectRibbon(page);
    await page.screenshot({ path: `${shots}demo-ribbon-phone.png` });

    await signInAs(page, "user", "Ffion");
    const c = await ownCompetition({ title: "E2E Ribbon Soil Course", question: "What do earthworms improve?", answer: "soil" });
    await enterCompetition(page, c, c.answer, 1);
    await expect(page).toHaveURL(/\/checkout\/direct$/);
    await expectRibbon(page);
    await openTestCards(page, "Test cards");
    await page.screenshot({ path: `${shots}demo-ribbon-phone-cards.png` });
  } finally {
    await context.close();
  }
});
