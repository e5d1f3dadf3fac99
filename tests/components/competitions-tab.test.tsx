// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CompetitionsTab } from "../../src/client/components/admin/dashboard/competitions-tab";
import type { AdminCompetition } from "../../src/shared/schemas/admin";
import { publicCompetition } from "../factories/public-competition";
import { refusal, renderWithApp, stubTrpcFetch, type TrpcAnswers } from "./render";

/** A storefront competition (the shared factory) as the dashboard reads it: open, 120 of 2,000 sold, drawn live. */
function competition(overrides: Partial<AdminCompetition> = {}): AdminCompetition {
  return {
    ...publicCompetition({
      title: "Win a Compact Tractor",
      category: "Farm Equipment",
      price: "4.99",
      endDate: "2030-12-02T18:00:00.000Z",
      drawDate: "2030-12-02T20:00:00.000Z",
      maxTickets: 2000,
      soldTickets: 120,
      drawMode: "live",
    }),
    heldTickets: 0,
    qualifyingAnswer: null,
    revenue: "598.80",
    paidEntries: 40,
    poolFrozen: false,
    reopenBlockedReason: null,
    instantPrizes: [],
    instantWinnersInDraw: true,
    ...overrides,
  };
}

const FROZEN_REASON = "The draw pool is frozen for the draw, so sales cannot reopen.";
const LIST = [
  competition(),
  competition({ id: "comp-2", title: "Centre-Pivot Irrigation", status: "closed" }),
  competition({ id: "comp-3", title: "Farm Quad Bike", status: "closed", poolFrozen: true, reopenBlockedReason: FROZEN_REASON }),
];

function renderTab(answers: TrpcAnswers = {}) {
  const updates: unknown[] = [];
  const fetch = stubTrpcFetch({
    "admin.competitions.list": () => LIST,
    "admin.competitions.update": (input) => {
      updates.push(input);
      return competition({ status: "closed" });
    },
    ...answers,
  });
  renderWithApp(<CompetitionsTab />);
  return { fetch, updates };
}

const row = async (title: string) => (await screen.findByText(title)).closest("tr")!;

describe("CompetitionsTab", () => {
  it("asks before closing, says what closing does, and closes only when confirmed", async () => {
    const { updates } = renderTab();
    const user = userEvent.setup();
    await user.click(within(await row("Win a Compact Tractor")).getByRole("button", { name: "Close Win a Compact Tractor" }));

    const dialog = await screen.findByRole("dialog", { name: "Close this competition?" });
    expect(dialog.textContent).toContain("stop at once");
    expect(dialog.textContent).toContain("You can reopen it until its end date, unless its draw pool has been frozen for the draw.");
    expect(dialog.textContent).toContain("Buyers who are part-way through paying can still finish.");
    expect(updates).toEqual([]);

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(updates).toEqual([]);

    await user.click(within(await row("Win a Compact Tractor")).getByRole("button", { name: "Close Win a Compact Tractor" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close competition" }));
    await waitFor(() => expect(updates).toEqual([{ id: "comp-1", status: "closed" }]));
  });

  it("offers Activate only where the competition may reopen, and shows the reason elsewhere", async () => {
    renderTab();
    const reopenable = await row("Centre-Pivot Irrigation");
    expect(within(reopenable).getByRole("button", { name: "Activate Centre-Pivot Irrigation" })).toBeTruthy();

    const frozen = await row("Farm Quad Bike");
    expect(within(frozen).queryByRole("button", { name: /Activate/ })).toBeNull();
    expect(within(frozen).getByText(FROZEN_REASON)).toBeTruthy();
  });

  it("shows a refusal next to the competition rather than in a passing toast", async () => {
    renderTab({
      "admin.competitions.update": () => refusal("INVALID_STATE", "This competition cannot reopen: its end date has passed, so sales cannot reopen."),
    });
    const user = userEvent.setup();
    const reopenable = await row("Centre-Pivot Irrigation");
    await user.click(within(reopenable).getByRole("button", { name: "Activate Centre-Pivot Irrigation" }));
    const alert = await within(reopenable).findByRole("alert");
    expect(alert.textContent).toBe("Failed to update competition: This competition cannot reopen: its end date has passed, so sales cannot reopen.");
  });
});
