// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DashboardTiles } from "../../src/client/components/admin/dashboard/dashboard-tiles";
import { AdminWinnersPage } from "../../src/client/routes/admin/admin-winners-page";
import type { AdminClaim } from "../../src/shared/schemas/claims";
import { adminClaim as claimFactory } from "../factories/claims";
import { refusal, stubTrpcFetch, type TrpcAnswers } from "./render";
import { renderAt } from "./render-at";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** The factory's claim, as these tests knew it: drawn two days ago, prize "A compact tractor". */
const adminClaim = (overrides: Partial<AdminClaim>) =>
  claimFactory({ id: "claim-x", winnerId: "winner-x", prize: "A compact tractor", notifiedAt: ago(2 * DAY), ...overrides });

const OVERDUE = adminClaim({ id: "claim-1", overdue: true, notifiedAt: ago(3 * DAY) });
const CASH_CLAIMED = adminClaim({
  id: "claim-2",
  customerName: "Tom Hedges",
  customerEmail: "tom@hedges.test",
  userId: null,
  competitionTitle: "Win £10,000 Farm Cash",
  cashAlternative: "£9,500",
  status: "claimed",
  choice: "cash",
  phone: "07700 900123",
  address: { line1: "Home Farm", city: "Lincoln", postcode: "LN1 1AA", country: "United Kingdom" },
  deliverable: true,
  notifiedAt: ago(5 * HOUR),
  claimedAt: ago(HOUR),
});
const PRIZE_ABROAD = adminClaim({
  id: "claim-3",
  customerName: "Ana Ortiz",
  competitionTitle: "Win a Quad Bike",
  status: "claimed",
  choice: "prize",
  address: { line1: "1 Rue Verte", city: "Lyon", postcode: "69001", country: "France" },
  deliverable: false,
  notifiedAt: ago(DAY),
});
const PAID = adminClaim({ id: "claim-4", customerName: "Meg Oats", status: "fulfilled", choice: "cash", fulfilment: "paid", reference: "BACS-7781" });

function openWinners(answers: TrpcAnswers = {}) {
  const updates: unknown[] = [];
  const lists: unknown[] = [];
  stubTrpcFetch({
    "admin.winners.list": () => [],
    "admin.claims.list": (input) => {
      lists.push(input ?? null);
      const status = (input as { status?: string } | undefined)?.status;
      return [OVERDUE, CASH_CLAIMED, PRIZE_ABROAD, PAID].filter((c) => !status || c.status === status);
    },
    "admin.claims.summary": () => ({ awaitingContact: 1, overdue: 1, awaitingFulfilment: 2 }),
    "admin.claims.update": (input) => {
      updates.push(input);
      return OVERDUE;
    },
    ...answers,
  });
  renderAt("/admin/winners", { "/admin/winners": <AdminWinnersPage />, "/admin/customers/:id": <p>Customer record</p> });
  return { updates, lists };
}

const table = () => screen.getByRole("table", { name: "Prize claims" });
const row = (name: string) => within(table()).getByText(name).closest("tr")!;

