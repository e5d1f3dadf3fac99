// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "../../src/client/components/cart/cart-storage";
import { CartCheckoutForm } from "../../src/client/components/checkout/cart-checkout-form";
import { DirectPaymentForm } from "../../src/client/components/checkout/direct-payment-form";
import type { PendingEntry } from "../../src/client/lib/pending-entry";
import type { PublicCompetition } from "../../src/shared/schemas/competition";
import type { WalletView } from "../../src/shared/schemas/wallet";
import { CUSTOMER, PAID_ORDER, SPADE, SPADE_LINE } from "./checkout-fixtures";
import { refusal, renderWithApp, stubTrpcFetch } from "./render";

const COMPETITIONS = new Map<string, PublicCompetition>([[SPADE.id, SPADE]]);
const wallet = (balance: string): WalletView => ({ balance, owed: "0.00", entries: [] });

/** The signed-in customer's cart checkout (2 × £2.50 spade) with `balance` of site credit; returns what the order call was sent. */
function checkoutWith(balance: () => string, order: (input: unknown) => unknown = () => ({ ...PAID_ORDER, creditUsed: "5.00" })) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([SPADE_LINE]));
  const sent: Array<Record<string, unknown>> = [];
  const onPaid = vi.fn();
  stubTrpcFetch({
    "public.auth.session": () => CUSTOMER,
    "public.content.shopMode": () => ({ demo: false }),
    "customer.wallet.get": () => wallet(balance()),
    "public.entries.checkoutCart": (input) => {
      sent.push(input as Record<string, unknown>);
      return order(input);
    },
  });
  renderWithApp(<CartCheckoutForm competitions={COMPETITIONS} ready onPaid={onPaid} />);
  return { sent, onPaid };
}

