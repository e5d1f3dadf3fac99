// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY } from "../../src/client/components/cart/cart-storage";
import { PENDING_ENTRY_KEY } from "../../src/client/lib/pending-entry";
import { CheckoutCompletePage } from "../../src/client/routes/public/checkout-complete-page";
import { SimulatedAuthenticatePage } from "../../src/client/routes/public/simulated-authenticate-page";
import type { AuthUser } from "../../src/shared/schemas/auth";
import type { OrderView } from "../../src/shared/schemas/order";
import { refusal, stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";
import { customer } from "./users";
import { orderReference } from "../../src/shared/order-reference";

const USER: AuthUser = customer();

const line = (over: Partial<OrderView["lines"][number]> = {}): OrderView["lines"][number] => ({
  entryId: "entry-1",
  competitionId: "comp-1",
  competitionTitle: "Win a Tractor",
  quantity: 2,
  amount: "5.00",
  unitPrice: "2.50",
  saving: "0.00",
  discount: "0.00",
  ticketNumbers: [],
  status: "pending",
  ...over,
});

function order(over: Partial<OrderView> = {}): OrderView {
  return {
    id: "order-1",
    orderId: "order-1",
    reference: orderReference("order-1"),
    status: "requires_action",
    amount: "5.00",
    currency: "GBP",
    createdAt: "2025-11-21T14:05:00.000Z",
    lines: [line()],
    creditUsed: "0.00",
    discount: "0.00",
    discountCode: null,
    payment: null,
    refunds: [],
    nextAction: { type: "redirect", url: "http://localhost/payments/simulated/authenticate/sim_pi_1" },
    instantWins: [],
    ...over,
  };
}

const PAID = order({ status: "paid", nextAction: null, lines: [line({ status: "paid", ticketNumbers: ["0007", "0042"] })] });
const FAILED = order({ status: "failed", nextAction: null, lines: [line({ status: "failed" })] });

const PENDING_ENTRY = {
  competitionId: "comp-1",
  competitionTitle: "Win a Tractor",
  competitionImage: "/images/tractor.svg",
  customerName: "Ada Lovelace",
  customerEmail: "ada@example.com",
  answer: "4",
  tickets: 2,
  pricePerEntry: "2.50",
  totalAmount: "5.00",
};
const cartLine = (competitionId: string, title: string) => ({ competitionId, title, image: "/images/x.svg", price: "2.50", quantity: 2 });

const complete = (url: string) =>
  renderAt(url, {
    "/checkout/complete": <CheckoutCompletePage />,
    "/account": <h1>My Account</h1>,
  });

const location = () => screen.getByTestId("location").textContent;
const orderReads = (fetch: ReturnType<typeof stubTrpcFetch>) => fetch.mock.calls.filter(([url]) => String(url).includes("customer.orders.get")).length;

describe("/checkout/complete", () => {
  afterEach(() => {
    sonner.dismiss();
  });

  it("asks again while the bank is waiting, then shows the success screen and clears what was paid for", async () => {
    sessionStorage.setItem(PENDING_ENTRY_KEY, JSON.stringify(PENDING_ENTRY));
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([cartLine("comp-1", "Win a Tractor"), cartLine("comp-9", "Farm Hamper")]));
    let reads = 0;
    const fetch = stubTrpcFetch({ "public.auth.session": () => USER, "customer.orders.get": () => (++reads === 1 ? order() : PAID) });
    // Stripe's own parameters are ignored: the server's record decides.
    complete("/checkout/complete?order=order-1&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret&redirect_status=failed");

    expect(await screen.findByRole("heading", { name: "Processing your payment…" })).toBeTruthy();
    expect((await screen.findByRole("link", { name: "Continue authentication" })).getAttribute("href")).toBe(
      "http://localhost/payments/simulated/authenticate/sim_pi_1",
    );

    expect(await screen.findByRole("heading", { name: "Payment Successful!" }, { timeout: 5000 })).toBeTruthy();
    expect(orderReads(fetch)).toBe(2);
    expect(await screen.findByText("You've entered Win a Tractor with 2 tickets. Good luck!")).toBeTruthy();
    expect(screen.getAllByTestId("ticket-number").map((n) => n.textContent)).toEqual(["0007", "0042"]);
    expect(sessionStorage.getItem(PENDING_ENTRY_KEY)).toBeNull();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toEqual([cartLine("comp-9", "Farm Hamper")]));

    // As the direct checkout does, it moves on to the account.
    await waitFor(() => expect(location()).toBe("/account"), { timeout: 5000 });
  });

  it("shows the cart's confirmation for an order of several lines", async () => {
    const lines = [
      line({ status: "paid", ticketNumbers: ["0007"] }),
      line({ entryId: "entry-2", competitionId: "comp-2", competitionTitle: "Farm Hamper", status: "paid", ticketNumbers: ["0101"] }),
    ];
    const id = "0197a1b2-c3d4-7e5f-8a9b-0c1d2a7fa99c";
    stubTrpcFetch({
      "public.auth.session": () => USER,
      "customer.orders.get": () => ({ ...PAID, id, orderId: id, reference: orderReference(id), amount: "7.50", lines }),
    });
    complete(`/checkout/complete?order=${id}`);

    expect(await screen.findByRole("heading", { name: "Order Confirmed" })).toBeTruthy();
    expect(await screen.findByText("Your order total is £7.50. Check your email for confirmation.")).toBeTruthy();
    // The reference the account's "Order #2A7FA99C" and the mails use, not the 36-character id.
    expect(screen.getByText("2A7FA99C")).toBeTruthy();
    expect(screen.queryByText(id)).toBeNull();
  });

  it("says the payment was not completed and the tickets released, keeps the entry for another try", async () => {
    sessionStorage.setItem(PENDING_ENTRY_KEY, JSON.stringify(PENDING_ENTRY));
    stubTrpcFetch({ "public.auth.session": () => USER, "customer.orders.get": () => FAILED });
    complete("/checkout/complete?order=order-1");

    expect(await screen.findByRole("heading", { name: "Payment Not Completed" })).toBeTruthy();
    expect(await screen.findByText("Payment Failed")).toBeTruthy();
    expect(screen.getByText("Your payment could not be processed. Please try again.")).toBeTruthy();
    expect(screen.getByText(/The tickets we were holding for Win a Tractor have been released/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Try Again" }).getAttribute("href")).toBe("/checkout/direct");
    expect(screen.getByRole("link", { name: "Back to Competition" }).getAttribute("href")).toBe("/competition/comp-1");
    expect(sessionStorage.getItem(PENDING_ENTRY_KEY)).not.toBeNull();
  });

  it("says why when the shop's credit-card rules refused the card the acquirer reported", async () => {
    const message = "Credit cards cannot be used for instant-win competitions. Please use a debit card.";
    stubTrpcFetch({ "public.auth.session": () => USER, "customer.orders.get": () => ({ ...FAILED, failureMessage: message }) });
    complete("/checkout/complete?order=order-1");
    expect(await screen.findByRole("heading", { name: "Payment Not Completed" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(message);
  });

  it("adds no reason of its own to another failure", async () => {
    stubTrpcFetch({ "public.auth.session": () => USER, "customer.orders.get": () => ({ ...FAILED, failureMessage: null }) });
    complete("/checkout/complete?order=order-1");
    expect(await screen.findByRole("heading", { name: "Payment Not Completed" })).toBeTruthy();
    expect(screen.queryByText(/Credit card/)).toBeNull();
  });

  it("asks a signed-out visitor to sign in and come back here", async () => {
    const fetch = stubTrpcFetch({ "public.auth.session": () => null });
    complete("/checkout/complete?order=order-1&redirect_status=succeeded");

    expect(await screen.findByRole("heading", { name: "Sign in to see your order" })).toBeTruthy();
    const next = new URL(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")!, "http://localhost").searchParams.get("next");
    expect(next).toBe("/checkout/complete?order=order-1");
    expect(orderReads(fetch)).toBe(0);
  });

  it("says so for an order that is not the customer's, or no order at all", async () => {
    stubTrpcFetch({ "public.auth.session": () => USER, "customer.orders.get": () => refusal("NOT_FOUND", "Order not found") });
    const view = complete("/checkout/complete?order=someone-elses");
    expect(await screen.findByRole("heading", { name: "Order Not Found" })).toBeTruthy();
    view.unmount();

    complete("/checkout/complete");
    expect(await screen.findByRole("heading", { name: "Order Not Found" })).toBeTruthy();
  });
});

describe("the simulated bank's 3-D Secure page", () => {
  const CHALLENGE = {
    id: "sim_pi_1",
    orderId: "order-1",
    reference: orderReference("order-1"),
    amount: "5.00",
    currency: "GBP",
    status: "requires_action",
    returnUrl: "/checkout/complete?order=order-1",
  };
  const bank = (id = "sim_pi_1") =>
    renderAt(`/payments/simulated/authenticate/${id}`, {
      "/payments/simulated/authenticate/:id": <SimulatedAuthenticatePage />,
      "/checkout/complete": <h1>Back at the shop</h1>,
    });

  it("shows the merchant and amount, answers once however often it is clicked, then returns to the shop", async () => {
    const user = userEvent.setup();
    const fetch = stubTrpcFetch({
      "public.payments.simulatedChallenge": () => CHALLENGE,
      "public.payments.simulatedAuthenticate": () => ({ status: "succeeded", orderId: "order-1", orderStatus: "paid", returnUrl: CHALLENGE.returnUrl }),
    });
    bank();

    expect(await screen.findByText("Harvest Draws")).toBeTruthy();
    expect(screen.getByText("£5.00")).toBeTruthy();
    expect(screen.getByText("This is a test 3-D Secure page: no real bank is involved.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Fail authentication" })).toBeTruthy();
    await user.dblClick(screen.getByRole("button", { name: "Complete authentication" }));

    expect(await screen.findByRole("heading", { name: "Back at the shop" })).toBeTruthy();
    expect(location()).toBe("/checkout/complete?order=order-1");
    const answers = fetch.mock.calls.filter(([url]) => String(url).includes("simulatedAuthenticate"));
    expect(answers).toHaveLength(1);
    expect(JSON.parse(String(answers[0]![1]?.body))).toEqual({ "0": { id: "sim_pi_1", outcome: "approve" } });
  });

  it("says when the challenge was already answered, with the way back", async () => {
    stubTrpcFetch({ "public.payments.simulatedChallenge": () => ({ ...CHALLENGE, status: "failed" }) });
    bank();
    expect(await screen.findByText("Authentication of this payment has already failed.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Complete authentication" })).toBeNull();
    expect(screen.getByRole("link", { name: "Return to Harvest Draws" }).getAttribute("href")).toBe(CHALLENGE.returnUrl);
  });

  it("says so for an unknown payment", async () => {
    stubTrpcFetch({ "public.payments.simulatedChallenge": () => refusal("NOT_FOUND", "No such payment") });
    bank("sim_pi_unknown");
    expect(await screen.findByRole("heading", { name: "Payment not found" })).toBeTruthy();
  });
});
