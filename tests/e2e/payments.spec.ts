import { expect, signInAs, test, withShopDb } from "./fixtures";
import {
  atTheBank,
  CARDS,
  enterCompetition,
  fillCard,
  orderNumber,
  orderThroughServices,
  ordersOf,
  ownCompetition,
  payDirect,
  screenshot,
  ticketLedger,
} from "./shop";

test.describe("paying by card (simulated provider)", () => {
  test("a frictionless card buys, and the success screen shows the ticket numbers", async ({ page }) => {
    const buyer = await signInAs(page, "user", "Frida");
    const c = await ownCompetition({ title: "E2E Frictionless Baler", image: "/images/tractor.svg", price: "1.99" });
    await enterCompetition(page, c, c.answer, 3);
    await payDirect(page, CARDS.approve);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    const chips = page.getByTestId("ticket-number");
    await expect(chips).toHaveCount(3);
    await screenshot(page, "payments-frictionless-success");

    const [order, ...others] = await ordersOf(buyer.email);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ status: "paid", totalPence: 597, cardBrand: "visa", cardLast4: "4242", cardFunding: "debit" });
    expect(await ticketLedger(c.id)).toEqual({ sold: 3, held: 0, tickets: 3 });
  });

  test("a 3-D Secure card completed at the bank ends paid, with the receipt under Account → Orders", async ({ page }) => {
    const buyer = await signInAs(page, "user", "Theo");
    const c = await ownCompetition({ title: "E2E Secure Sprayer", image: "/images/irrigation.svg", price: "2.50" });
    await enterCompetition(page, c, c.answer, 2);
    await payDirect(page, CARDS.threeDS);
    await atTheBank(page, "5.00");
    // While the buyer is at the bank, the order holds its two numbers (allocated, not yet sold).
    const [waiting] = await ordersOf(buyer.email);
    expect(waiting).toMatchObject({ status: "requires_action", totalPence: 500 });
    expect(await ticketLedger(c.id)).toEqual({ sold: 0, held: 2, tickets: 2 });
    await screenshot(page, "payments-3ds-bank-page");

    await page.getByRole("button", { name: "Complete authentication" }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/complete\\?order=${waiting!.id}$`));
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByTestId("ticket-number")).toHaveCount(2);
    await screenshot(page, "payments-3ds-complete-paid");

    await page.goto("/account?tab=orders");
    const receipt = page.getByRole("listitem", { name: `Order ${orderNumber(waiting!.id)}` });
    await expect(receipt).toBeVisible();
    await expect(receipt.getByText("Paid", { exact: true })).toBeVisible();
    await expect(receipt.getByText("Visa •••• 3184")).toBeVisible();
    await expect(receipt.getByText(c.title)).toBeVisible();
    await expect(receipt.getByText("£5.00").first()).toBeVisible();
    await expect(receipt.getByTestId("ticket-number")).toHaveCount(2);
    await screenshot(page, "payments-account-orders");

    expect(await ordersOf(buyer.email)).toEqual([expect.objectContaining({ id: waiting!.id, status: "paid", cardLast4: "3184" })]);
    expect(await ticketLedger(c.id)).toEqual({ sold: 2, held: 0, tickets: 2 });
  });

  test("a 3-D Secure card failed at the bank ends 'Payment Failed' and the held tickets are released", async ({ page }) => {
    const buyer = await signInAs(page, "user", "Fay");
    const c = await ownCompetition({ title: "E2E Failed Harrow", price: "1.00" });
    await enterCompetition(page, c, c.answer, 4);
    await payDirect(page, CARDS.threeDS);
    await atTheBank(page, "4.00");
    expect(await ticketLedger(c.id)).toEqual({ sold: 0, held: 4, tickets: 4 });

    await page.getByRole("button", { name: "Fail authentication" }).click();
    await expect(page).toHaveURL(/\/checkout\/complete\?order=/);
    await expect(page.getByText("Payment Failed").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payment Not Completed" })).toBeVisible();
    await expect(page).toHaveTitle("Payment Failed | Harvest Draws");
    await expect(page.getByText("Your payment of £4.00 was not completed, so you have not been charged.")).toBeVisible();
    await screenshot(page, "payments-3ds-failed");

    const [order, ...others] = await ordersOf(buyer.email);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ status: "failed" });
    expect(await ticketLedger(c.id)).toEqual({ sold: 0, held: 0, tickets: 0 });
    // The entry was kept on this device: Try Again goes back to the checkout.
    await page.getByRole("link", { name: "Try Again" }).click();
    await expect(page).toHaveURL(/\/checkout\/direct$/);
    await expect(page.getByRole("button", { name: "Pay £4.00" })).toBeVisible();
  });

  test("a two-competition cart paid with a 3-D Secure card ends 'Order Confirmed' with both lines' numbers", async ({ page }) => {
    const buyer = await signInAs(page, "user", "Cora");
    const a = await ownCompetition({ title: "E2E Cart Secure Quad", image: "/images/quad-bike.svg", price: "2.00" });
    const b = await ownCompetition({
      title: "E2E Cart Secure Cash",
      image: "/images/cash.svg",
      price: "1.50",
      question: "How many pence make a pound?",
      answer: "100",
    });
    for (const c of [a, b]) {
      await page.goto(`/competition/${c.id}`);
      await page.getByRole("button", { name: "Add to Cart" }).click();
    }
    await page.goto("/checkout");
    await page.getByLabel(a.question).fill(a.answer);
    await page.getByLabel(b.question).fill(b.answer);
    await page.getByLabel("Email Address").fill(buyer.email);
    await page.getByLabel("First Name").fill("Cora");
    await page.getByLabel("Last Name").fill("Tester");
    await page.getByLabel("Address", { exact: true }).fill("Cora's Farm");
    await page.getByLabel("City").fill("Hay-on-Wye");
    await page.getByLabel("Postcode").fill("HR3 5AA");
    await fillCard(page, CARDS.threeDS);
    await page.getByRole("button", { name: "Complete Order - £3.50" }).click();
    await atTheBank(page, "3.50");
    await page.getByRole("button", { name: "Complete authentication" }).click();
    await expect(page).toHaveURL(/\/checkout\/complete\?order=/);
    await expect(page.getByRole("heading", { name: "Order Confirmed" })).toBeVisible();
    await expect(page.getByRole("list", { name: `Ticket numbers for ${a.title}` }).getByTestId("ticket-number")).toHaveCount(1);
    await expect(page.getByRole("list", { name: `Ticket numbers for ${b.title}` }).getByTestId("ticket-number")).toHaveCount(1);
    await screenshot(page, "payments-cart-3ds-order-confirmed");
    // What was paid for left the cart.
    await expect(page.getByRole("button", { name: "Cart", exact: true })).toBeVisible();

    expect(await ordersOf(buyer.email)).toEqual([expect.objectContaining({ status: "paid", totalPence: 350, cardLast4: "3184" })]);
    expect(await ticketLedger(a.id)).toEqual({ sold: 1, held: 0, tickets: 1 });
    expect(await ticketLedger(b.id)).toEqual({ sold: 1, held: 0, tickets: 1 });
  });

  test("declined cards show 'Payment Failed' and nothing is charged", async ({ page }) => {
    const buyer = await signInAs(page, "user", "Dec");
    const c = await ownCompetition({ title: "E2E Declined Drill", price: "3.00" });
    await enterCompetition(page, c, c.answer, 2);
    await payDirect(page, CARDS.decline);
    await expect(page.getByText("Payment Failed").first()).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/direct$/);
    await expect(page.getByRole("button", { name: "Pay £6.00" })).toBeEnabled();
    await screenshot(page, "payments-declined");

    // The same form, another card that the bank refuses: insufficient funds.
    await page.getByLabel("Card Number").fill(CARDS.insufficientFunds);
    await page.getByRole("button", { name: "Pay £6.00" }).click();
    await expect.poll(async () => (await ordersOf(buyer.email)).length).toBe(2);
    await expect(page.getByRole("button", { name: "Pay £6.00" })).toBeEnabled();

    const orders = await ordersOf(buyer.email);
    expect(orders.map((o) => o.status)).toEqual(["failed", "failed"]);
    expect(orders.every((o) => o.refundedPence === 0)).toBe(true);
    expect(await ticketLedger(c.id)).toEqual({ sold: 0, held: 0, tickets: 0 });
  });

  test("a credit card over the £250 monthly cap is refused before any charge; a debit card then pays", async ({ page }) => {
    const buyer = await signInAs(page, "user", "Cato");
    const c = await ownCompetition({ title: "E2E Credit Combine", image: "/images/tractor.svg", price: "10.00" });
    // Earlier this month: £240 on a credit card, bought through the shop's own purchase service.
    expect(await orderThroughServices(buyer.email, c, 24, "sim_credit_approve")).not.toBeNull();
    const before = await ordersOf(buyer.email);
    expect(before).toEqual([expect.objectContaining({ status: "paid", totalPence: 24_000, cardFunding: "credit" })]);

    await enterCompetition(page, c, c.answer, 2, "Cato Tester");
    await payDirect(page, CARDS.credit);
    await expect(
      page.getByText(
        "Credit card payments are limited to £250.00 a month. You have £10.00 of credit card spending left this month; a debit card can be used instead.",
      ),
    ).toBeVisible();
    await screenshot(page, "payments-credit-cap");
    // Refused inside the hold, before the provider is asked: no order, no held numbers.
    expect(await ordersOf(buyer.email)).toEqual(before);
    expect(await ticketLedger(c.id)).toEqual({ sold: 24, held: 0, tickets: 24 });
    const refusals = await withShopDb(
      (db) =>
        db.$client
          .prepare("select count(*) n from protection_events e join users u on u.id = e.user_id where u.email = ? and e.kind = 'credit_cap_reached'")
          .get(buyer.email) as { n: number },
    );
    expect(refusals.n).toBe(1);

    await fillCard(page, CARDS.approve);
    await page.getByRole("button", { name: "Pay £20.00" }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    expect((await ordersOf(buyer.email)).map((o) => [o.status, o.cardFunding])).toEqual([
      ["paid", "credit"],
      ["paid", "debit"],
    ]);
  });

  test("an admin refunds an order from its page, and the customer sees it refunded in Account → Orders", async ({ page, browser }) => {
    const buyer = await signInAs(page, "user", "Rufus");
    const c = await ownCompetition({ title: "E2E Refunded Trailer", image: "/images/livestock-trailer.svg", price: "2.00" });
    await enterCompetition(page, c, c.answer, 3, "Rufus Tester");
    await payDirect(page, CARDS.approve);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    const [order] = await ordersOf(buyer.email);

    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      const adminErrors: string[] = [];
      admin.on("pageerror", (err) => adminErrors.push(err.message));
      admin.on("console", (msg) => void (msg.type() === "error" && adminErrors.push(msg.text())));
      await signInAs(admin, "admin");
      await admin.goto("/admin/entries");
      await admin.getByLabel("Search").fill(buyer.email);
      const link = admin.getByRole("link", { name: `Order ${orderNumber(order!.id)}` });
      await expect(link).toBeVisible();
      await link.click();
      await expect(admin).toHaveURL(new RegExp(`/admin/orders/${order!.id}$`));
      await expect(admin.getByRole("heading", { name: `Order ${orderNumber(order!.id)}` })).toBeVisible();
      await admin.getByRole("button", { name: "Refund", exact: true }).click();
      const dialog = admin.getByRole("dialog", { name: "Refund order" });
      await expect(dialog.getByLabel("Amount (£)")).toHaveValue("6.00");
      await dialog.getByLabel("Reason").fill("The customer asked to withdraw before the draw.");
      await screenshot(admin, "payments-admin-refund-dialog");
      await dialog.getByRole("button", { name: "Refund £6.00" }).click();
      await expect(admin.getByText("Refund made")).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(admin.getByText("Refunded", { exact: true }).first()).toBeVisible();
      await expect(admin.getByRole("button", { name: "Refund", exact: true })).toHaveCount(0);
      await screenshot(admin, "payments-admin-order-refunded");
      expect(adminErrors, "errors in the admin's browser console").toEqual([]);
    } finally {
      await adminContext.close();
    }

    await page.goto("/account?tab=orders");
    const receipt = page.getByRole("listitem", { name: `Order ${orderNumber(order!.id)}` });
    await expect(receipt.getByText("Refunded", { exact: true })).toBeVisible();
    const refunds = receipt.getByRole("region", { name: "Refunds" });
    await expect(refunds.getByText("£6.00 refunded")).toBeVisible();
    await expect(refunds.getByText("The customer asked to withdraw before the draw.")).toBeVisible();
    await expect(receipt.getByText("Refunded: these tickets were taken out of the draw.")).toBeVisible();
    await screenshot(page, "payments-account-refunded");

    expect(await ordersOf(buyer.email)).toEqual([expect.objectContaining({ status: "refunded", refundedPence: 600 })]);
    // A full refund before the draw puts the numbers back on sale.
    expect(await ticketLedger(c.id)).toMatchObject({ sold: 0, held: 0 });
  });
});
