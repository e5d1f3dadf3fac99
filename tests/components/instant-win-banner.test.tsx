// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OrderCard } from "../../src/client/components/account/order-card";
import { OrderConfirmation } from "../../src/client/components/checkout/order-confirmation";
import { PaymentSuccess } from "../../src/client/components/checkout/payment-success";
import type { OrderResult } from "../../src/shared/schemas/entry";
import type { InstantWinView } from "../../src/shared/schemas/instant-wins";
import { PAID_ORDER } from "./checkout-fixtures";
import { renderWithApp, stubTrpcFetch } from "./render";

const CREDIT: InstantWinView = { prizeId: "unit-1", name: "£10 site credit", kind: "credit", value: "10.00", ticketNumber: "17" };
const CASH: InstantWinView = { prizeId: "unit-2", name: "£100 cash", kind: "cash", value: "100.00", ticketNumber: "42" };

const WON: OrderResult = { ...PAID_ORDER, instantWins: [CREDIT, CASH] };
const CART_WON: OrderResult = {
  ...WON,
  lines: [...PAID_ORDER.lines, { ...PAID_ORDER.lines[0]!, entryId: "entry-2", competitionId: "comp-hamper", competitionTitle: "Farm Hamper" }],
};

/** The success screens read the visitor's entries (for the first-purchase invite); a visitor here has none. */
const stubReads = () => stubTrpcFetch({ "public.auth.session": () => null, "customer.entries.list": () => [] });

const lines = (banner: HTMLElement) =>
  within(banner)
    .getAllByRole("listitem")
    .map((li) => li.textContent);

describe("the instant-win banner on the success screens", () => {
  it("PaymentSuccess announces each prize with what happens next, above the ticket numbers", async () => {
    stubReads();
    renderWithApp(<PaymentSuccess result={WON} />);
    const banner = await screen.findByTestId("instant-win-banner");
    expect(banner.getAttribute("role")).toBe("status");
    expect(within(banner).getByRole("heading", { name: "You've won instantly!" })).toBeTruthy();
    expect(lines(banner)).toEqual([
      "£10 site credit on ticket #17Added to your account's site credit.",
      "£100 cash on ticket #42We'll be in touch to arrange your prize.",
    ]);
    const tickets = screen.getAllByTestId("ticket-number")[0]!;
    expect(banner.compareDocumentPosition(tickets) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("OrderConfirmation (the cart's screen) shows the same banner", async () => {
    stubReads();
    renderWithApp(<OrderConfirmation result={{ ...CART_WON, instantWins: [{ ...CASH, kind: "physical", name: "Garden hamper" }] }} />);
    const banner = await screen.findByTestId("instant-win-banner");
    expect(lines(banner)).toEqual(["Garden hamper on ticket #42We'll be in touch to arrange your prize."]);
  });

  it("is absent when the order won nothing", async () => {
    stubReads();
    renderWithApp(<PaymentSuccess result={PAID_ORDER} />);
    await screen.findByRole("heading", { name: "Payment Successful!" });
    expect(screen.queryByTestId("instant-win-banner")).toBeNull();
    expect(screen.queryByText("You've won instantly!")).toBeNull();

    renderWithApp(<OrderConfirmation result={{ ...CART_WON, instantWins: [] }} />);
    await screen.findByRole("heading", { name: "Order Confirmed" });
    expect(screen.queryByTestId("instant-win-banner")).toBeNull();
  });
});

describe("the instant wins on an order in the account", () => {
  it("lists each prize the order won", () => {
    stubReads();
    renderWithApp(
      <ul>
        <OrderCard order={WON} />
      </ul>,
    );
    const wins = screen.getByRole("list", { name: "Instant wins" });
    expect(
      within(wins)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Instant win: £10 site credit (ticket #17)", "Instant win: £100 cash (ticket #42)"]);
  });

  it("says nothing of instant wins on an order without any", () => {
    stubReads();
    renderWithApp(
      <ul>
        <OrderCard order={PAID_ORDER} />
      </ul>,
    );
    expect(screen.queryByRole("list", { name: "Instant wins" })).toBeNull();
    expect(screen.queryByText(/Instant win:/)).toBeNull();
  });
});
