import type { BrowserContext, FrameLocator, Page } from "@playwright/test";
import { rmSync } from "node:fs";
import { freePort } from "../helpers/server-process";
import { test as base } from "./fixtures";
import { expect, startCashflowsStandIn, startShop, type CashflowsStandInProcess, type ShopProcess } from "./processes";
import type { ShopCompetition } from "./shop";

/*
 * A shop with PAYMENT_PROVIDER=cashflows (CASHFLOWS_ENVIRONMENT=integration), its Cashflows the
 * stand-in (tests/helpers/cashflows-stand-in.ts, its own process, sending notifications to the
 * shop), and in the browser Cashflows' real client library (cashflows-clientlib-js), which talks to
 * https://gateway-int.cashflows.com. Every browser request to that host, the page's and its frames'
 * alike, is answered by the stand-in (it was started with that public address, so its pages link
 * there); the shop's own Content-Security-Policy applies as in production. A request to any other
 * outside host is refused and fails the journey, as does a CSP violation.
 */

export const GATEWAY = "https://gateway-int.cashflows.com";

/** The stand-in's test cards (tests/helpers/cashflows-stand-in/cards.ts). */
export const CF_CARDS = {
  visaDebit: "4000000000000002",
  mastercardCredit: "5555555555554444",
  declined: "4000000000000119",
  challenge: "4000000000003220",
} as const;

export interface CashflowsShop {
  shop: ShopProcess;
  standIn: CashflowsStandInProcess;
}

export interface GatewayTraffic {
  /** Every browser request routed to the stand-in: "METHOD path?query". */
  requests: string[];
  /** Requests to hosts other than the shop and Cashflows' gateway (refused). */
  outside: string[];
  cspViolations: string[];
}

/** Routes the context's requests: the shop's go through, Cashflows' to the stand-in, any other is refused and noted. */
async function routeBrowser(context: BrowserContext, shopUrl: string, standInUrl: string, traffic: GatewayTraffic) {
  await context.route("**/*", async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    if (url.origin === shopUrl) return route.continue();
    if (url.origin === GATEWAY) {
      traffic.requests.push(`${request.method()} ${url.pathname}${url.search}`);
      try {
        // Redirects are the browser's to follow (the hosted page back to the shop), so the answer is passed on as it is.
        const response = await route.fetch({ url: `${standInUrl}${url.pathname}${url.search}`, maxRedirects: 0 });
        return await route.fulfill({ response });
      } catch (err) {
        // The page went away meanwhile (the journey moved on): nothing to answer.
        if (/closed|disposed|Target/i.test(String(err))) return;
        throw err;
      }
    }
    traffic.outside.push(`${request.method()} ${request.url()}`);
    return route.abort("blockedbyclient");
  });
  await context.exposeBinding("__reportCspViolation", (_source, text: string) => void traffic.cspViolations.push(text));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      void (window as unknown as { __reportCspViolation: (t: string) => Promise<void> }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} (${e.documentURI})`,
      );
    });
  });
}

export const test = base.extend<{ gateway: GatewayTraffic }, { cashflowsShop: CashflowsShop }>({
  cashflowsShop: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const standIn = await startCashflowsStandIn(`http://127.0.0.1:${port}`, { publicUrl: GATEWAY });
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
  baseURL: async ({ cashflowsShop }, use) => use(cashflowsShop.shop.url),
  gateway: [
    async ({ context, cashflowsShop }, use) => {
      const traffic: GatewayTraffic = { requests: [], outside: [], cspViolations: [] };
      await routeBrowser(context, cashflowsShop.shop.url, cashflowsShop.standIn.url, traffic);
      await use(traffic);
      expect(traffic.outside, "requests to hosts other than the shop and Cashflows' gateway").toEqual([]);
      // zod 4 probes for `new Function` once per page (util.allowsEval) and catches the refusal; the
      // browser still reports it. Anything else refused (the library's calls, its frames) fails.
      const violations = traffic.cspViolations.filter((v) => !/^script-src blocked eval /.test(v));
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

// ── The stand-in's record (its test controls, not Cashflows' API) ────────────────────────────────

export interface StandInJobView {
  reference: string;
  paymentStatus: string;
  lastPaymentStatus: string | null;
  amountToCollect: string;
  currency: string;
  order: { orderNumber: string | null };
  payments: Array<{
    reference: string;
    status: string;
    amountToCollect: string;
    card: { scheme: string; maskedCardNumber: string; fundingType: string };
    refunds: Array<{ amountToRefund: string; status: string }>;
  }>;
}

export async function standInJob(standIn: CashflowsStandInProcess, reference: string): Promise<StandInJobView> {
  const res = await fetch(`${standIn.url}/_test/jobs/${encodeURIComponent(reference)}`);
  if (!res.ok) throw new Error(`the stand-in has no job ${reference}: ${res.status}`);
  return ((await res.json()) as { data: StandInJobView }).data;
}

/** The notifications the stand-in sent about a job, with the shop's answers to each delivery. */
export async function notificationsAbout(standIn: CashflowsStandInProcess, reference: string): Promise<Array<{ deliveries: Array<{ status: number }> }>> {
  const all = (await (await fetch(`${standIn.url}/_test/notifications`)).json()) as Array<{
    paymentJobReference: string;
    deliveries: Array<{ status: number }>;
  }>;
  return all.filter((n) => n.paymentJobReference === reference);
}

export async function setCaptureMode(standIn: CashflowsStandInProcess, capture: "immediate" | "reserve") {
  const res = await fetch(`${standIn.url}/_test/capture-mode`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ capture }),
  });
  expect(await res.json()).toEqual({ capture });
}

