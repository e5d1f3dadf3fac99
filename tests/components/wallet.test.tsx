// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AccountTabs } from "../../src/client/components/account/account-tabs";
import { SiteCreditTab } from "../../src/client/components/account/site-credit-tab";
import type { WalletView } from "../../src/shared/schemas/wallet";
import { renderWithApp, stubTrpcFetch } from "./render";
import { customer } from "./users";

const TERMS = "Site credit can be used on any competition and cannot be withdrawn as cash.";

/** £10 won, £2.50 spent: a £7.50 balance, newest first as the server sends it. */
const WALLET: WalletView = {
  balance: "7.50",
  owed: "0.00",
  entries: [
    { amount: "-2.50", kind: "spend", reference: "order-1", note: null, at: "2025-11-22T09:30:00.000Z", expiresAt: null },
    {
      amount: "10.00",
      kind: "prize",
      reference: "unit-1",
      note: '£10 site credit: ticket 42 in "Win a Tractor"',
      at: "2025-11-21T14:05:00.000Z",
      expiresAt: null,
    },
  ],
};

function renderWallet(answer: () => unknown) {
  const fetch = stubTrpcFetch({ "customer.wallet.get": answer });
  renderWithApp(<SiteCreditTab />);
  return fetch;
}

describe("Site credit", () => {
  it("shows the balance, what credit is for, and the history with signed amounts, newest first", async () => {
    renderWallet(() => WALLET);
    const balance = await screen.findByTestId("wallet-balance");
    expect(balance.textContent).toBe("£7.50");
    expect(screen.getByText(TERMS)).toBeTruthy();

    const rows = within(screen.getByRole("list", { name: "Site credit history" })).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText("Spent on entries")).toBeTruthy();
    expect(within(rows[0]!).getByText("−£2.50")).toBeTruthy();
    expect(within(rows[0]!).getByText("22 Nov 2025", { exact: false })).toBeTruthy();
    expect(within(rows[1]!).getByText('£10 site credit: ticket 42 in "Win a Tractor"')).toBeTruthy();
    expect(within(rows[1]!).getByText("+£10.00")).toBeTruthy();
    expect(within(rows[1]!).getByText("21 Nov 2025", { exact: false })).toBeTruthy();
  });

  it("shows when credit lapses and the credit that lapsed unspent", async () => {
    renderWallet(() => ({
      balance: "0.00",
      owed: "0.00",
      entries: [
        { amount: "-6.00", kind: "expiry", reference: null, note: "Unspent credit lapsed", at: "2026-01-20T09:00:00.000Z", expiresAt: null },
        {
          amount: "10.00",
          kind: "goodwill",
          reference: "staff:a",
          note: "Sorry for the wait",
          at: "2025-12-21T09:00:00.000Z",
          expiresAt: "2026-01-20T09:00:00.000Z",
        },
      ],
    }));
    const rows = within(await screen.findByRole("list", { name: "Site credit history" })).getAllByRole("listitem");
    expect(within(rows[0]!).getByText("Unspent credit lapsed")).toBeTruthy();
    expect(within(rows[0]!).getByText("−£6.00")).toBeTruthy();
    expect(within(rows[0]!).queryByTestId("wallet-entry-expiry")).toBeNull();
    expect(within(rows[1]!).getByTestId("wallet-entry-expiry").textContent).toMatch(/^Unspent credit from this lapses on 20 Jan 2026/);
  });

  it("says what is owed when a prize was taken back after it was spent", async () => {
    renderWallet(() => ({
      balance: "0.00",
      owed: "2.50",
      entries: [
        { amount: "-2.50", kind: "owed", reference: "unit-1", note: null, at: "2026-01-20T09:00:00.000Z", expiresAt: null },
        { amount: "-2.50", kind: "reversal", reference: "unit-1", note: null, at: "2026-01-20T09:00:00.000Z", expiresAt: null },
      ],
    }));
    expect((await screen.findByTestId("wallet-balance")).textContent).toBe("£0.00");
    expect(screen.getByTestId("wallet-owed").textContent).toMatch(/^You owe £2\.50 of prize or referral credit .* It comes out of your next credit\.$/);
    const rows = within(screen.getByRole("list", { name: "Site credit history" })).getAllByRole("listitem");
    expect(rows.map((r) => within(r).getByText(/^(Prize|Spent)/).textContent)).toEqual(["Prize already spent: owed", "Prize taken back"]);
  });

  it("shows a zero balance and says where credit will appear when there is none yet", async () => {
    renderWallet(() => ({ balance: "0.00", owed: "0.00", entries: [] }));
    expect((await screen.findByTestId("wallet-balance")).textContent).toBe("£0.00");
    expect(screen.getByText(TERMS)).toBeTruthy();
    expect(screen.getByTestId("wallet-empty").textContent).toMatch(/^No site credit yet/);
    expect(screen.queryByRole("list", { name: "Site credit history" })).toBeNull();
  });

  it("offers to try again when the wallet cannot be read", async () => {
    let fail = true;
    renderWallet(() => {
      if (fail) throw new Error("down");
      return WALLET;
    });
    const retry = await screen.findByRole("button", { name: "Try Again" }, { timeout: 5000 });
    expect(screen.getByText("We couldn't load your site credit. Please try again.")).toBeTruthy();
    fail = false;
    await userEvent.setup().click(retry);
    expect((await screen.findByTestId("wallet-balance")).textContent).toBe("£7.50");
  });

  it("has its own account tab, read only when it is opened", async () => {
    const user = userEvent.setup();
    const fetch = stubTrpcFetch({ "public.auth.session": () => null, "customer.wallet.get": () => WALLET });
    const loaded = { isPending: false, error: null, refetch: () => {} };
    renderWithApp(<AccountTabs user={customer()} wins={{ ...loaded, data: [] }} />);
    const walletCalls = () => fetch.mock.calls.filter(([url]) => String(url).includes("customer.wallet.get")).length;
    expect(walletCalls()).toBe(0);

    await user.click(screen.getByRole("tab", { name: "Site Credit" }));
    expect((await screen.findByTestId("wallet-balance")).textContent).toBe("£7.50");
    await waitFor(() => expect(walletCalls()).toBe(1));
  });
});
