// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CustomerCredit } from "../../src/client/components/admin/customers/customer-credit";
import { renderWithApp, stubTrpcFetch } from "./render";

const WALLET = {
  balance: "12.50",
  entries: [
    { amount: "-2.50", kind: "spend", reference: "order-1", note: null, at: "2026-11-20T10:00:00.000Z" },
    { amount: "15.00", kind: "prize", reference: "unit-1", note: '£15 site credit: ticket 17 in "Farm Quad"', at: "2026-11-19T10:00:00.000Z" },
  ],
};

describe("the customer record's site credit", () => {
  it("shows the balance and the ledger with signed amounts, and adds goodwill credit with the reason", async () => {
    const fetch = stubTrpcFetch({
      "admin.customers.wallet": () => WALLET,
      "admin.customers.addCredit": () => ({
        balance: "17.50",
        entries: [{ amount: "5.00", kind: "goodwill", reference: null, note: "Late delivery", at: "2026-11-21T10:00:00.000Z" }, ...WALLET.entries],
      }),
    });
    renderWithApp(<CustomerCredit customerId="cust-1" />);
    expect(await screen.findByText("£12.50")).toBeTruthy();
    expect(screen.getByText("−£2.50")).toBeTruthy();
    expect(screen.getByText("+£15.00")).toBeTruthy();
    const user = userEvent.setup();
    // The reason is required, in the schema's words, before anything is sent.
    await user.type(screen.getByLabelText("Goodwill credit (£)"), "5.00");
    await user.click(screen.getByRole("button", { name: "Add credit" }));
    expect(await screen.findByText("Give the reason")).toBeTruthy();
    await user.type(screen.getByLabelText("Reason"), "Late delivery");
    await user.click(screen.getByRole("button", { name: "Add credit" }));
    await waitFor(() => expect(screen.getByTestId("admin-wallet-balance").textContent).toBe("£17.50"));
    const sent = fetch.mock.calls.filter(([url]) => String(url).includes("admin.customers.addCredit")).map(([, init]) => JSON.parse(String(init?.body))["0"]);
    expect(sent).toEqual([{ id: "cust-1", amount: "5.00", reason: "Late delivery" }]);
  });

  it("shows what the customer owes, and the ledger rows that took a void prize back", async () => {
    stubTrpcFetch({
      "admin.customers.wallet": () => ({
        balance: "0.00",
        owed: "4.00",
        entries: [
          { amount: "-4.00", kind: "owed", reference: "unit-1", note: null, at: "2026-11-22T10:00:00.000Z", expiresAt: null },
          { amount: "-11.00", kind: "reversal", reference: "unit-1", note: null, at: "2026-11-22T10:00:00.000Z", expiresAt: null },
          ...WALLET.entries,
        ],
      }),
    });
    renderWithApp(<CustomerCredit customerId="cust-1" />);
    expect((await screen.findByTestId("admin-wallet-owed")).textContent).toBe("Owes £4.00");
    expect(screen.getByText("Prize taken back")).toBeTruthy();
    expect(screen.getByText("Prize already spent: owed")).toBeTruthy();
    expect(screen.getByText("−£11.00")).toBeTruthy();
  });
});