describe("prize claims on /admin/winners", () => {
  it("lists each claim with its winner, state, time since the draw, choice and reference, beside the gallery", async () => {
    openWinners();
    await screen.findByRole("table", { name: "Prize claims" });
    expect(screen.getByRole("heading", { name: "Prize claims" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add Winner" })).toBeTruthy();
    expect(await screen.findByText("No winners yet")).toBeTruthy();

    const rosa = within(row("Rosa Barley"));
    expect(rosa.getByRole("link", { name: "Rosa Barley" }).getAttribute("href")).toBe("/admin/customers/user-30");
    expect(rosa.getByText("rosa@barley.test")).toBeTruthy();
    expect(rosa.getByText("Awaiting claim")).toBeTruthy();
    expect(rosa.getByText("Overdue")).toBeTruthy();
    expect(rosa.getByText("3 days ago")).toBeTruthy();
    expect(rosa.getByText("Ticket 0042")).toBeTruthy();

    const tom = within(row("Tom Hedges"));
    expect(tom.queryByRole("link", { name: "Tom Hedges" })).toBeNull();
    expect(tom.getByText("Claimed")).toBeTruthy();
    expect(tom.queryByText("Overdue")).toBeNull();
    expect(tom.getByText("5 hours ago")).toBeTruthy();
    expect(tom.getByText("Cash (£9,500)")).toBeTruthy();

    expect(within(row("Ana Ortiz")).getByText("Outside free delivery: arrange")).toBeTruthy();
    const meg = within(row("Meg Oats"));
    expect(meg.getByText("Paid")).toBeTruthy();
    expect(meg.getByText("BACS-7781")).toBeTruthy();
    expect(meg.queryByRole("button")).toBeNull();
  });

  it("records contact with a winner who has not claimed, and needs a note to do it", async () => {
    const user = userEvent.setup();
    const { updates } = openWinners();
    await screen.findByRole("table", { name: "Prize claims" });
    expect(within(row("Rosa Barley")).queryByRole("button", { name: /Mark/ })).toBeNull();
    await user.click(within(row("Rosa Barley")).getByRole("button", { name: "Record contact for Rosa Barley" }));

    const dialog = await screen.findByRole("dialog", { name: "Record contact" });
    await user.click(within(dialog).getByRole("button", { name: "Record contact" }));
    expect(within(dialog).getByText("Say how you reached the winner")).toBeTruthy();
    expect(updates).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("How you reached them"), "Phoned, she will claim tonight");
    await user.click(within(dialog).getByRole("button", { name: "Record contact" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(updates).toEqual([{ id: "claim-1", status: "notified", note: "Phoned, she will claim tonight" }]);
  });

  it("marks a cash claim paid and a prize claim delivered, each with its reference", async () => {
    const user = userEvent.setup();
    const { updates } = openWinners();
    await screen.findByRole("table", { name: "Prize claims" });

    await user.click(within(row("Tom Hedges")).getByRole("button", { name: "Mark paid for Tom Hedges" }));
    let dialog = await screen.findByRole("dialog", { name: "Mark paid" });
    await user.click(within(dialog).getByRole("button", { name: "Mark paid" }));
    expect(within(dialog).getByText("Add the payment reference")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Payment reference"), "BACS-9911");
    await user.click(within(dialog).getByRole("button", { name: "Mark paid" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(within(row("Ana Ortiz")).getByRole("button", { name: "Mark delivered for Ana Ortiz" }));
    dialog = await screen.findByRole("dialog", { name: "Mark delivered" });
    await user.type(within(dialog).getByLabelText("Carrier reference"), "DPD 1550");
    await user.click(within(dialog).getByRole("button", { name: "Mark delivered" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    expect(updates).toEqual([
      { id: "claim-2", status: "fulfilled", reference: "BACS-9911" },
      { id: "claim-3", status: "fulfilled", reference: "DPD 1550" },
    ]);
  });

  it("expires a claim with a reason, and shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    const { updates } = openWinners({
      "admin.claims.update": (input) => {
        updates.push(input);
        return refusal("INVALID_STATE", "A claim that is fulfilled cannot be marked expired.");
      },
    });
    await screen.findByRole("table", { name: "Prize claims" });
    await user.click(within(row("Tom Hedges")).getByRole("button", { name: "Expire for Tom Hedges" }));
    const dialog = await screen.findByRole("dialog", { name: "Expire claim" });
    await user.type(within(dialog).getByLabelText("Reason"), "Winner asked to withdraw");
    await user.click(within(dialog).getByRole("button", { name: "Expire claim" }));

    expect((await within(dialog).findByRole("alert")).textContent).toBe("A claim that is fulfilled cannot be marked expired.");
    expect(screen.getByRole("dialog", { name: "Expire claim" })).toBeTruthy();
    expect(updates).toEqual([{ id: "claim-2", status: "expired", note: "Winner asked to withdraw" }]);
  });

  it("filters by status", async () => {
    const user = userEvent.setup();
    const { lists } = openWinners();
    await screen.findByRole("table", { name: "Prize claims" });
    await user.selectOptions(screen.getByLabelText("Show"), "Claimed (to deliver or pay)");
    await waitFor(() => expect(within(table()).queryByText("Rosa Barley")).toBeNull());
    expect(within(table()).getByText("Tom Hedges")).toBeTruthy();
    expect(lists).toContainEqual({ status: "claimed" });
  });
});

describe("the dashboard's Prize Claims tile", () => {
  it("counts winners awaiting contact (with the overdue) and claims awaiting fulfilment, and links to the claims", async () => {
    stubTrpcFetch({ "admin.claims.summary": () => ({ awaitingContact: 3, overdue: 1, awaitingFulfilment: 2 }) });
    const figures = {
      totalEntries: 10,
      paidEntries: 8,
      pendingEntries: 2,
      totalRevenue: "25.00",
      activeCompetitions: 2,
      closedCompetitions: 1,
      totalWinners: 4,
      creditOwed: { total: "0.00", customerCount: 0, customers: [] },
    };
    renderAt("/admin", { "/admin": <DashboardTiles figures={figures} /> });
    const tile = await screen.findByRole("link", { name: /Prize Claims/ });
    expect(tile.getAttribute("href")).toBe("/admin/winners");
    await waitFor(() => expect(within(tile).getByText("3")).toBeTruthy());
    expect(within(tile).getByText(/1 overdue/)).toBeTruthy();
    expect(within(tile).getByText("2")).toBeTruthy();
    for (const label of ["Total Entries", "Total Revenue", "Active Competitions", "Total Winners"]) expect(screen.getByText(label)).toBeTruthy();
  });
});

describe("the dashboard's site credit owed", () => {
  const figures = (creditOwed: { total: string; customerCount: number; customers: Array<{ id: string; email: string; owed: string }> }) => ({
    totalEntries: 10,
    paidEntries: 8,
    pendingEntries: 2,
    totalRevenue: "25.00",
    activeCompetitions: 2,
    closedCompetitions: 1,
    totalWinners: 4,
    creditOwed,
  });

  it("says how much is owed and links each customer who owes it to their record", async () => {
    stubTrpcFetch({ "admin.claims.summary": () => ({ awaitingContact: 0, overdue: 0, awaitingFulfilment: 0 }) });
    renderAt("/admin", {
      "/admin": (
        <DashboardTiles figures={figures({ total: "7.50", customerCount: 1, customers: [{ id: "cust-9", email: "nia@example.test", owed: "7.50" }] })} />
      ),
    });
    const owed = await screen.findByTestId("credit-owed");
    expect(within(owed).getByRole("heading").textContent).toBe("Site credit owed: £7.50");
    const link = within(owed).getByRole("link", { name: "nia@example.test" });
    expect(link.getAttribute("href")).toBe("/admin/customers/cust-9");
    expect(link.parentElement!.textContent).toBe("nia@example.test owes £7.50");
  });

  it("is not shown when nobody owes anything", async () => {
    stubTrpcFetch({ "admin.claims.summary": () => ({ awaitingContact: 0, overdue: 0, awaitingFulfilment: 0 }) });
    renderAt("/admin", { "/admin": <DashboardTiles figures={figures({ total: "0.00", customerCount: 0, customers: [] })} /> });
    await screen.findByRole("link", { name: /Prize Claims/ });
    expect(screen.queryByTestId("credit-owed")).toBeNull();
  });
});
