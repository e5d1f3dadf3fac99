// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AccountStats } from "../../src/client/components/account/account-stats";
import { AccountTabs } from "../../src/client/components/account/account-tabs";
import { NotificationItem } from "../../src/client/components/notifications/notification-item";
import { customerClaim } from "../factories/claims";
import type { CustomerClaim } from "../../src/shared/schemas/claims";
import type { Notification } from "../../src/shared/schemas/notification";
import { stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";
import { customer } from "./users";

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A plain prize drawn yesterday, as My Wins lists it. */
const claim = (overrides: Partial<CustomerClaim>) =>
  customerClaim({
    competitionId: "comp",
    competitionTitle: "Prize",
    competitionImage: "",
    prize: "Prize",
    ticketNumber: "0001",
    notifiedAt: ago(DAY),
    expiresAt: new Date(Date.now() + 27 * DAY).toISOString(),
    ...overrides,
  });

const CLAIMS = [
  claim({ id: "c-open", winnerId: "w-tractor", competitionTitle: "Win a Compact Tractor", notifiedAt: ago(DAY) }),
  claim({ id: "c-claimed", winnerId: "w-quad", competitionTitle: "Win a Quad Bike", status: "claimed", choice: "prize", notifiedAt: ago(10 * DAY) }),
  claim({
    id: "c-paid",
    winnerId: "w-cash",
    competitionTitle: "Win £10,000 Farm Cash",
    status: "fulfilled",
    choice: "cash",
    fulfilment: "paid",
    notifiedAt: ago(40 * DAY),
  }),
  claim({ id: "c-gone", winnerId: "w-splitter", competitionTitle: "Win a Log Splitter", status: "expired", notifiedAt: ago(60 * DAY) }),
];
// The tractor's win has its claim; the spade's is from before claims existed.
const WINS = [
  { id: "w-tractor", competitionTitle: "Win a Compact Tractor", winDate: ago(DAY) },
  { id: "w-spade", competitionTitle: "Win a Garden Spade", winDate: ago(400 * DAY) },
];

const loaded = <T,>(data: T[]) => ({ data, isPending: false, error: null, refetch: () => {} });

describe("My Wins", () => {
  it("lists each claim with its state and a way to it, and the older wins that have none", async () => {
    stubTrpcFetch({ "customer.claims.list": () => CLAIMS, "customer.protection.status": () => null });
    renderAt("/account?tab=wins", { "/account": <AccountTabs user={customer()} wins={loaded(WINS)} /> });

    const list = await screen.findByRole("list", { name: "Your wins" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => i.getAttribute("aria-label"))).toEqual([
      "Win a Compact Tractor",
      "Win a Quad Bike",
      "Win £10,000 Farm Cash",
      "Win a Log Splitter",
      "Win a Garden Spade",
    ]);
    const [open, claimed, paid, gone, spade] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(open).getByRole("link", { name: "Claim your prize for Win a Compact Tractor" }).getAttribute("href")).toBe("/account/claims/c-open");
    expect(within(open).getByText(/Claim by/)).toBeTruthy();
    expect(within(claimed).getByText("Claimed")).toBeTruthy();
    expect(within(claimed).getByRole("link", { name: "View claim for Win a Quad Bike" }).getAttribute("href")).toBe("/account/claims/c-claimed");
    expect(within(paid).getByText("Paid")).toBeTruthy();
    expect(within(gone).getByText("Expired")).toBeTruthy();
    expect(within(spade).getByText(/Won on/)).toBeTruthy();
    expect(within(spade).queryByRole("link")).toBeNull();
  });

  it("counts every win once in the Wins tile", async () => {
    stubTrpcFetch({ "customer.claims.list": () => CLAIMS, "customer.entries.wins": () => WINS });
    renderAt("/account", { "/account": <AccountStats entries={{ total: 0, active: 0 }} winCount={WINS.length} memberSince={null} /> });
    const tile = screen.getByText("Wins").parentElement!;
    await waitFor(() => expect(within(tile).getByText("5")).toBeTruthy());
  });
});

describe("a notification with a link", () => {
  it("opens its page and is marked read", async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const n: Notification = {
      id: "n1",
      title: "You've won!",
      message: "Your ticket 0042 won.",
      type: "winner",
      priority: "urgent",
      userId: "user-1",
      isRead: false,
      competitionId: "comp",
      link: "/account/claims/c-open",
      createdAt: new Date().toISOString(),
      expiresAt: null,
    };
    stubTrpcFetch({});
    renderAt("/", {
      "/": <NotificationItem notification={n} onOpen={onOpen} onDelete={() => {}} deleting={false} />,
      "/account/claims/:id": <p>Claim page</p>,
    });
    const link = screen.getByRole("link", { name: /You've won!/ });
    expect(link.getAttribute("href")).toBe("/account/claims/c-open");
    await user.click(link);
    expect(onOpen).toHaveBeenCalledOnce();
    expect(await screen.findByText("Claim page")).toBeTruthy();
  });

  it("stays a button when its link is not a page of this shop", () => {
    stubTrpcFetch({});
    const n = { link: "//evil.example/x" } as Partial<Notification>;
    renderAt("/", {
      "/": (
        <NotificationItem
          notification={{
            id: "n2",
            title: "Hello",
            message: "m",
            type: "info",
            priority: "normal",
            userId: null,
            isRead: true,
            competitionId: null,
            link: n.link!,
            createdAt: new Date().toISOString(),
            expiresAt: null,
          }}
          onOpen={() => {}}
          onDelete={() => {}}
          deleting={false}
        />
      ),
    });
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByRole("button", { name: /^Hello/ })).toBeTruthy();
  });
});
