import type { Page } from "@playwright/test";
import { rmSync } from "node:fs";
import { freePort } from "../helpers/server-process";
import { signInAs, test as base } from "./fixtures";
import { expect, startShop, startStripeStandIn, type ShopProcess, type StandInProcess } from "./processes";
import { orderNumber, ordersOf, ownCompetition, screenshot, ticketLedger, type ShopCompetition } from "./shop";
import { installStripeJsStub, STRIPE_JS_CALLS, STUB_CARD_LABEL, STUB_CHALLENGE_TITLE, type StripeJsStub } from "./stripe-js-stub";

/*
 * A shop with PAYMENT_PROVIDER=stripe, its Stripe the stand-in (tests/helpers/stripe-stand-in.ts,
 * its own process, sending signed webhooks to the shop), and in the browser a stub of Stripe.js that
 * the shop's real @stripe/stripe-js loads. One shop and one stand-in serve the file's journeys; each
 * journey has its own customer and competition.
 */

/** Stripe's test cards, as the stand-in knows them (tests/helpers/stripe-stand-in/cards.ts). */
const STRIPE_CARDS = {
  visaDebit: "4000056655665556",
  threeDS: "4000002760003184",
  decline: "4000000000000002",
};

interface StripeShop {
  shop: ShopProcess;
  standIn: StandInProcess;
}

