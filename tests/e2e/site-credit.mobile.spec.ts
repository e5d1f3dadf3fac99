import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { first } from "../../db/client";
import { users } from "../../db/schema";
import { addGoodwillCredit } from "../../src/server/services/wallet";
import { expect, seededAdmin, signInAs, test, withShopDb } from "./fixtures";
import { CARDS, fillCard, ordersOf, ownCompetition, screenshot } from "./shop";

/** How far the page is wider than the phone (0 or less: no sideways scrolling). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("on a 390px phone: £3 of goodwill credit pays first at the cart checkout and the card pays the rest", async ({ page }) => {
  const buyer = await signInAs(page, "user", "Cara");
  await withShopDb(async (db) => {
    const user = (await first(db.select().from(users).where(eq(users.email, buyer.email))))!;
    await addGoodwillCredit(db, await seededAdmin(db), user.id, "3.00", "Sorry your parcel was late");
  });
  const c = await ownCompetition({ title: "E2E Phone Credit Hedge Cutter", price: "5.00" });
  await page.goto(`/competition/${c.id}`);
  await page.getByLabel(c.question).fill(c.answer);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.goto("/checkout");

  const credit = page.getByTestId("site-credit-option");
  await expect(credit.getByRole("checkbox", { name: /Use my site credit \(£3\.00 available\)/ })).toBeChecked();
  await expect(credit.getByTestId("credit-applied")).toHaveText("−£3.00");
  await expect(credit.getByTestId("card-to-pay")).toHaveText("£2.00");
  await expect(page.getByRole("button", { name: "Complete Order - £2.00" })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  await page.getByLabel("Address", { exact: true }).fill("Home Farm");
  await page.getByLabel("City").fill("Ludlow");
  await page.getByLabel("Postcode").fill("SY8 1AA");
  await fillCard(page, CARDS.approve);
  await screenshot(page, "site-credit-cart-phone");
  await page.getByRole("button", { name: "Complete Order - £2.00" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed" })).toBeVisible();
  await expect(page.getByText("Site credit used")).toBeVisible();
  expect(await ordersOf(buyer.email)).toEqual([expect.objectContaining({ status: "paid", totalPence: 500 })]);

  await page.goto("/account?tab=credit");
  await expect(page.getByTestId("wallet-balance")).toHaveText("£0.00");
  await expect(page.getByText("Sorry your parcel was late")).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, "site-credit-account-phone");
});

test("on a 390px phone: an order site credit pays in full asks for neither a card nor a billing address", async ({ page }) => {
  const buyer = await signInAs(page, "user", "Gwen");
  await withShopDb(async (db) => {
    const user = (await first(db.select().from(users).where(eq(users.email, buyer.email))))!;
    await addGoodwillCredit(db, await seededAdmin(db), user.id, "10.00", "Sorry your parcel was late");
  });
  const c = await ownCompetition({ title: "E2E Phone Credit Only Muck Spreader", price: "1.99" });
  await page.goto(`/competition/${c.id}`);
  await page.getByLabel(c.question).fill(c.answer);
  await page.getByLabel("Number of Entries").fill("3");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("button", { name: "Cart (3 items)" })).toBeVisible();
  await page.goto("/checkout");

  const credit = page.getByTestId("site-credit-option");
  await expect(credit.getByTestId("credit-applied")).toHaveText("−£5.97");
  await expect(credit.getByTestId("card-to-pay")).toHaveText("£0.00");
  await expect(page.getByRole("heading", { name: "Billing Address" })).toHaveCount(0);
  await expect(page.getByLabel("Address", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Card Number")).toHaveCount(0);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, "site-credit-phone-credit-only");

  await page.getByRole("button", { name: "Complete Order - £5.97 with site credit" }).click();
  await expect(page.getByRole("heading", { name: "Order Confirmed" })).toBeVisible();
  expect(await ordersOf(buyer.email)).toEqual([expect.objectContaining({ status: "paid", totalPence: 597 })]);
});
