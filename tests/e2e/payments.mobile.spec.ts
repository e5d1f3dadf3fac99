import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { atTheBank, CARDS, enterCompetition, orderNumber, orderThroughServices, ordersOf, ownCompetition, payDirect, screenshot } from "./shop";

/** How far the page is wider than the phone (0 or less: no sideways scrolling). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("on a 390px phone: 3-D Secure at the bank, then receipts in Account → Orders that fit the screen", async ({ page }) => {
  expect(page.viewportSize()?.width).toBe(390);
  const buyer = await signInAs(page, "user", "Phoebe");
  const c = await ownCompetition({
    title: "E2E Phone Receipt Self-Propelled Forage Harvester With Long Name",
    image: "/images/tractor.svg",
    price: "1.25",
  });
  // Earlier orders of other kinds: many tickets (partly refunded), and a declined card.
  expect(
    await orderThroughServices(buyer.email, c, 40, "sim_approve", { amount: "10.00", reason: "Goodwill refund for a late prize update, agreed by phone." }),
  ).not.toBeNull();
  expect(await orderThroughServices(buyer.email, c, 2, "sim_decline")).toBeNull();

  await enterCompetition(page, c, c.answer, 2, "Phoebe Tester");
  await payDirect(page, CARDS.threeDS);
  await atTheBank(page, "2.50");
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, "payments-phone-bank-page");
  await page.getByRole("button", { name: "Complete authentication" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, "payments-phone-success");

  await page.goto("/account?tab=orders");
  const receipts = page.getByRole("list", { name: "Your orders" });
  await expect(receipts.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Order #/ }) })).toHaveCount(3);
  const [refunded, failed, paid] = await ordersOf(buyer.email);
  expect([refunded!.status, failed!.status, paid!.status]).toEqual(["partially_refunded", "failed", "paid"]);
  await expect(page.getByRole("listitem", { name: `Order ${orderNumber(paid!.id)}` }).getByText("Visa •••• 3184")).toBeVisible();
  await expect(page.getByRole("listitem", { name: `Order ${orderNumber(refunded!.id)}` }).getByText("£10.00 refunded")).toBeVisible();
  await expect(page.getByRole("listitem", { name: `Order ${orderNumber(failed!.id)}` }).getByText("No tickets: the payment was not completed.")).toBeVisible();
  await expect(page.getByTestId("ticket-number")).toHaveCount(42);

  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(390);
  expect(widths.body).toBeLessThanOrEqual(390);
  await screenshot(page, "payments-phone-orders");
  await receipts.screenshot({ path: "tests/.tmp/screens/payments-phone-orders-list.png", scale: "css" });
});

test("on a 390px phone: a card number the card form refuses is brought into view and focused, with its message", async ({ page, consoleErrors }) => {
  const buyer = await signInAs(page, "user", "Ffion");
  const c = await ownCompetition({ title: "E2E Phone Bad Card Seed Drill", price: "1.50" });
  await enterCompetition(page, c, c.answer, 2, "Ffion Tester");
  // One digit off a test card: it fails the Luhn check, and the server's card form refuses the number.
  await payDirect(page, "4242 4242 4242 4241");

  const cardNumber = page.getByLabel("Card Number");
  await expect(cardNumber).toBeFocused();
  await expect(cardNumber).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Your card number is invalid.")).toBeInViewport();
  await expect(cardNumber).toBeInViewport();
  await page.screenshot({ path: "tests/.tmp/screens/payments-phone-card-refused.png" });
  expect(await ordersOf(buyer.email)).toEqual([]);

  // Corrected, the same form pays.
  await cardNumber.fill(CARDS.approve);
  await page.getByRole("button", { name: "Pay £3.00" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  // The browser logs the card form's refusal (400), the one this journey provoked on purpose.
  const refused = consoleErrors.findIndex((e) => /status of 400/.test(e));
  expect(refused).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(refused, 1);
});
