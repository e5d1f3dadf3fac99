// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AccountTabs } from "../../src/client/components/account/account-tabs";
import { OrdersTab } from "../../src/client/components/account/orders-tab";
import type { AuthUser } from "../../src/shared/schemas/auth";
import type { OrderView } from "../../src/shared/schemas/order";
import { renderWithApp, stubTrpcFetch } from "./render";
import { customer } from "./users";
import { orderReference } from "../../src/shared/order-reference";

const ORDER_ID = "0197a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

function order(overrides: Partial<OrderView> = {}): OrderView {
  const id = overrides.id ?? ORDER_ID;
  return {
    id,
    orderId: id,
    reference: orderReference(id),
    status: "paid",
    amount: "7.50",
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
      {
        entryId: "entry-2",
        competitionId: "comp-2",
        competitionTitle: "Farm Hamper",
        quantity: 1,
        amount: "2.50",
        unitPrice: "2.50",
        saving: "0.00",
        discount: "0.00",
        ticketNumbers: ["0101"],
        status: "paid",
      },
    ],
    creditUsed: "0.00",
    discount: "0.00",
    discountCode: null,
    payment: { provider: "simulated", brand: "visa", last4: "4242", funding: "debit" },
    refunds: [],
    nextAction: null,
    instantWins: [],
    ...overrides,
  };
}

const USER: AuthUser = customer();

async function renderOrders(orders: () => unknown) {
  const fetch = stubTrpcFetch({ "public.auth.session": () => null, "customer.orders.list": orders });
  renderWithApp(<OrdersTab />);
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  return fetch;
}

const receipt = (name: string) => screen.getByRole("listitem", { name });