const test = base.extend<{ stripeJs: StripeJsStub }, { stripeShop: StripeShop }>({
  stripeShop: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const standIn = await startStripeStandIn(`http://127.0.0.1:${port}`);
      const shop = await startShop({ port, env: standIn.shopEnv }).catch(async (err) => {
        await standIn.stop();
        throw err;
      });
      await use({ shop, standIn });
      await shop.stop();
      await standIn.stop();
      rmSync(shop.dataDir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ stripeShop }, use) => use(stripeShop.shop.url),
  stripeJs: [
    async ({ page, stripeShop }, use) => {
      const stub = await installStripeJsStub(page, stripeShop.standIn.url);
      await use(stub);
      // zod 4 probes for `new Function` once per page (util.allowsEval) and catches the refusal; the
      // browser still reports it. Anything else refused (the stub, its API calls, its frame) fails.
      const violations = stub.cspViolations.filter((v) => !/^script-src blocked eval /.test(v));
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

/** The stand-in's record of a payment intent (its test control, not Stripe's API). */
async function paymentIntent(
  standIn: StandInProcess,
  id: string,
): Promise<{ status: string; amount: number; currency: string; metadata: Record<string, string> }> {
  return (await fetch(`${standIn.url}/_test/payment_intents/${id}`)).json();
}

/** The events the stand-in sent about a payment intent, with the shop's answers to each delivery. */
async function eventsAbout(standIn: StandInProcess, id: string): Promise<Array<{ type: string; deliveries: Array<{ status: number }> }>> {
  await fetch(`${standIn.url}/_test/idle`, { method: "POST" });
  const all = (await (await fetch(`${standIn.url}/_test/events`)).json()) as {
    data: Array<{ type: string; data: { object: { id: string } }; deliveries: Array<{ status: number }> }>;
  };
  return all.data.filter((e) => e.data.object.id === id).map((e) => ({ type: e.type, deliveries: e.deliveries }));
}

/** From a competition page to the Stripe checkout, the stub's Payment Element filled and Pay pressed. */
async function payWithStripe(page: Page, c: ShopCompetition, tickets: number, card: string, stub: StripeJsStub) {
  await page.goto(`/competition/${c.id}`);
  await expect(page.getByRole("heading", { name: c.title })).toBeVisible();
  await page.getByLabel("Full Name").fill("Stella Tester");
  await page.getByLabel(c.question).fill(c.answer);
  await page.getByLabel("Number of Entries").fill(String(tickets));
  expect(stub.scriptRequests, "Stripe.js is loaded only by a checkout page").toEqual([]);
  await page.getByRole("button", { name: "Enter Now" }).click();
  await expect(page).toHaveURL(/\/checkout\/direct$/);
  await page.getByLabel(STUB_CARD_LABEL).fill(card);
  expect(stub.scriptRequests).toEqual(["https://js.stripe.com/endive/stripe.js"]);
  await page.getByLabel("Billing Address").fill("Home Farm");
  await page.getByLabel("City").fill("Ludlow");
  await page.getByLabel("Postcode").fill("SY8 1AA");
  await page.getByRole("button", { name: /^Pay £/ }).click();
}

/** What the page asked of Stripe.js: only the calls the brief allows, and the Elements options the shop relies on. */
async function expectOnlyAllowedCalls(page: Page, stub: StripeJsStub, amountPence: number) {
  const calls = await stub.calls(page);
  expect(calls.map((c) => c.name).filter((n) => !(STRIPE_JS_CALLS as readonly string[]).includes(n))).toEqual([]);
  const elements = calls.find((c) => c.name === "elements")!.args as Record<string, unknown>;
  expect(elements).toMatchObject({ mode: "payment", amount: amountPence, currency: "gbp", paymentMethodCreation: "manual" });
  expect(elements.appearance).toBeTruthy();
}

test.describe("paying with Stripe (the Payment Element, against the Stripe stand-in)", () => {
  test("Stripe.js is not requested on the home page or a competition page, only at checkout", async ({ page, stripeShop, stripeJs }) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByText("Harvest Draws")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(stripeJs.scriptRequests).toEqual([]);
    const c = await ownCompetition({ title: "E2E Stripe Browsing Tedder" }, {}, stripeShop.shop.dbPath);
    await page.goto(`/competition/${c.id}`);
    await expect(page.getByRole("heading", { name: c.title })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(stripeJs.scriptRequests).toEqual([]);
    const csp = (await page.request.get("/")).headers()["content-security-policy"] ?? "";
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    const config = await (await page.request.get("/api/payments/config")).json();
    expect(config).toEqual({
      provider: "stripe",
      publishableKey: expect.stringMatching(/^pk_test_/),
      environment: null,
      wallets: [],
      statementDescriptor: "HARVEST DRAWS",
    });
  });

  test("a frictionless card pays: the server confirms the ConfirmationToken and the order is paid", async ({ page, stripeShop, stripeJs }) => {
    const buyer = await signInAs(page, "user", "Stella", undefined, stripeShop.shop.dbPath);
    const c = await ownCompetition({ title: "E2E Stripe Mower", price: "2.00" }, {}, stripeShop.shop.dbPath);
    const toShop: string[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(stripeShop.shop.url)) toShop.push(`${r.url()} ${r.postData() ?? ""}`);
    });
    await payWithStripe(page, c, 2, STRIPE_CARDS.visaDebit, stripeJs);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByTestId("ticket-number")).toHaveCount(2);
    await screenshot(page, "stripe-frictionless-success");

    const [order, ...others] = await ordersOf(buyer.email, stripeShop.shop.dbPath);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ status: "paid", totalPence: 400, cardBrand: "visa", cardLast4: "5556", cardFunding: "debit" });
    expect(order!.paymentId).toMatch(/^pi_/);
    expect(await paymentIntent(stripeShop.standIn, order!.paymentId!)).toMatchObject({
      status: "succeeded",
      amount: 400,
      currency: "gbp",
      metadata: { orderId: order!.id },
    });
    expect(await ticketLedger(c.id, stripeShop.shop.dbPath)).toEqual({ sold: 2, held: 0, tickets: 2 });
    await expectOnlyAllowedCalls(page, stripeJs, 400);
    // The card went to Stripe only; the shop was sent the ConfirmationToken.
    expect(toShop.filter((r) => r.includes(STRIPE_CARDS.visaDebit))).toEqual([]);
    expect(toShop.some((r) => /"paymentToken":"ctoken_/.test(r))).toBe(true);
  });

  test("a 3-D Secure card is authenticated through handleNextAction and ends paid at /checkout/complete", async ({ page, stripeShop, stripeJs }) => {
    const buyer = await signInAs(page, "user", "Sid", undefined, stripeShop.shop.dbPath);
    const c = await ownCompetition({ title: "E2E Stripe Secure Bale Wrapper", price: "3.00" }, {}, stripeShop.shop.dbPath);
    await payWithStripe(page, c, 1, STRIPE_CARDS.threeDS, stripeJs);
    const bank = page.frameLocator(`iframe[title="${STUB_CHALLENGE_TITLE}"]`);
    await expect(bank.getByRole("heading", { name: "3D Secure 2 Test Page" })).toBeVisible();
    await expect(bank.getByText("Authenticate a payment of £3.00")).toBeVisible();
    const [waiting] = await ordersOf(buyer.email, stripeShop.shop.dbPath);
    expect(waiting).toMatchObject({ status: "requires_action" });
    expect(await ticketLedger(c.id, stripeShop.shop.dbPath)).toEqual({ sold: 0, held: 1, tickets: 1 });
    await screenshot(page, "stripe-3ds-challenge", false);

    await bank.getByRole("button", { name: "Complete" }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/complete\\?order=${waiting!.id}$`));
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByTestId("ticket-number")).toHaveCount(1);
    await screenshot(page, "stripe-3ds-complete-paid");

    expect(await ordersOf(buyer.email, stripeShop.shop.dbPath)).toEqual([
      expect.objectContaining({ id: waiting!.id, status: "paid", cardBrand: "visa", cardLast4: "3184" }),
    ]);
    expect(await ticketLedger(c.id, stripeShop.shop.dbPath)).toEqual({ sold: 1, held: 0, tickets: 1 });
    // Stripe told the shop too, by a signed webhook, which the shop accepted.
    const events = await eventsAbout(stripeShop.standIn, waiting!.paymentId!);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["payment_intent.requires_action", "payment_intent.succeeded"]));
    expect(events.find((e) => e.type === "payment_intent.succeeded")!.deliveries.map((d) => d.status)).toEqual([200]);

    await page.goto("/account?tab=orders");
    const receipt = page.getByRole("listitem", { name: `Order ${orderNumber(waiting!.id)}` });
    await expect(receipt.getByText("Paid", { exact: true })).toBeVisible();
    await expect(receipt.getByText("Visa •••• 3184")).toBeVisible();
  });

  test("a 3-D Secure challenge failed ends 'Payment Failed' with the held ticket released", async ({ page, stripeShop, stripeJs }) => {
    const buyer = await signInAs(page, "user", "Fenella", undefined, stripeShop.shop.dbPath);
    const c = await ownCompetition({ title: "E2E Stripe Failed Topper", price: "1.50" }, {}, stripeShop.shop.dbPath);
    await payWithStripe(page, c, 2, STRIPE_CARDS.threeDS, stripeJs);
    const bank = page.frameLocator(`iframe[title="${STUB_CHALLENGE_TITLE}"]`);
    await bank.getByRole("button", { name: "Fail" }).click();
    await expect(page).toHaveURL(/\/checkout\/complete\?order=/);
    await expect(page.getByText("Payment Failed").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payment Not Completed" })).toBeVisible();
    await screenshot(page, "stripe-3ds-failed");

    const [order, ...others] = await ordersOf(buyer.email, stripeShop.shop.dbPath);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ status: "failed" });
    expect((await paymentIntent(stripeShop.standIn, order!.paymentId!)).status).toBe("requires_payment_method");
    expect(await ticketLedger(c.id, stripeShop.shop.dbPath)).toEqual({ sold: 0, held: 0, tickets: 0 });
  });

  test("a declined card shows 'Payment Failed' and nothing is sold", async ({ page, stripeShop, stripeJs }) => {
    const buyer = await signInAs(page, "user", "Dora", undefined, stripeShop.shop.dbPath);
    const c = await ownCompetition({ title: "E2E Stripe Declined Rake", price: "2.50" }, {}, stripeShop.shop.dbPath);
    await payWithStripe(page, c, 1, STRIPE_CARDS.decline, stripeJs);
    await expect(page.getByText("Payment Failed").first()).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/direct$/);
    await expect(page.getByRole("button", { name: "Pay £2.50" })).toBeEnabled();
    await screenshot(page, "stripe-declined");

    await expect.poll(async () => (await ordersOf(buyer.email, stripeShop.shop.dbPath)).map((o) => o.status)).toEqual(["failed"]);
    expect(await ticketLedger(c.id, stripeShop.shop.dbPath)).toEqual({ sold: 0, held: 0, tickets: 0 });
    await expectOnlyAllowedCalls(page, stripeJs, 250);
  });
});
