// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AccountStats } from "../../src/client/components/account/account-stats";
import { AccountTabs } from "../../src/client/components/account/account-tabs";
import type { CustomerClaim } from "../../src/shared/schemas/claims";
import type { CustomerWin } from "../../src/shared/schemas/entry";
import { customerClaim } from "../factories/claims";
import { stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";
import { customer } from "./users";

/** Issue #28: £15 of instant credit (and an instant cash prize) are wins on the account page; a void one is not. */
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const instant = (over: Partial<CustomerWin>): CustomerWin => ({
  id: "unit",
  competitionId: "comp-quad",
  competitionTitle: "Instant Quad Bike",
  winDate: ago(DAY),
  source: "instant",
  prize: "£5 site credit",
  ticketNumber: "17",
  instantKind: "credit",
  value: "5.00",
  ...over,
});

const WINS: CustomerWin[] = [
  instant({ id: "u-10", prize: "£10 site credit", value: "10.00", ticketNumber: "42", winDate: ago(2 * DAY) }),
  instant({ id: "u-5", winDate: ago(3 * DAY) }),
  // The cash prize is a winner with a claim: the same id as its claim's winner.
  instant({ id: "w-cash", prize: "£50 cash", instantKind: "cash", value: "50.00", ticketNumber: "9", winDate: ago(DAY) }),
];

const claim = (over: Partial<CustomerClaim>) =>
  customerClaim({
    competitionId: "comp-quad",
    competitionTitle: "Instant Quad Bike",
    competitionImage: "",
    ticketNumber: "9",
    notifiedAt: ago(DAY),
    expiresAt: new Date(Date.now() + 27 * DAY).toISOString(),
    ...over,
  });

const CLAIMS = [
  claim({ id: "c-cash", winnerId: "w-cash", prize: "£50 cash" }),
  // Its winning entry was refunded: no win any more.
  claim({ id: "c-void", winnerId: "w-void", prize: "£50 cash", ticketNumber: "3", status: "void", notifiedAt: ago(5 * DAY) }),
];

const loaded = <T,>(data: T[]) => ({ data, isPending: false, error: null, refetch: () => {} });

describe("instant prizes on the account page", () => {
  it("counts each instant prize once in the Wins tile, and not a void one", async () => {
    stubTrpcFetch({ "customer.claims.list": () => CLAIMS, "customer.entries.wins": () => WINS });
    renderAt("/account", { "/account": <AccountStats entries={{ total: 0, active: 0 }} winCount={WINS.length} memberSince={null} /> });
    const tile = screen.getByText("Wins").parentElement!;
    await waitFor(() => expect(within(tile).getByText("3")).toBeTruthy());
  });

  it("lists them in My Wins with the competition, the prize and the day, instead of 'No wins yet'", async () => {
    stubTrpcFetch({ "customer.claims.list": () => CLAIMS, "customer.protection.status": () => null });
    renderAt("/account?tab=wins", { "/account": <AccountTabs user={customer()} wins={loaded(WINS)} /> });
    const list = await screen.findByRole("list", { name: "Your wins" });
    expect(screen.queryByText("No wins yet")).toBeNull();
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items.map((i) => within(i).getByTestId("win-prize").textContent)).toEqual(["£50 cash", "£10 site credit", "£5 site credit"]);
    for (const item of items) {
      expect(item.getAttribute("aria-label")).toBe("Instant Quad Bike");
      expect(within(item).getByText(/Won on/)).toBeTruthy();
    }
    expect(within(items[1]!).getByText("Instant win · ticket #42")).toBeTruthy();
    expect(within(items[0]!).getByRole("link", { name: "Claim your prize for Instant Quad Bike" }).getAttribute("href")).toBe("/account/claims/c-cash");
  });
});