describe("Orders tab", () => {
  it("shows each receipt: its one reference (never the long id), date, lines with ticket numbers, total, card and status", async () => {
    await renderOrders(() => [order()]);
    const card = await screen.findByRole("listitem", { name: "Order #2E3F4A5B" });
    const inCard = within(card);

    expect(inCard.getByRole("heading", { name: "Order #2E3F4A5B" })).toBeTruthy();
    expect(inCard.getByText("2E3F4A5B")).toBeTruthy();
    expect(inCard.queryByText(ORDER_ID)).toBeNull();
    expect(inCard.getByText("21 Nov 2025", { exact: false })).toBeTruthy();
    expect(inCard.getByText("Paid")).toBeTruthy();

    const tractor = inCard.getByRole("link", { name: "Win a Tractor" }).closest("li")!;
    expect(within(tractor).getByText("2 tickets")).toBeTruthy();
    expect(within(tractor).getByText("£5.00")).toBeTruthy();
    const numbers = within(tractor).getByRole("list", { name: "Ticket numbers for Win a Tractor" });
    expect(
      within(numbers)
        .getAllByTestId("ticket-number")
        .map((n) => n.textContent),
    ).toEqual(["0007", "0042"]);

    const hamper = inCard.getByRole("link", { name: "Farm Hamper" }).closest("li")!;
    expect(within(hamper).getByText("1 ticket")).toBeTruthy();
    expect(inCard.getByRole("link", { name: "Farm Hamper" }).getAttribute("href")).toBe("/competition/comp-2");

    expect(inCard.getByText("Total").nextElementSibling?.textContent).toBe("£7.50");
    expect(inCard.getByText("Visa •••• 4242")).toBeTruthy();
    expect(inCard.queryByRole("region", { name: "Refunds" })).toBeNull();
  });

  it("names every status in words", async () => {
    const statuses: Array<[OrderView["status"], string]> = [
      ["paid", "Paid"],
      ["pending", "Pending"],
      ["requires_action", "Awaiting authentication"],
      ["failed", "Failed"],
      ["refunded", "Refunded"],
      ["partially_refunded", "Partially refunded"],
      ["disputed", "Disputed"],
    ];
    await renderOrders(() => statuses.map(([status], i) => order({ id: `order-0000000${i}`, status })));
    await screen.findByRole("list", { name: "Your orders" });
    statuses.forEach(([, label], i) => {
      expect(within(receipt(`Order #0000000${i}`)).getByText(label)).toBeTruthy();
    });
  });

  it("lists refunds with amount, reason and date, and says why refunded tickets have no numbers", async () => {
    await renderOrders(() => [
      order({
        status: "refunded",
        lines: [
          {
            entryId: "e",
            competitionId: "comp-1",
            competitionTitle: "Win a Tractor",
            quantity: 2,
            amount: "5.00",
            unitPrice: "2.50",
            saving: "0.00",
            discount: "0.00",
            ticketNumbers: [],
            status: "refunded",
          },
        ],
        amount: "5.00",
        refunds: [
          { amount: "1.00", reason: "Goodwill gesture", at: "2025-11-22T09:30:00.000Z", to: "card" },
          { amount: "4.00", reason: "Customer asked to cancel", at: "2025-11-23T10:00:00.000Z", to: "card" },
        ],
      }),
    ]);
    const refunds = await screen.findByRole("region", { name: "Refunds" });
    const items = within(refunds).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText("£1.00 refunded")).toBeTruthy();
    expect(within(items[0]!).getByText("Goodwill gesture")).toBeTruthy();
    expect(within(items[0]!).getByText("22 Nov 2025", { exact: false })).toBeTruthy();
    expect(within(items[1]!).getByText("£4.00 refunded")).toBeTruthy();
    expect(screen.getByText("Refunded: these tickets were taken out of the draw.")).toBeTruthy();
    expect(screen.queryByTestId("ticket-number")).toBeNull();
  });

  it("tells a buyer awaiting authentication that numbers come once the payment is confirmed, and shows no card it does not know", async () => {
    await renderOrders(() => [
      order({
        status: "requires_action",
        payment: null,
        lines: [
          {
            entryId: "e",
            competitionId: "comp-1",
            competitionTitle: "Win a Tractor",
            quantity: 1,
            amount: "2.50",
            unitPrice: "2.50",
            saving: "0.00",
            discount: "0.00",
            ticketNumbers: [],
            status: "pending",
          },
        ],
      }),
    ]);
    expect(await screen.findByText("Awaiting authentication")).toBeTruthy();
    expect(screen.getByText("Your ticket numbers appear once the payment is confirmed.")).toBeTruthy();
    expect(screen.queryByText("Paid with")).toBeNull();
  });

  it("copies the order reference, as the mails quote it", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
    await renderOrders(() => [order()]);
    await user.click(await screen.findByRole("button", { name: "Copy order reference" }));
    expect(writeText).toHaveBeenCalledWith("2E3F4A5B");
    expect(await screen.findByRole("button", { name: "order reference copied" })).toBeTruthy();
  });

  it("has an empty state with a way to the competitions", async () => {
    await renderOrders(() => []);
    expect(await screen.findByRole("heading", { name: "No orders yet" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Browse competitions" }).getAttribute("href")).toBe("/competitions");
  });

  it("offers a retry when the orders could not be loaded", async () => {
    const user = userEvent.setup();
    const fetch = stubTrpcFetch({ "public.auth.session": () => null, "customer.orders.list": () => [] });
    // The first read fails (the server is down); the retry answers an empty list.
    fetch.mockImplementationOnce(async () => new Response("oops", { status: 500 }));
    renderWithApp(<OrdersTab />);
    expect(await screen.findByText("We couldn't load your orders. Please try again.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "No orders yet" })).toBeTruthy();
  });
});

describe("Orders tab of a long-time customer", () => {
  it("asks for a page of 10, says how many of how many are shown, and Show more adds the next page below", async () => {
    const user = userEvent.setup();
    const idOf = (n: number) => `0197a1b2-c3d4-7e5f-8a9b-${String(n).padStart(12, "0")}`;
    const asked: unknown[] = [];
    const fetch = await renderOrders((input?: unknown) => {
      asked.push(input);
      const { page, pageSize } = input as { page: number; pageSize: number };
      const from = (page - 1) * pageSize;
      return { items: Array.from({ length: Math.min(pageSize, 23 - from) }, (_, i) => order({ id: idOf(from + i + 1) })), page, pageSize, total: 23 };
    });
    expect(await screen.findByText("Showing 10 of 23 orders")).toBeTruthy();
    expect(asked[0]).toEqual({ page: 1, pageSize: 10 });
    const list = screen.getByRole("list", { name: "Your orders" });
    expect(within(list).getAllByRole("listitem", { name: /^Order #/ })).toHaveLength(10);
    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByText("Showing 20 of 23 orders")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByRole("listitem", { name: `Order #${orderReference(idOf(23))}` })).toBeTruthy();
    expect(screen.getByText("Showing 23 of 23 orders")).toBeTruthy();
    expect(within(list).getAllByRole("listitem", { name: /^Order #/ })).toHaveLength(23);
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
    expect(fetch).toHaveBeenCalled();
  });
});

describe("Account tabs", () => {
  it("keep their four labels, add Orders, and load the receipts only when Orders is opened", async () => {
    const user = userEvent.setup();
    const fetch = stubTrpcFetch({ "public.auth.session": () => null, "customer.orders.list": () => [order()] });
    const loaded = { isPending: false, error: null, refetch: () => {} };
    renderWithApp(<AccountTabs user={USER} wins={{ ...loaded, data: [] }} />);

    const tabs = screen.getAllByRole("tab").map((t) => t.textContent);
    expect(tabs).toEqual(["My Entries", "My Wins", "Orders", "Site Credit", "Refer a Friend", "Profile", "Spending Limits"]);
    expect(screen.getByRole("tab", { name: "My Entries" }).getAttribute("aria-selected")).toBe("true");
    const ordersCalls = () => fetch.mock.calls.filter(([url]) => String(url).includes("customer.orders.list")).length;
    expect(ordersCalls()).toBe(0);

    await user.click(screen.getByRole("tab", { name: "Orders" }));
    expect(await screen.findByRole("listitem", { name: "Order #2E3F4A5B" })).toBeTruthy();
    expect(ordersCalls()).toBe(1);
  });
});
