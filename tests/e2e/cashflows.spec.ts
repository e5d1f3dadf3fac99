import { signInAs } from "./fixtures";
import {
  CF_CARDS,
  challengeDialog,
  expect,
  GATEWAY,
  notificationsAbout,
  payInCardForm,
  placeDirectOrder,
  setCaptureMode,
  standInJob,
  test,
} from "./cashflows-gateway";
import { orderNumber, ordersOf, ownCompetition, screenshot, ticketLedger } from "./shop";

/*
 * Chromium journeys of a shop with PAYMENT_PROVIDER=cashflows: the real cashflows-clientlib-js in
 * the page, Cashflows' gateway answered by the stand-in (cashflows-gateway.ts). One shop and one
 * stand-in serve the file; each journey has its own customer and competition.
 */

test.describe("paying with Cashflows (its real client library, against the Cashflows stand-in)", () => {
  test("the storefront loads no Cashflows code before checkout; the payment config and checkout say Cashflows and the statement name", async ({
    page,
    cashflowsShop,
    gateway,
  }) => {
    const { shop } = cashflowsShop;
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto("/");
    await expect(page.getByRole("banner").getByText("Harvest Draws")).toBeVisible();
    await page.waitForLoadState("networkidle");
    const c = await ownCompetition({ title: "E2E Cashflows Browsing Tedder", price: "2.00" }, {}, shop.dbPath);
    await page.goto(`/competition/${c.id}`);
    await expect(page.getByRole("heading", { name: c.title })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(
      scripts.filter((s) => /cashflows/i.test(s)),
      "Cashflows' library is not loaded before checkout",
    ).toEqual([]);
    expect(gateway.requests).toEqual([]);

    // The page's policies admit Cashflows' gateway (its frames and the library's calls), and no wallet: none is configured.
    const headers = (await page.request.get("/")).headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain(`connect-src 'self' ${GATEWAY};`);
    expect(csp).toContain(`frame-src ${GATEWAY}`);
    expect(csp).not.toContain("pay.google.com");
    expect(headers["permissions-policy"]).toContain("payment=()");
    const config = await (await page.request.get("/api/payments/config")).json();
    expect(config).toEqual({ provider: "cashflows", publishableKey: null, environment: "integration", wallets: [], statementDescriptor: "HARVEST DRAWS" });

    await signInAs(page, "user", "Bryony", undefined, shop.dbPath);
    await page.goto(`/competition/${c.id}`);
    await page.getByLabel("Full Name").fill("Bryony Tester");
    await page.getByLabel(c.question).fill(c.answer);
    await page.getByRole("button", { name: "Enter Now" }).click();
    await expect(page).toHaveURL(/\/checkout\/direct$/);
    await expect(page.getByText("You will enter your card details at the next step, in Cashflows' secure payment form.")).toBeVisible();
    await expect(page.getByText("This payment will appear on your statement as HARVEST DRAWS.")).toBeVisible();
    // The simulated provider's card fields are not there: the card is Cashflows' to take.
    await expect(page.getByLabel("Card Number")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(
      scripts.filter((s) => /cashflows/i.test(s)),
      "the library waits for an order to pay",
    ).toEqual([]);
    expect(gateway.requests).toEqual([]);
    await screenshot(page, "cashflows-checkout-next-step");
  });

  test("a Visa debit card pays in Cashflows' card form: the order is paid with the card's details and the job is Paid for its amount", async ({
    page,
    cashflowsShop,
    gateway,
  }) => {
    const { shop, standIn } = cashflowsShop;
    const buyer = await signInAs(page, "user", "Vera", undefined, shop.dbPath);
    const c = await ownCompetition({ title: "E2E Cashflows Mower", price: "2.00" }, {}, shop.dbPath);
    const toShop: string[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(shop.url)) toShop.push(`${r.url()} ${r.postData() ?? ""}`);
    });
    const started = Date.now();
    await placeDirectOrder(page, c, 2, gateway);
    const [placed] = await ordersOf(buyer.email, shop.dbPath);
    expect(placed).toMatchObject({ status: "requires_action", totalPence: 400 });
    expect(await ticketLedger(c.id, shop.dbPath)).toEqual({ sold: 0, held: 2, tickets: 2 });
    await expect(page.getByText("This payment will appear on your statement as HARVEST DRAWS.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay £4.00" })).toBeDisabled();
    await screenshot(page, "cashflows-card-form");

    await payInCardForm(page, CF_CARDS.visaDebit, "4.00");
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/checkout/complete\\?order=${placed!.id}$`));
    await expect(page.getByTestId("ticket-number")).toHaveCount(2);
    test.info().annotations.push({ type: "timing", description: `order to paid page: ${Date.now() - started} ms` });
    await screenshot(page, "cashflows-paid");

    const [order, ...others] = await ordersOf(buyer.email, shop.dbPath);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ id: placed!.id, status: "paid", totalPence: 400, cardBrand: "visa", cardLast4: "0002", cardFunding: "debit" });
    const job = await standInJob(standIn, order!.paymentId!);
    expect(job).toMatchObject({
      reference: order!.paymentId,
      paymentStatus: "Paid",
      amountToCollect: "4.00",
      currency: "GBP",
      order: { orderNumber: order!.id },
    });
    expect(job.payments.map((p) => [p.status, p.amountToCollect, p.card.maskedCardNumber, p.card.fundingType])).toEqual([
      ["Paid", "4.00", "400000******0002", "Debit"],
    ]);
    expect(await ticketLedger(c.id, shop.dbPath)).toEqual({ sold: 2, held: 0, tickets: 2 });
    // Cashflows' notification of the payment reached the shop, which answered it 200.
    await expect.poll(async () => (await notificationsAbout(standIn, job.reference)).flatMap((n) => n.deliveries.map((d) => d.status))).toEqual([200]);
    // The library's calls went to Cashflows' gateway: the intent, the four frames, the payment.
    expect(gateway.requests.filter((r) => /^GET \/preparations\/[0-9a-f-]+\?inputtype=/.test(r))).toHaveLength(4);
    expect(gateway.requests).toContain(`POST /api/gateway/payment-intents/${tokenOf(gateway.requests)}/payments`);
    // The card went to Cashflows only; the shop was sent "cashflows" as the payment token.
    expect(toShop.filter((r) => r.includes(CF_CARDS.visaDebit))).toEqual([]);
    expect(toShop.some((r) => r.includes('"paymentToken":"cashflows"'))).toBe(true);

    await page.goto("/account?tab=orders");
    const receipt = page.getByRole("listitem", { name: `Order ${orderNumber(order!.id)}` });
    await expect(receipt.getByText("Paid", { exact: true })).toBeVisible();
    await expect(receipt.getByText("Visa •••• 0002")).toBeVisible();
  });

  test("3-D Secure approved in the library's dialog ends paid", async ({ page, cashflowsShop, gateway }) => {
    const { shop, standIn } = cashflowsShop;
    const buyer = await signInAs(page, "user", "Sid", undefined, shop.dbPath);
    const c = await ownCompetition({ title: "E2E Cashflows Secure Bale Wrapper", price: "3.00" }, {}, shop.dbPath);
    await placeDirectOrder(page, c, 1, gateway);
    await payInCardForm(page, CF_CARDS.challenge, "3.00");
    const { dialog, bank } = challengeDialog(page);
    await expect(dialog).toBeVisible();
    await expect(bank.getByRole("heading", { name: "3-D Secure" })).toBeVisible();
    await expect(bank.getByText("Confirm a payment of £3.00")).toBeVisible();
    const [waiting] = await ordersOf(buyer.email, shop.dbPath);
    expect(waiting).toMatchObject({ status: "requires_action" });
    expect((await standInJob(standIn, waiting!.paymentId!)).lastPaymentStatus).toBe("Pending");
    expect(await ticketLedger(c.id, shop.dbPath)).toEqual({ sold: 0, held: 1, tickets: 1 });
    await screenshot(page, "cashflows-3ds-challenge", false);

    await bank.getByRole("button", { name: "Authenticate" }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/complete\\?order=${waiting!.id}$`));
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId("ticket-number")).toHaveCount(1);
    expect(await ordersOf(buyer.email, shop.dbPath)).toEqual([
      expect.objectContaining({ id: waiting!.id, status: "paid", cardBrand: "visa", cardLast4: "3220", cardFunding: "debit" }),
    ]);
    expect(await standInJob(standIn, waiting!.paymentId!)).toMatchObject({ paymentStatus: "Paid", amountToCollect: "3.00", currency: "GBP" });
    expect(await ticketLedger(c.id, shop.dbPath)).toEqual({ sold: 1, held: 0, tickets: 1 });
    // Cashflows told the shop too, and the shop answered each notification 200.
    await expect.poll(async () => (await notificationsAbout(standIn, waiting!.paymentId!)).flatMap((n) => n.deliveries.map((d) => d.status))).toContain(200);
    expect((await notificationsAbout(standIn, waiting!.paymentId!)).flatMap((n) => n.deliveries.map((d) => d.status)).filter((s) => s !== 200)).toEqual([]);
  });

  test("3-D Secure failed ends 'Payment Failed' with the held ticket released", async ({ page, cashflowsShop, gateway }) => {
    const { shop, standIn } = cashflowsShop;
    const buyer = await signInAs(page, "user", "Fenella", undefined, shop.dbPath);
    const c = await ownCompetition({ title: "E2E Cashflows Failed Topper", price: "1.50" }, {}, shop.dbPath);
    await placeDirectOrder(page, c, 2, gateway);
    expect(await ticketLedger(c.id, shop.dbPath)).toEqual({ sold: 0, held: 2, tickets: 2 });
    await payInCardForm(page, CF_CARDS.challenge, "3.00");
    const { dialog, bank } = challengeDialog(page);
    await bank.getByRole("button", { name: "Fail authentication" }).click();
    await expect(dialog).toHaveCount(0);
    const alert = page.getByRole("alert").filter({ hasText: "Your payment was not completed" });
    await expect(alert).toContainText("Your payment was not completed: 3-D Secure authentication failed.");
    await expect(alert).toContainText("Nothing has been taken from your card.");
    await screenshot(page, "cashflows-3ds-failed-form");
    await alert.getByRole("link", { name: "See your order" }).click();
    await expect(page).toHaveURL(/\/checkout\/complete\?order=/);
    await expect(page.getByText("Payment Failed").first()).toBeVisible();
    await screenshot(page, "cashflows-3ds-failed");

    const [order, ...others] = await ordersOf(buyer.email, shop.dbPath);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ status: "failed" });
    expect(await standInJob(standIn, order!.paymentId!)).toMatchObject({ paymentStatus: "Failed", lastPaymentStatus: "Failed" });
    expect(await ticketLedger(c.id, shop.dbPath)).toEqual({ sold: 0, held: 0, tickets: 0 });
  });

  test("a declined card: the form says why and that nothing was taken, the order's page says Payment Failed, nothing is sold", async ({
    page,
    cashflowsShop,
    gateway,
  }) => {
    const { shop, standIn } = cashflowsShop;
    const buyer = await signInAs(page, "user", "Dora", undefined, shop.dbPath);
    const c = await ownCompetition({ title: "E2E Cashflows Declined Rake", price: "2.50" }, {}, shop.dbPath);
    await placeDirectOrder(page, c, 1, gateway);
    await payInCardForm(page, CF_CARDS.declined, "2.50");
    const alert = page.getByRole("alert").filter({ hasText: "Your payment was not completed" });
    await expect(alert).toContainText("Your payment was not completed: Payment failed.");
    await expect(alert).toContainText("Nothing has been taken from your card.");
    await screenshot(page, "cashflows-declined-form");
    await alert.getByRole("link", { name: "See your order" }).click();
    await expect(page.getByText("Payment Failed").first()).toBeVisible();
    await screenshot(page, "cashflows-declined");

    await expect.poll(async () => (await ordersOf(buyer.email, shop.dbPath)).map((o) => o.status)).toEqual(["failed"]);
    const [order] = await ordersOf(buyer.email, shop.dbPath);
    expect(await standInJob(standIn, order!.paymentId!)).toMatchObject({ paymentStatus: "Failed" });
    expect(await ticketLedger(c.id, shop.dbPath)).toEqual({ sold: 0, held: 0, tickets: 0 });
  });

  test("a Mastercard credit card on an instant-win competition: reserved, refused by the rules, released; nothing sold, nothing kept", async ({
    page,
    cashflowsShop,
    gateway,
  }) => {
    const { shop, standIn } = cashflowsShop;
    const buyer = await signInAs(page, "user", "Cressida", undefined, shop.dbPath);
    // The code of practice keeps instant-win competitions under half of those on sale: two others first.
    for (const title of ["E2E Cashflows Plough", "E2E Cashflows Harrow"]) await ownCompetition({ title }, {}, shop.dbPath);
    const c = await ownCompetition(
      { title: "E2E Cashflows Instant Quad", image: "/images/quad-bike.svg", price: "1.99" },
      { maxTickets: 100, instantPrizes: [{ name: "£5 site credit", kind: "credit", value: "5.00", count: 3 }] },
      shop.dbPath,
    );
    // The stand-in's configuration now reserves payments: the shop captures only what its rules allow.
    await setCaptureMode(standIn, "reserve");
    try {
      await placeDirectOrder(page, c, 1, gateway);
      await payInCardForm(page, CF_CARDS.mastercardCredit, "1.99");
      await expect(page).toHaveURL(/\/checkout\/complete\?order=/);
      await expect(page.getByText("Payment Failed").first()).toBeVisible();
      // The buyer is told why, in the rule's words, not only that it failed.
      await expect(
        page.getByRole("alert").filter({ hasText: "Credit cards cannot be used for instant-win competitions. Please use a debit card." }),
      ).toBeVisible();
      await screenshot(page, "cashflows-credit-instant-win");
    } finally {
      await setCaptureMode(standIn, "immediate");
    }
    const [order, ...others] = await ordersOf(buyer.email, shop.dbPath);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ status: "failed" });
    const job = await standInJob(standIn, order!.paymentId!);
    expect(job.payments.map((p) => [p.status, p.card.fundingType])).toEqual([["Cancelled", "Credit"]]);
    expect(job.paymentStatus).toBe("Cancelled");
    expect(await ticketLedger(c.id, shop.dbPath)).toEqual({ sold: 0, held: 0, tickets: 0 });
  });

  test("a buyer who left the card form finishes on Cashflows' hosted page from the order's page, and the order ends paid", async ({
    page,
    cashflowsShop,
    gateway,
  }) => {
    const { shop, standIn } = cashflowsShop;
    const buyer = await signInAs(page, "user", "Lettice", undefined, shop.dbPath);
    const c = await ownCompetition({ title: "E2E Cashflows Left Baler", price: "1.25" }, {}, shop.dbPath);
    await placeDirectOrder(page, c, 2, gateway);
    const [placed] = await ordersOf(buyer.email, shop.dbPath);
    // The buyer leaves the card form for the order's page (its "See your order", or a reload), card never entered.
    await page.goto(`/checkout/complete?order=${placed!.id}`);
    const resume = page.getByRole("link", { name: "Continue to payment" });
    await expect(resume).toBeVisible();
    await expect(resume).toHaveAttribute("href", `${GATEWAY}/_stand-in/pay/${placed!.paymentId}`);
    await screenshot(page, "cashflows-left-order-page");
    await resume.click();
    await expect(page).toHaveURL(`${GATEWAY}/_stand-in/pay/${placed!.paymentId}`);
    await expect(page.getByRole("heading", { name: "Pay £2.50" })).toBeVisible();
    await page.getByLabel("Card number").fill(CF_CARDS.visaDebit);
    await page.getByLabel("Name on card").fill("Lettice Tester");
    await page.getByLabel("Expiry date").fill("12/34");
    await page.getByLabel("Security code").fill("123");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^${shop.url}/checkout/complete\\?order=${placed!.id}&status=success&paymentjobref=`));
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByTestId("ticket-number")).toHaveCount(2);
    await screenshot(page, "cashflows-hosted-page-paid");

    expect(await ordersOf(buyer.email, shop.dbPath)).toEqual([
      expect.objectContaining({ id: placed!.id, status: "paid", cardBrand: "visa", cardLast4: "0002", cardFunding: "debit" }),
    ]);
    expect(await standInJob(standIn, placed!.paymentId!)).toMatchObject({ paymentStatus: "Paid", amountToCollect: "2.50", currency: "GBP" });
    expect(await ticketLedger(c.id, shop.dbPath)).toEqual({ sold: 2, held: 0, tickets: 2 });
  });
});

/** The intent's token, from the library's first call (GET api/gateway/payment-intents/{token}). */
function tokenOf(requests: string[]): string {
  const first = requests.map((r) => /^GET \/api\/gateway\/payment-intents\/([^/?]+)$/.exec(r)).find(Boolean);
  if (!first) throw new Error(`no intent was read: ${requests.join(", ")}`);
  return first[1]!;
}
