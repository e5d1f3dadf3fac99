import type { Page } from "@playwright/test";
import { overflow } from "./cashflows-gateway";
import { expect, signInAs } from "./fixtures";
import { CARDS, fillCard, ordersOf, ownCompetition, payDirect, screenshot } from "./shop";

/**
 * Issue #33 item 2, as the operator and a customer meet it: the operator creates a 20 % code with five
 * uses in /admin/discount-codes; a customer types it on the entry form and sees the saving at the direct
 * checkout, pays less, and sees it on the receipt; in the cart checkout a mistyped code says why it gives
 * nothing and the right one, applied, takes its 20 % off the total and the card's charge; the operator's
 * card then shows two of five used and what they gave. Run at 1280 and 390 px (discount-codes.spec.ts,
 * discount-codes.mobile.spec.ts).
 */
export async function discountCodeJourney(page: Page, width: string): Promise<void> {
  const phone = width === "390";
  const code = `E2E${width}${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
  const c = await ownCompetition({ title: `E2E Discount Slurry Tanker ${width}`, price: "2.50" });

  // The operator makes the code in the back office.
  await signInAs(page, "admin");
  await page.goto("/admin/discount-codes");
  await page.getByRole("button", { name: "Add Code" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Add Discount Code" })).toBeVisible();
  await dialog.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await dialog.getByLabel("Percentage off").fill("20");
  await dialog.getByLabel("Total uses").fill("5");
  await screenshot(page, `discount-codes-dialog-${width}`, false);
  await dialog.getByRole("button", { name: "Create Code" }).click();
  await expect(page.getByText("Discount code created").first()).toBeVisible();
  const card = page.getByRole("article", { name: code });
  await expect(card).toContainText("20% off");
  await expect(card).toContainText("0 of 5 used");
  if (phone) expect(await overflow(page)).toBeLessThanOrEqual(0);

  // A customer, in a browser of their own, types it on the entry form.
  const shopper = await page
    .context()
    .browser()!
    .newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
  const buyerPage = await shopper.newPage();
  const buyer = await signInAs(buyerPage, "user", "Dilys");
  await buyerPage.goto(`/competition/${c.id}`);
  await buyerPage.getByLabel(c.question).fill(c.answer);
  await buyerPage.getByLabel("Number of Entries").fill("2");
  await buyerPage.getByLabel("Discount Code").fill(code.toLowerCase());
  await buyerPage.getByRole("button", { name: "Enter Now" }).click();
  await expect(buyerPage).toHaveURL(/\/checkout\/direct$/);
  // 2 × £2.50 = £5.00, 20 % off: £4.00 to pay.
  await expect(buyerPage.getByTestId("discount-applied")).toContainText(`${code} applied: you save £1.00`);
  await expect(buyerPage.getByTestId("checkout-discount")).toHaveText("−£1.00");
  await expect(buyerPage.getByTestId("direct-total")).toHaveText("£4.00");
  await screenshot(buyerPage, `discount-codes-direct-${width}`);
  await payDirect(buyerPage, CARDS.approve);
  await expect(buyerPage.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  await expect(buyerPage.getByText("You paid £4.00.")).toBeVisible();
  await expect(buyerPage.getByTestId("receipt-discount")).toHaveText(`Discount (${code}): −£1.00`);

  // The cart checkout: a mistyped code says why, the right one takes its 20 % off.
  await buyerPage.goto(`/competition/${c.id}`);
  await buyerPage.getByLabel(c.question).fill(c.answer);
  await buyerPage.getByLabel("Number of Entries").fill("4");
  await buyerPage.getByRole("button", { name: "Add to Cart" }).click();
  await buyerPage.goto("/checkout");
  await expect(buyerPage.getByTestId("checkout-total")).toHaveText("£10.00");
  const box = buyerPage.getByTestId("discount-code");
  await box.getByLabel("Discount code").fill("NOSUCHCODE");
  await box.getByRole("button", { name: "Apply" }).click();
  await expect(box.getByRole("alert")).toHaveText("That discount code is not recognised. Check it and try again.");
  await box.getByLabel("Discount code").fill(code);
  // Enter applies the code; it never sends the order.
  await box.getByLabel("Discount code").press("Enter");
  await expect(box.getByTestId("discount-applied")).toContainText(`${code} applied: you save £2.00`);
  await expect(buyerPage.getByTestId("checkout-discount")).toHaveText("−£2.00");
  await expect(buyerPage.getByTestId("checkout-total")).toHaveText("£8.00");
  await buyerPage.getByLabel("Address", { exact: true }).fill("Home Farm");
  await buyerPage.getByLabel("City").fill("Ludlow");
  await buyerPage.getByLabel("Postcode").fill("SY8 1AA");
  await fillCard(buyerPage, CARDS.approve);
  if (phone) expect(await overflow(buyerPage)).toBeLessThanOrEqual(0);
  await box.scrollIntoViewIfNeeded();
  await screenshot(buyerPage, `discount-codes-cart-${width}`, false);
  await buyerPage.getByRole("button", { name: "Complete Order - £8.00" }).click();
  await expect(buyerPage.getByRole("heading", { name: "Order Confirmed" })).toBeVisible();
  await expect(buyerPage.getByTestId("receipt-discount")).toHaveText(`Discount (${code}): −£2.00`);
  expect((await ordersOf(buyer.email)).map((o) => o.totalPence).sort()).toEqual([400, 800]);
  await shopper.close();

  // The operator sees the uses and what the code gave.
  await page.reload();
  await expect(card).toContainText("2 of 5 used");
  await expect(card).toContainText("£3.00 given");
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, `discount-codes-list-${width}`, false);
}
