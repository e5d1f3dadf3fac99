// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OrderCard } from "../../src/client/components/account/order-card";
import { CustomerOrders } from "../../src/client/components/admin/customers/customer-orders";
import { CustomerAndPayment, OrderSummaryCard } from "../../src/client/components/admin/orders/order-details";
import { OrderRefunds } from "../../src/client/components/admin/orders/order-lines";
import { RefundDialog } from "../../src/client/components/admin/orders/refund-dialog";
import { OrderConfirmation } from "../../src/client/components/checkout/order-confirmation";
import { PaymentSuccess } from "../../src/client/components/checkout/payment-success";
import type { AdminOrderView, OrderView } from "../../src/shared/schemas/order";
import { renderWithApp, stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";
import { orderReference } from "../../src/shared/order-reference";

const VISA = { provider: "simulated", brand: "visa", last4: "4242", funding: "debit" };

function order(over: Partial<OrderView> = {}): OrderView {
  return {
    id: "order-0000-0001",
    orderId: "order-0000-0001",
    reference: orderReference("order-0000-0001"),
    status: "paid",
    amount: "5.00",
    currency: "GBP",
    createdAt: "2025-11-21T14:05:00.000Z",
    lines: [
      {
        entryId: "entry-1",
        competitionId: "comp-1",
        competitionTitle: "Win a Tractor",
        quantity: 2,
        amount: "5.00",
        unitPrice: "2.50",
        saving: "0.00",
        discount: "0.00",
        ticketNumbers: ["0007", "0042"],
        status: "paid",
      },
    ],
    creditUsed: "0.00",
    discount: "0.00",
    discountCode: null,
    payment: VISA,
    refunds: [],
    nextAction: null,
    instantWins: [],
    ...over,
  };
}

function adminOrder(over: Partial<AdminOrderView> = {}): AdminOrderView {
  return {
    ...order(),
    customer: { userId: "user-1", name: "Ada Lovelace", email: "ada@example.com" },
    failureReason: null,
    refunded: "0.00",
    refundable: "5.00",
    dispute: null,
    pools: [{ competitionId: "comp-1", frozen: false }],
    ...over,
  };
}

const PART_CREDIT = { creditUsed: "3.00", payment: VISA } satisfies Partial<OrderView>;
const CREDIT_ONLY = { creditUsed: "5.00", payment: null } satisfies Partial<OrderView>;

/** What a definition list row reads: its term, then its value. */
const row = (term: string, scope: HTMLElement = document.body) => {
  const dt = within(scope).getByText(term, { selector: "dt" });
  return `${dt.textContent} ${dt.nextElementSibling?.textContent}`;
};
const noTerm = (term: string) => expect(screen.queryByText(term, { selector: "dt" })).toBeNull();

function renderCard(o: OrderView) {
  stubTrpcFetch({ "public.auth.session": () => null });
  renderWithApp(
    <ul>
      <OrderCard order={o} />
    </ul>,
  );
}

describe("the account's order card", () => {
  it("shows the site credit used and what the card paid for a part-credit order", () => {
    renderCard(order(PART_CREDIT));
    expect(row("Total")).toBe("Total £5.00");
    expect(row("Site credit used")).toBe("Site credit used −£3.00");
    expect(row("Paid by card")).toBe("Paid by card £2.00");
    expect(row("Paid with")).toBe("Paid with Visa •••• 4242");
  });

  it("says site credit paid it all when no card was needed", () => {
    renderCard(order(CREDIT_ONLY));
    expect(row("Site credit used")).toBe("Site credit used −£5.00");
    expect(row("Paid with")).toBe("Paid with Site credit");
    noTerm("Paid by card");
    expect(screen.queryByText(/••••/)).toBeNull();
  });

  it("shows no credit lines for a card-only order", () => {
    renderCard(order());
    expect(row("Paid with")).toBe("Paid with Visa •••• 4242");
    noTerm("Site credit used");
    noTerm("Paid by card");
    expect(screen.queryByText(/site credit/i)).toBeNull();
  });

  it("says where each refund went: the card's in the usual words, site credit's as returned to site credit", () => {
    renderCard(
      order({
        ...PART_CREDIT,
        status: "refunded",
        refunds: [
          { amount: "2.00", reason: "Customer asked to cancel", at: "2025-11-22T09:30:00.000Z", to: "card" },
          { amount: "3.00", reason: "Customer asked to cancel", at: "2025-11-22T09:30:00.000Z", to: "site_credit" },
        ],
      }),
    );
    const items = within(screen.getByRole("region", { name: "Refunds" })).getAllByRole("listitem");
    expect(within(items[0]!).getByText("£2.00 refunded")).toBeTruthy();
    expect(within(items[1]!).getByText("£3.00 returned to site credit")).toBeTruthy();
  });
});

function renderAdmin(o: AdminOrderView) {
  stubTrpcFetch({});
  renderWithApp(
    <>
      <OrderSummaryCard order={o} />
      <CustomerAndPayment order={o} />
      <OrderRefunds refunds={o.refunds} />
    </>,
  );
}

describe("the admin order page", () => {
  it("splits a part-credit order into site credit and card", () => {
    renderAdmin(adminOrder(PART_CREDIT));
    expect(row("Amount")).toBe("Amount £5.00");
    expect(row("Site credit")).toBe("Site credit £3.00");
    expect(screen.getAllByText("Card", { selector: "dt" }).map((dt) => dt.nextElementSibling?.textContent)).toEqual(["£2.00", "Visa •••• 4242"]);
  });

  it("says a credit-only order was paid with site credit and no card was charged", () => {
    renderAdmin(adminOrder(CREDIT_ONLY));
    expect(row("Site credit")).toBe("Site credit £5.00");
    noTerm("Card");
    expect(screen.getByText("Paid with site credit: no card was charged.")).toBeTruthy();
    expect(screen.queryByText("No card payment was recorded for this order.")).toBeNull();
  });

  it("shows no credit facts for a card-only order", () => {
    renderAdmin(adminOrder());
    noTerm("Site credit");
    expect(screen.getAllByText("Card", { selector: "dt" })).toHaveLength(1);
    expect(screen.queryByText(/site credit/i)).toBeNull();
  });

  it("lists each refund with where it went", () => {
    renderAdmin(
      adminOrder({
        ...PART_CREDIT,
        status: "partially_refunded",
        refunded: "4.00",
        refundable: "1.00",
        refunds: [
          { amount: "2.00", reason: "Late delivery", at: "2025-11-22T09:30:00.000Z", to: "card" },
          { amount: "2.00", reason: "Late delivery", at: "2025-11-22T09:30:00.000Z", to: "site_credit" },
        ],
      }),
    );
    const refunds = screen.getByRole("heading", { name: "Refunds" }).parentElement!;
    expect(
      within(refunds)
        .getAllByRole("listitem")
        .map((li) => li.querySelector("span")?.textContent),
    ).toEqual(["£2.00 refunded to card", "£2.00 returned to site credit"]);
  });
});

describe("the admin customer's orders", () => {
  it("mentions the site credit used beside the total, and where a refund went", () => {
    stubTrpcFetch({});
    renderWithApp(
      <CustomerOrders
        orders={[
          order({
            ...PART_CREDIT,
            id: "order-credit",
            status: "partially_refunded",
            refunds: [{ amount: "1.00", reason: "Goodwill gesture", at: "2025-11-22T09:30:00.000Z", to: "site_credit" }],
          }),
          order({ id: "order-card" }),
        ]}
      />,
    );
    const [credit, card] = screen.getAllByRole("listitem").filter((li) => li.parentElement?.getAttribute("aria-label") !== "Refunds");
    expect(within(credit!).getByText("incl. £3.00 site credit")).toBeTruthy();
    expect(within(credit!).getByText("£1.00 returned to site credit")).toBeTruthy();
    expect(within(card!).queryByText(/site credit/)).toBeNull();
  });
});

function openRefund(o: AdminOrderView) {
  stubTrpcFetch({ "admin.orders.refund": () => o, "admin.orders.get": () => o });
  renderAt("/", { "/": <RefundDialog open order={o} onClose={() => undefined} /> });
}

describe("the refund dialog on an order site credit paid part of", () => {
  it("says the card gets its part back first, less its refunds so far, and the rest goes to site credit", () => {
    openRefund(
      adminOrder({
        ...PART_CREDIT,
        status: "partially_refunded",
        refunded: "0.50",
        refundable: "4.50",
        refunds: [{ amount: "0.50", reason: "Goodwill gesture", at: "2025-11-22T09:30:00.000Z", to: "card" }],
      }),
    );
    expect(
      screen.getByText("The card gets its part back first (up to £1.50); anything more goes back to the customer's site credit, never to a card."),
    ).toBeTruthy();
    expect(screen.getByText("Up to £4.50 can still be refunded to Ada Lovelace.")).toBeTruthy();
  });

  it("says all of it goes to site credit when no card paid", () => {
    openRefund(adminOrder(CREDIT_ONLY));
    expect(screen.getByText("Nothing is left to go back to a card: the refund goes back to the customer's site credit, never to a card.")).toBeTruthy();
  });

  it("says nothing of site credit on a card-only order", () => {
    openRefund(adminOrder());
    expect(screen.queryByText(/site credit/)).toBeNull();
    expect(screen.getByText("Up to £5.00 can still be refunded to Ada Lovelace's card.")).toBeTruthy();
  });
});

describe("the checkout's success receipt", () => {
  const success = async (o: OrderView, multi = false) => {
    const fetch = stubTrpcFetch({ "public.auth.session": () => null, "customer.entries.list": () => [] });
    renderWithApp(multi ? <OrderConfirmation result={o} /> : <PaymentSuccess result={o} />);
    // Let the receipt's own reads (the session, the entries) be answered before the test ends.
    await waitFor(() => expect(fetch).toHaveBeenCalled());
  };

  it("shows the site credit used and the card's part after a direct checkout", async () => {
    await success(order(PART_CREDIT));
    expect(row("Site credit used")).toBe("Site credit used −£3.00");
    expect(row("Paid by card")).toBe("Paid by card £2.00");
  });

  it("says site credit paid it all after a cart checkout", async () => {
    await success(order(CREDIT_ONLY), true);
    expect(row("Site credit used")).toBe("Site credit used −£5.00");
    expect(row("Paid with")).toBe("Paid with Site credit");
  });

  it("shows no credit lines for a card-only order", async () => {
    await success(order());
    noTerm("Site credit used");
    expect(screen.queryByText(/site credit/i)).toBeNull();
  });
});