// ── The browser's side ────────────────────────────────────────────────────────────────────────

/** The card form's four frames, by the titles the shop gives Cashflows' iframes. */
export const cardFrame = (page: Page, title: "Card number" | "Name on card" | "Expiry date" | "Security code"): FrameLocator =>
  page.frameLocator(`iframe[title="${title}"]`);

/** From a competition page, Enter Now, the checkout's billing details, Pay: the order is placed and Cashflows' panel opens. */
export async function placeDirectOrder(page: Page, c: ShopCompetition, tickets: number, traffic: GatewayTraffic) {
  await page.goto(`/competition/${c.id}`);
  await expect(page.getByRole("heading", { name: c.title })).toBeVisible();
  await page.getByLabel("Full Name").fill("Cass Tester");
  await page.getByLabel(c.question).fill(c.answer);
  await page.getByLabel("Number of Entries").fill(String(tickets));
  await page.getByRole("button", { name: "Enter Now" }).click();
  await expect(page).toHaveURL(/\/checkout\/direct$/);
  await expect(page.getByText("You will enter your card details at the next step, in Cashflows' secure payment form.")).toBeVisible();
  expect(traffic.requests, "nothing is asked of Cashflows before the order exists").toEqual([]);
  await page.getByLabel("Billing Address").fill("Home Farm");
  await page.getByLabel("City").fill("Ludlow");
  await page.getByLabel("Postcode").fill("SY8 1AA");
  const total = (Number(c.price) * tickets).toFixed(2);
  await page.getByRole("button", { name: `Pay £${total}` }).click();
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
}

/** Fills Cashflows' four frames and presses its Pay button (enabled by the library once all four are valid). */
export async function payInCardForm(page: Page, card: string, amount: string) {
  await cardFrame(page, "Card number").getByLabel("Card number").fill(card);
  await cardFrame(page, "Name on card").getByLabel("Name on card").fill("Cass Tester");
  await cardFrame(page, "Expiry date").getByLabel("Expiry date").fill("12/34");
  await cardFrame(page, "Security code").getByLabel("Security code").fill("123");
  const pay = page.getByRole("button", { name: `Pay £${amount}` });
  await expect(pay).toBeEnabled();
  await pay.click();
}

/** The 3-D Secure dialog the library opens, as the shop fits it, and the stand-in's challenge page in it. */
export function challengeDialog(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Confirm the payment with your bank" });
  const bank = page.frameLocator('iframe[title="Your bank\'s payment check"]');
  return { dialog, bank };
}

/** How far the page is wider than the screen (0 or less: no sideways scrolling). */
export const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
