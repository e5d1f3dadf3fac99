import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ownCompetition, screenshot } from "./shop";

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test("on a 390px phone: Proceed to Checkout from far down the home page opens the checkout at its top", async ({ page }) => {
  const c = await ownCompetition({ title: "E2E Phone Scroll Round Baler", price: "2.00" });
  await page.goto(`/competition/${c.id}`);
  await page.getByLabel(c.question).fill(c.answer);
  await page.getByRole("button", { name: "Add to Cart" }).click();

  // The home page, scrolled down to its footer, as a buyer would before opening the cart.
  await page.goto("/");
  await expect(page.getByRole("contentinfo")).toBeAttached();
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1500);
  await page.getByRole("button", { name: "Cart (1 item)" }).click();
  await page.getByRole("button", { name: "Proceed to Checkout (1 item)" }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  const heading = page.getByRole("heading", { name: "Checkout", level: 1 });
  await expect(heading).toBeInViewport();
  await expect(page.getByText(c.title).first()).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await screenshot(page, "page-loads-phone-checkout-top", false);

  // A page of its own keeps its own place: scrolled, reloaded, it comes back where it was.
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => scrollY(page)).toBe(600);
  await page.reload();
  await expect(heading).toBeAttached();
  await expect.poll(() => scrollY(page)).toBe(600);

  // Back to the home page (a full load of its own before): where it was left, not the checkout's place.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1500);
});

test("on a 390px phone: a typed address opens at the top after a scrolled page, and one with a #fragment at the part it names", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1500);
  await page.goto("/terms");
  await expect(page.getByRole("heading", { name: "Terms & Conditions", level: 1 })).toBeInViewport();
  expect(await scrollY(page)).toBe(0);

  await page.goto("/terms#site-credit");
  const section = page.getByRole("heading", { name: /Site credit/, level: 2 });
  await expect(section).toBeInViewport();
  expect(await scrollY(page)).toBeGreaterThan(1000);
});
