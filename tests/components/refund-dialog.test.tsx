// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FROZEN_NOTE, FULL_REFUND_NOTE, RefundDialog } from "../../src/client/components/admin/orders/refund-dialog";
import type { AdminOrderView } from "../../src/shared/schemas/order";
import { refusal, stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";
import { orderReference } from "../../src/shared/order-reference";

function adminOrder(over: Partial<AdminOrderView> = {}): AdminOrderView {
  return {
    id: "order-1",
    orderId: "order-1",
    reference: orderReference("order-1"),
    status: "paid",
    amount: "7.50",
    currency: "GBP",
    createdAt: "2025-11-21T14:05:00.000Z",
    lines: [
      {
        entryId: "e1",
        competitionId: "comp-1",
        competitionTitle: "Win a Tractor",
        quantity: 3,
        amount: "7.50",
        unitPrice: "2.50",
        saving: "0.00",
        discount: "0.00",
        ticketNumbers: ["1", "2", "3"],
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
    customer: { userId: "user-1", name: "Ada Lovelace", email: "ada@example.com" },
    failureReason: null,
    refunded: "0.00",
    refundable: "7.50",
    dispute: null,
    pools: [{ competitionId: "comp-1", frozen: false }],
    ...over,
  };
}

function open(order: AdminOrderView, refund: (input: unknown) => unknown = (input) => ({ ...order, ...(input as object) })) {
  const fetch = stubTrpcFetch({ "admin.orders.refund": refund, "admin.orders.get": () => order });
  const onClose = vi.fn();
  renderAt("/", { "/": <RefundDialog open order={order} onClose={onClose} /> });
  return { fetch, onClose };
}

const sent = (fetch: ReturnType<typeof stubTrpcFetch>) => {
  const call = fetch.mock.calls.find(([url]) => String(url).includes("admin.orders.refund"));
  return call ? (JSON.parse(String(call[1]?.body)) as { "0": unknown })["0"] : undefined;
};

describe("the refund dialog", () => {
  afterEach(() => {
    sonner.dismiss();
  });

  it("is prefilled with what is refundable and warns that a full refund puts the numbers back on sale", async () => {
    const user = userEvent.setup();
    open(adminOrder({ refunded: "2.50", refundable: "5.00", status: "partially_refunded" }));
    const amount = screen.getByLabelText("Amount (£)") as HTMLInputElement;
    expect(amount.value).toBe("5.00");
    expect(screen.getByText(FULL_REFUND_NOTE)).toBeTruthy();
    expect(screen.queryByText(FROZEN_NOTE)).toBeNull();

    await user.clear(amount);
    await user.type(amount, "1.50");
    expect(screen.queryByText(FULL_REFUND_NOTE)).toBeNull();

    // Empty means everything that is left.
    await user.clear(amount);
    expect(screen.getByText(FULL_REFUND_NOTE)).toBeTruthy();
  });

  it("says the tickets stay in the draw when the competition's pool is frozen", () => {
    open(adminOrder({ pools: [{ competitionId: "comp-1", frozen: true }] }));
    expect(screen.getByText(FROZEN_NOTE)).toBeTruthy();
    expect(screen.queryByText(FULL_REFUND_NOTE)).toBeNull();
  });

  it("needs a reason, then refunds in full (no amount sent), confirms and closes", async () => {
    const user = userEvent.setup();
    const { fetch, onClose } = open(adminOrder());
    await user.click(screen.getByRole("button", { name: "Refund £7.50" }));
    expect(screen.getByText("Give a reason for the refund")).toBeTruthy();
    expect(sent(fetch)).toBeUndefined();

    await user.type(screen.getByLabelText("Reason"), "Customer asked to cancel");
    await user.click(screen.getByRole("button", { name: "Refund £7.50" }));
    expect(await screen.findByText("Refund made")).toBeTruthy();
    expect(sent(fetch)).toEqual({ id: "order-1", reason: "Customer asked to cancel", idempotencyKey: expect.stringMatching(/^refund-/) });
    expect(onClose).toHaveBeenCalled();
  });

  it("sends a partial amount, and refuses more than is left before asking the server", async () => {
    const user = userEvent.setup();
    const { fetch } = open(adminOrder());
    const amount = screen.getByLabelText("Amount (£)");
    await user.type(screen.getByLabelText("Reason"), "Goodwill gesture");
    await user.clear(amount);
    await user.type(amount, "9.00");
    await user.click(screen.getByRole("button", { name: "Refund £9.00" }));
    expect(screen.getByText("At most £7.50 can still be refunded")).toBeTruthy();
    expect(sent(fetch)).toBeUndefined();

    await user.clear(amount);
    await user.type(amount, "2.5");
    await user.click(screen.getByRole("button", { name: "Refund £2.50" }));
    expect(await screen.findByText("Refund made")).toBeTruthy();
    expect(sent(fetch)).toEqual({ id: "order-1", amount: "2.5", reason: "Goodwill gesture", idempotencyKey: expect.stringMatching(/^refund-/) });
  });

  it("shows the server's reason when the refund is refused, and stays open", async () => {
    const user = userEvent.setup();
    const { onClose } = open(adminOrder(), () =>
      refusal("UNAVAILABLE", "The payment provider did not make the refund: timeout. Nothing was changed; try again."),
    );
    await user.type(screen.getByLabelText("Reason"), "Customer asked to cancel");
    await user.click(screen.getByRole("button", { name: "Refund £7.50" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The payment provider did not make the refund: timeout. Nothing was changed; try again.");
    expect(onClose).not.toHaveBeenCalled();
  });
});
