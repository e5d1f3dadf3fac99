import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { CARDS, numberHolders, ownCompetition, payDirect, screenshot } from "./shop";

/** How far the page is wider than the phone (0 or less: no sideways scrolling). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("on a 390px phone: two numbers tapped on the grid, a third by Lucky Dip, paid for, on a page that fits the screen", async ({ page }) => {
  expect(page.viewportSize()?.width).toBe(390);
  const buyer = await signInAs(page, "user", "Pip");
  const c = await ownCompetition({ title: "E2E Phone Numbers Muck Spreader", price: "1.99" }, { pickNumbers: true, allocation: "random" });
  await page.goto(`/competition/${c.id}`);
  await expect(page.getByRole("heading", { name: c.title })).toBeVisible();
  const grid = page.getByRole("group", { name: "Numbers 1–100" });
  await expect(grid.locator("[data-number]")).toHaveCount(100);
  await expect(grid.locator('[data-number="100"]')).toBeEnabled();

  // Ten columns of cells wide enough to tap, inside the screen.
  const cells = await grid
    .locator("[data-number]")
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ width: r.width, height: r.height, left: r.left, right: r.right })));
  expect(Math.min(...cells.map((r) => r.width))).toBeGreaterThanOrEqual(32);
  expect(Math.min(...cells.map((r) => r.height))).toBeGreaterThanOrEqual(32);
  expect(Math.min(...cells.map((r) => r.left))).toBeGreaterThanOrEqual(0);
  expect(Math.max(...cells.map((r) => r.right))).toBeLessThanOrEqual(390);
  expect(new Set(cells.map((r) => Math.round(r.left))).size).toBe(10);
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  await page.getByLabel(c.question).fill(c.answer);
  await grid.getByRole("button", { name: "23", exact: true }).tap();
  await grid.getByRole("button", { name: "88", exact: true }).tap();
  const quantity = page.getByRole("spinbutton", { name: "Number of Entries" });
  await expect(quantity).toHaveValue("2");
  await expect(grid.locator("[data-state=chosen]")).toHaveCount(2);

  // A third entry, its number by Lucky Dip.
  await page.getByRole("button", { name: "More entries" }).tap();
  await expect(quantity).toHaveValue("3");
  await page.getByRole("button", { name: "Lucky Dip" }).tap();
  const dipped = page.getByText(/^Lucky Dip chose #\d+\.$/);
  await expect(dipped).toBeVisible();
  const third = (await dipped.textContent())!.replace(/\D/g, "");
  expect(["23", "88"]).not.toContain(third);
  const chips = page.getByTestId("chosen-numbers").getByRole("listitem");
  await expect(chips).toHaveCount(3);
  await expect(chips).toHaveText([/^#23/, /^#88/, new RegExp(`^#${third}\\b`)]);
  await expect(page.getByTestId("entry-total")).toHaveText("£5.97");
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, "ticket-grid-phone");

  await page.getByRole("button", { name: "Enter Now" }).tap();
  await expect(page).toHaveURL(/\/checkout\/direct$/);
  await expect(page.getByTestId("your-numbers")).toHaveText(`Your numbers: #23 #88 #${third}`);
  await expect(page.getByRole("button", { name: "Pay £5.97" })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await payDirect(page, CARDS.approve);

  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  const receipt = page.getByTestId("ticket-number");
  await expect(receipt).toHaveCount(3);
  const want = ["23", "88", third].sort((a, b) => Number(a) - Number(b));
  expect((await receipt.allTextContents()).map((t) => t.trim()).sort((a, b) => Number(a) - Number(b))).toEqual(want);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect((await numberHolders(c.id)).map((h) => [h.number, h.email, h.orderStatus])).toEqual(want.map((n) => [n, buyer.email.toLowerCase(), "paid"]));
});
