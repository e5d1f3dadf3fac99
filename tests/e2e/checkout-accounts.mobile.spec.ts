import type { Page } from "@playwright/test";
import { createAccountInCheckout, enterAsVisitor, newEmail, visitedPaths } from "./checkout-accounts";
import { expect, signInAs, test } from "./fixtures";
import { CARDS, ordersOf, ownCompetition, payDirect, screenshot } from "./shop";

/** How far the page is wider than the phone (0 or less: no sideways scrolling). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("on a 390px phone: a visitor creates an account inside the direct checkout and pays", async ({ page }) => {
  expect(page.viewportSize()?.width).toBe(390);
  const paths = visitedPaths(page);
  const c = await ownCompetition({ title: "E2E Phone Panel Bale Wrapper", price: "1.10" });
  const email = newEmail("nell-phone");
  await enterAsVisitor(page, c, email);
  await expect(page.getByRole("heading", { name: "Sign in or create an account to pay" })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, "checkout-accounts-phone-visitor");

  await page.getByRole("tab", { name: "Create Account" }).click();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, "checkout-accounts-phone-register");
  await createAccountInCheckout(page, email);
  await expect(page.getByRole("button", { name: "Pay £1.10" })).toBeVisible();
  await payDirect(page, CARDS.approve);
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  expect(await ordersOf(email)).toEqual([expect.objectContaining({ status: "paid", totalPence: 110 })]);
  expect(paths.filter((p) => p.startsWith("/auth"))).toEqual([]);
});

test("on a 390px phone: the date-of-birth step fits the screen and leads to the payment form", async ({ page }) => {
  await signInAs(page, "user", "Dora", null);
  const c = await ownCompetition({ title: "E2E Phone Panel Dob", price: "1.00" });
  await page.goto(`/competition/${c.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Your date of birth" })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, "checkout-accounts-phone-dob");
  await page.getByLabel("Date of Birth", { exact: true }).fill("1970-02-02");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("button", { name: "Complete Order - £1.00" })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});