describe("paying with site credit at checkout", () => {
  afterEach(() => {
    sonner.dismiss();
  });

  it("uses credit that covers the order without asking for a card or its billing address, and sends neither", async () => {
    const user = userEvent.setup();
    const { sent, onPaid } = checkoutWith(() => "12.00");
    const option = await screen.findByTestId("site-credit-option");
    expect(within(option).getByRole("checkbox", { name: /Use my site credit \(£12\.00 available\)/ })).toHaveProperty("checked", true);
    expect(within(option).getByTestId("credit-applied").textContent).toBe("−£5.00");
    expect(within(option).getByTestId("card-to-pay").textContent).toBe("£0.00");
    expect(option.textContent).toContain("Your site credit covers this order: no card is needed.");
    expect(screen.queryByRole("heading", { name: "Payment Details" })).toBeNull();
    expect(screen.queryByLabelText("Card Number")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Billing Address" })).toBeNull();
    expect(screen.queryByLabelText("Address")).toBeNull();
    expect(screen.queryByLabelText("Postcode")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Complete Order - £5.00 with site credit" }));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ useCredit: true });
    expect(sent[0]).not.toHaveProperty("paymentToken");
    expect(sent[0]).not.toHaveProperty("billing");
  });

  it("asks for the billing address again once the card pays part of the order, and checks it", async () => {
    const user = userEvent.setup();
    const { sent } = checkoutWith(
      () => "12.00",
      () => ({ ...PAID_ORDER, creditUsed: "0.00" }),
    );
    const option = await screen.findByTestId("site-credit-option");
    expect(screen.queryByLabelText("Address")).toBeNull();
    await user.click(within(option).getByRole("checkbox"));
    expect(screen.getByRole("heading", { name: "Billing Address" })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText("Address") as HTMLInputElement).value).toBe("1 Farm Lane"));
    await user.clear(screen.getByLabelText("Postcode"));
    await user.click(screen.getByRole("button", { name: "Complete Order - £5.00" }));
    expect(await screen.findByText("Postcode is required")).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it("takes part of the order from credit and asks the card for the rest; unticked, the card pays it all", async () => {
    const user = userEvent.setup();
    checkoutWith(() => "2.00");
    const option = await screen.findByTestId("site-credit-option");
    await waitFor(() => expect(within(option).getByTestId("credit-applied").textContent).toBe("−£2.00"));
    expect(within(option).getByTestId("card-to-pay").textContent).toBe("£3.00");
    expect(screen.getByRole("heading", { name: "Payment Details" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Complete Order - £3.00" })).toBeTruthy();

    await user.click(within(option).getByRole("checkbox"));
    expect(within(option).queryByTestId("credit-applied")).toBeNull();
    expect(screen.getByRole("button", { name: "Complete Order - £5.00" })).toBeTruthy();
  });

  it("says why it keeps some credit back when the card would otherwise pay less than its minimum", async () => {
    checkoutWith(() => "4.90");
    const option = await screen.findByTestId("site-credit-option");
    await waitFor(() => expect(within(option).getByTestId("credit-applied").textContent).toBe("−£4.70"));
    expect(within(option).getByTestId("card-to-pay").textContent).toBe("£0.30");
    expect(within(option).getByTestId("card-minimum").textContent).toBe(
      "A card payment is at least £0.30, so your card pays that and the rest of your credit stays for next time.",
    );
    expect(screen.getByRole("button", { name: "Complete Order - £0.30" })).toBeTruthy();
  });

  it("shows nothing about credit to a customer without any", async () => {
    checkoutWith(() => "0.00");
    expect(await screen.findByRole("button", { name: "Complete Order - £5.00" })).toBeTruthy();
    expect(screen.queryByTestId("site-credit-option")).toBeNull();
  });

  it("when the credit was spent elsewhere meanwhile, says a card is needed and shows the balance the server has", async () => {
    const user = userEvent.setup();
    let balance = "12.00";
    checkoutWith(
      () => balance,
      () => {
        balance = "1.00";
        return refusal("INVALID_INPUT", "Enter your card details", { fieldErrors: { paymentToken: ["Enter your card details"] } });
      },
    );
    await screen.findByTestId("site-credit-option");
    await user.click(await screen.findByRole("button", { name: "Complete Order - £5.00 with site credit" }));
    await waitFor(() => expect(screen.getByTestId("card-to-pay").textContent).toBe("£4.00"));
    expect(screen.getByRole("heading", { name: "Payment Details" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Billing Address" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Complete Order - £4.00" })).toBeTruthy();
  });

  it("on the direct checkout too: credit that covers the entry asks for no card or billing details, and sends none", async () => {
    const user = userEvent.setup();
    const entry: PendingEntry = {
      competitionId: SPADE.id,
      competitionTitle: SPADE.title,
      competitionImage: SPADE.image,
      customerName: "Ada Lovelace",
      customerEmail: CUSTOMER.email,
      answer: null,
      tickets: 3,
      pricePerEntry: "1.99",
      totalAmount: "5.97",
      basePrice: "1.99",
    };
    const sent: Array<Record<string, unknown>> = [];
    const onPaid = vi.fn();
    stubTrpcFetch({
      "public.auth.session": () => CUSTOMER,
      "public.content.shopMode": () => ({ demo: false }),
      "customer.wallet.get": () => wallet("6.00"),
      "public.entries.checkoutDirect": (input) => {
        sent.push(input as Record<string, unknown>);
        return { ...PAID_ORDER, amount: "5.97", creditUsed: "5.97" };
      },
    });
    renderWithApp(<DirectPaymentForm entry={entry} onPaid={onPaid} />);
    const pay = await screen.findByRole("button", { name: "Pay £5.97 with site credit" });
    expect(screen.queryByRole("heading", { name: "Billing Details" })).toBeNull();
    expect(screen.queryByLabelText("Billing Address")).toBeNull();
    expect(screen.queryByLabelText("Card Number")).toBeNull();
    await user.click(pay);
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ useCredit: true, tickets: 3 });
    expect(sent[0]).not.toHaveProperty("billing");
    expect(sent[0]).not.toHaveProperty("paymentToken");
  });
});
