import { signInAs } from "./fixtures";
import { CF_CARDS, challengeDialog, expect, overflow, payInCardForm, standInJob, test } from "./cashflows-gateway";
import { ordersOf, ownCompetition, screenshot, ticketLedger } from "./shop";

/*
 * The phone (390 px) journey of a shop with PAYMENT_PROVIDER=cashflows: the cart's checkout, Cashflows'
 * real client library in the page, its gateway answered by the stand-in (cashflows-gateway.ts).
 */

test("on a 390px phone: the cart's two competitions are paid by a debit card in Cashflows' form, through 3-D Secure, with nothing wider than the screen", async ({
  page,
  cashflowsShop,
  gateway,
}) => {
  expect(page.viewportSize()?.width).toBe(390);
  const { shop, standIn } = cashflowsShop;
  const buyer = await signInAs(page, "user", "Phoebe", undefined, shop.dbPath);
  const a = await ownCompetition({ title: "E2E Cashflows Phone Tax-Free Cash", image: "/images/cash.svg", price: "2.00" }, {}, shop.dbPath);
  const b = await ownCompetition(
    {
      title: "E2E Cashflows Phone Livestock Trailer",
      image: "/images/livestock-trailer.svg",
      price: "2.49",
      question: "What is a young sheep called?",
      answer: "lamb",
    },
    {},
    shop.dbPath,
  );
  for (const c of [a, b]) {
    await page.goto(`/competition/${c.id}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
  }
  await page.goto("/checkout");
  await expect(page.getByText(a.title).first()).toBeVisible();
  await expect(page.getByText(b.title).first()).toBeVisible();
  await page.getByLabel(a.question).fill(a.answer);
  await page.getByLabel(b.question).fill(b.answer);
  await expect(page.getByText("You will enter your card details at the next step, in Cashflows' secure payment form.")).toBeVisible();
  await expect(page.getByText("This payment will appear on your statement as HARVEST DRAWS.")).toBeVisible();
  for (const [label, value] of [
    ["Address", "Glebe Farm"],
    ["City", "Ludlow"],
    ["Postcode", "SY8 1AA"],
  ] as const) {
    const field = page.getByLabel(label, { exact: true });
    if ((await field.count()) && !(await field.inputValue())) await field.fill(value);
  }
  expect(gateway.requests, "nothing is asked of Cashflows before the order exists").toEqual([]);
  await page.getByRole("button", { name: "Complete Order - £4.49" }).click();

  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
  const [placed] = await ordersOf(buyer.email, shop.dbPath);
  expect(placed).toMatchObject({ status: "requires_action", totalPence: 449 });
  await expect(page.getByRole("button", { name: "Pay £4.49" })).toBeVisible();
  // The cart is now the placed order: its lines cannot be changed while it is paid for.
  await expect(page.getByRole("button", { name: `Increase quantity of ${a.title}` })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Remove ${b.title} from cart` })).toBeDisabled();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  // Each of Cashflows' frames fits inside the panel.
  const frames = await page.locator("iframe.cf-card").evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
  expect(frames).toHaveLength(4);
  for (const right of frames) expect(right).toBeLessThanOrEqual(390);
  await screenshot(page, "cashflows-phone-card-form");

  await payInCardForm(page, CF_CARDS.challenge, "4.49");
  const { dialog, bank } = challengeDialog(page);
  await expect(dialog).toBeVisible();
  await expect(bank.getByText("Confirm a payment of £4.49")).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  const box = await dialog.locator(":scope > div").boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expect(bank.getByRole("button", { name: "Authenticate" })).toBeInViewport();
  await screenshot(page, "cashflows-phone-3ds", false);

  await bank.getByRole("button", { name: "Authenticate" }).click();
  await expect(page.getByText(/Order Placed Successfully!|Payment Successful!/).first()).toBeVisible();
  await expect(page.getByTestId("ticket-number")).toHaveCount(2);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, "cashflows-phone-paid");

  const [order, ...others] = await ordersOf(buyer.email, shop.dbPath);
  expect(others).toEqual([]);
  expect(order).toMatchObject({ id: placed!.id, status: "paid", totalPence: 449, cardBrand: "visa", cardLast4: "3220", cardFunding: "debit" });
  expect(await standInJob(standIn, order!.paymentId!)).toMatchObject({ paymentStatus: "Paid", amountToCollect: "4.49", currency: "GBP" });
  expect(await ticketLedger(a.id, shop.dbPath)).toEqual({ sold: 1, held: 0, tickets: 1 });
  expect(await ticketLedger(b.id, shop.dbPath)).toEqual({ sold: 1, held: 0, tickets: 1 });
});
