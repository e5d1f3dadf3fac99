// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast as sonner } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "../../src/client/components/cart/cart-storage";
import { CartCheckoutForm } from "../../src/client/components/checkout/cart-checkout-form";
import { watchCashflowsChallenge } from "../../src/client/components/checkout/cashflows-challenge";
import { DirectPaymentForm } from "../../src/client/components/checkout/direct-payment-form";
import type { PendingEntry } from "../../src/client/lib/pending-entry";
import { CheckoutCompletePage } from "../../src/client/routes/public/checkout-complete-page";
import type { PublicCompetition } from "../../src/shared/schemas/competition";
import type { OrderResult } from "../../src/shared/schemas/entry";
import type { PaymentConfig } from "../../src/shared/schemas/order";
import { CUSTOMER, PAID_ORDER, SPADE, SPADE_LINE } from "./checkout-fixtures";
import { paymentConfig, stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";

/*
 * Cashflows' browser library talks to Cashflows' servers, unreachable here: it is replaced at its
 * documented boundary (README and src/cashflows.js of cashflows-clientlib-js 1.0.51). The stand-in
 * does what the library does to the page: initCard swaps the four inputs for iframes (class
 * cf-<inputtype>) and disables the button until the fields are valid; checkout() resolves or rejects
 * with a string when the test says.
 */
const lib = vi.hoisted(() => {
  const state = {
    constructed: [] as Array<{ token: string; isIntegration: boolean }>,
    /** What initCard was given: each input's label and name, and the button's text. */
    initCard: [] as Array<{ fields: Array<{ label: string | null; name: string }>; button: string | null }>,
    wallets: [] as string[],
    construct: (_token: string, _isIntegration: boolean): void => undefined,
    initCardFails: null as string | null,
    settle: null as null | { resolve: (v: unknown) => void; reject: (reason: unknown) => void },
  };
  return state;
});

vi.mock("cashflows-clientlib-js/src/cashflows.js", () => ({
  Cashflows: function Cashflows(token: string, isIntegration: boolean) {
    lib.construct(token, isIntegration);
    lib.constructed.push({ token, isIntegration });
    return {
      initCard(...args: [HTMLInputElement, HTMLInputElement, HTMLInputElement, HTMLInputElement, string]) {
        const inputs = args.slice(0, 4) as HTMLInputElement[];
        const button = document.querySelector<HTMLButtonElement>(args[4]);
        lib.initCard.push({
          fields: inputs.map((el) => ({
            label: el instanceof HTMLInputElement ? (document.querySelector(`label[for="${el.id}"]`)?.textContent ?? null) : null,
            name: el.name,
          })),
          button: button?.textContent ?? null,
        });
        if (lib.initCardFails) return Promise.reject(lib.initCardFails);
        for (const [i, type] of ["cardnumber", "cardholdername", "cardexpiry", "cardcvc"].entries()) {
          const frame = document.createElement("iframe");
          frame.className = `cf-card cf-${type}`;
          inputs[i]!.replaceWith(frame);
        }
        button?.setAttribute("disabled", "");
        return Promise.resolve();
      },
      initGooglePay: () => (lib.wallets.push("google"), Promise.resolve()),
      initApplePay: () => (lib.wallets.push("apple"), Promise.resolve()),
      checkout: () =>
        new Promise((resolve, reject) => {
          lib.settle = { resolve, reject };
        }),
    };
  },
}));

const INTENT_TOKEN = "cf-intent-token-123";
const ORDER_AWAITING_CARD: OrderResult = {
  ...PAID_ORDER,
  status: "requires_action",
  lines: PAID_ORDER.lines.map((l) => ({ ...l, status: "pending", ticketNumbers: [] })),
  nextAction: { type: "embedded", provider: "cashflows", clientSecret: INTENT_TOKEN },
};
const ENTRY: PendingEntry = {
  competitionId: SPADE.id,
  competitionTitle: SPADE.title,
  competitionImage: SPADE.image,
  customerName: "Ada Lovelace",
  customerEmail: CUSTOMER.email,
  answer: null,
  tickets: 2,
  pricePerEntry: "2.50",
  totalAmount: "5.00",
  basePrice: "2.50",
};

/** The direct checkout of a Cashflows shop (environment as given); returns what each order call was sent. */
function directCheckout(environment: "integration" | "production" = "integration", wallets: PaymentConfig["wallets"] = []) {
  const sent: Array<Record<string, unknown>> = [];
  stubTrpcFetch({
    "public.auth.session": () => CUSTOMER,
    "public.content.shopMode": () => ({ demo: false }),
    "customer.wallet.get": () => ({ balance: "0.00", owed: "0.00", entries: [] }),
    "public.payments.config": () => paymentConfig({ provider: "cashflows", environment, wallets }),
    "public.entries.checkoutDirect": (input) => {
      sent.push(input as Record<string, unknown>);
      return ORDER_AWAITING_CARD;
    },
  });
  renderAt("/", {
    "/": <DirectPaymentForm entry={ENTRY} onPaid={vi.fn()} />,
    "/checkout/complete": <h1>Order page</h1>,
  });
  return { sent };
}

const location = () => screen.getByTestId("location").textContent;

/** Places the order with the checkout's own button; Cashflows' card form then takes over. */
async function placeOrder(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Pay £5.00" }));
  expect(await screen.findByRole("heading", { name: "Pay by card" })).toBeTruthy();
}

describe("checkout with Cashflows", () => {
  beforeEach(() => {
    lib.constructed = [];
    lib.initCard = [];
    lib.wallets = [];
    lib.construct = () => undefined;
    lib.initCardFails = null;
    lib.settle = null;
  });
  afterEach(() => {
    sonner.dismiss();
    vi.restoreAllMocks();
  });

  it("asks for no card before the order, sends 'cashflows' as the token, says how it will appear on the statement", async () => {
    const user = userEvent.setup();
    const { sent } = directCheckout();
    expect(await screen.findByText("You will enter your card details at the next step, in Cashflows' secure payment form.")).toBeTruthy();
    expect(screen.queryByLabelText(/card number/i)).toBeNull();
    expect(screen.queryByLabelText(/cvv|security code/i)).toBeNull();
    expect(screen.getByText("This payment will appear on your statement as HARVEST DRAWS.")).toBeTruthy();

    await placeOrder(user);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ paymentToken: "cashflows", competitionId: SPADE.id, tickets: 2 });
    expect(sent[0]).not.toHaveProperty("cardNumber");
  });

  it("gives the library the intent's token in the integration environment, the four labelled inputs and its pay button; paid, it goes to the order's page", async () => {
    const user = userEvent.setup();
    directCheckout("integration");
    await placeOrder(user);
    await waitFor(() => expect(lib.settle).not.toBeNull());

    expect(lib.constructed).toEqual([{ token: INTENT_TOKEN, isIntegration: true }]);
    expect(lib.initCard).toEqual([
      {
        fields: [
          { label: "Card number", name: "cardnumber" },
          { label: "Name on card", name: "cardholdername" },
          { label: "Expiry date", name: "cardexpiry" },
          { label: "Security code", name: "cardcvc" },
        ],
        button: "Pay £5.00",
      },
    ]);
    // No wallet the shop's configuration does not offer is started (the library could then take no card at all).
    expect(lib.wallets).toEqual([]);
    // The library's iframes stand where the inputs were, named for screen readers and as wide as the form.
    const frame = document.querySelector<HTMLIFrameElement>("iframe.cf-cardnumber")!;
    expect(frame.title).toBe("Card number");
    expect(frame.style.width).toBe("100%");
    // Cashflows enables the button once its fields are valid; the order's page is not reached before it pays.
    expect(screen.getByRole("button", { name: "Pay £5.00" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByText("This payment will appear on your statement as HARVEST DRAWS.")).toBeTruthy();
    expect(location()).toBe("/");

    lib.settle!.resolve({ paymentStatus: "Paid" });
    expect(await screen.findByRole("heading", { name: "Order page" })).toBeTruthy();
    expect(location()).toBe("/checkout/complete?order=order-1");
  });

  it("starts Google Pay and Apple Pay only when the shop's configuration offers them", async () => {
    const user = userEvent.setup();
    directCheckout("integration", ["google_pay", "apple_pay"]);
    await placeOrder(user);
    await waitFor(() => expect(lib.wallets.sort()).toEqual(["apple", "google"]));
  });

  it("starts only the wallet offered", async () => {
    const user = userEvent.setup();
    directCheckout("integration", ["apple_pay"]);
    await placeOrder(user);
    await waitFor(() => expect(lib.settle).not.toBeNull());
    expect(lib.wallets).toEqual(["apple"]);
  });

  it("in production tells the library it is not the integration environment", async () => {
    const user = userEvent.setup();
    directCheckout("production");
    await placeOrder(user);
    await waitFor(() => expect(lib.constructed).toEqual([{ token: INTENT_TOKEN, isIntegration: false }]));
  });

  it("refused, shows Cashflows' reason and that nothing was taken, with the way to the order's page, and goes nowhere", async () => {
    const user = userEvent.setup();
    directCheckout();
    await placeOrder(user);
    await waitFor(() => expect(lib.settle).not.toBeNull());

    lib.settle!.reject("The card was declined by the issuer.");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your payment was not completed: The card was declined by the issuer.");
    expect(alert.textContent).toContain("Nothing has been taken from your card.");
    expect(within(alert).getByRole("link", { name: "See your order" }).getAttribute("href")).toBe("/checkout/complete?order=order-1");
    expect(location()).toBe("/");
    expect(screen.queryByRole("button", { name: "Pay £5.00" })).toBeNull();
  });

  it("when the library cannot be started, says so plainly instead of an empty box", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    lib.construct = () => {
      throw new TypeError("Cannot read properties of undefined");
    };
    directCheckout();
    await placeOrder(user);

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The secure card form could not be loaded.");
    expect(alert.textContent).toContain("Nothing has been taken from your card.");
    expect(within(alert).getByRole("link", { name: "See your order" }).getAttribute("href")).toBe("/checkout/complete?order=order-1");
    expect(screen.queryByRole("button", { name: "Pay £5.00" })).toBeNull();
    expect(location()).toBe("/");
  });

  it("when initCard refuses its elements, says so plainly too", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    lib.initCardFails = "Invalid button: #missing";
    directCheckout();
    await placeOrder(user);
    expect((await screen.findByRole("alert")).textContent).toContain("The secure card form could not be loaded.");
    expect(lib.settle).toBeNull();
  });

  it("shows the statement descriptor under the pay button of the simulated provider's checkout as well", async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([SPADE_LINE]));
    stubTrpcFetch({ "public.auth.session": () => null, "public.content.shopMode": () => ({ demo: true }) });
    renderAt("/", { "/": <CartCheckoutForm competitions={new Map<string, PublicCompetition>([[SPADE.id, SPADE]])} ready onPaid={vi.fn()} /> });
    expect(await screen.findByText("This payment will appear on your statement as HARVEST DRAWS.")).toBeTruthy();
    expect(screen.getByLabelText("Card Number")).toBeTruthy();
  });

  it("on the order's page, a buyer who left the card form can finish in it, and the page then shows the order paid", async () => {
    const user = userEvent.setup();
    let order: OrderResult = ORDER_AWAITING_CARD;
    stubTrpcFetch({
      "public.auth.session": () => CUSTOMER,
      "public.payments.config": () => paymentConfig({ provider: "cashflows", environment: "integration" }),
      "customer.orders.get": () => order,
    });
    renderAt("/checkout/complete?order=order-1", { "/checkout/complete": <CheckoutCompletePage /> });

    await user.click(await screen.findByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(lib.settle).not.toBeNull());
    expect(lib.constructed).toEqual([{ token: INTENT_TOKEN, isIntegration: true }]);
    expect(lib.initCard[0]?.button).toBe("Pay £5.00");

    order = PAID_ORDER;
    lib.settle!.resolve({ paymentStatus: "Paid" });
    expect(await screen.findByText("0007")).toBeTruthy();
  });

  it("lifts Cashflows' 3-D Secure dialog above the page and fits it to a phone", () => {
    const stop = watchCashflowsChallenge();
    // As the library builds it (_openActionLink): a fixed backdrop first in <body>, a box ≥ 450 px, the bank's iframe.
    const backdrop = document.createElement("div");
    backdrop.style.cssText = "position: fixed; top: 0; left: 0; width: 100%; height: 100%; z-index: 1;";
    const box = document.createElement("div");
    box.style.cssText = "position: absolute; width: 40%; height: 70%; min-width: 450px;";
    box.appendChild(document.createElement("iframe"));
    backdrop.appendChild(box);
    document.body.insertBefore(backdrop, document.body.firstChild);
    return new Promise<void>((done) =>
      setTimeout(() => {
        expect(backdrop.style.zIndex).toBe("2147483000");
        expect(backdrop.getAttribute("role")).toBe("dialog");
        expect(backdrop.getAttribute("aria-label")).toBe("Confirm the payment with your bank");
        expect(box.style.minWidth).toBe("0");
        stop();
        backdrop.remove();
        done();
      }, 0),
    );
  });
});
