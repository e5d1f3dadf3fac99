// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReferAFriendTab, referralRules } from "../../src/client/components/account/refer-a-friend-tab";
import type { MyReferrals } from "../../src/shared/schemas/referrals";
import { renderWithApp, stubTrpcFetch } from "./render";

const MINE: MyReferrals = {
  enabled: true,
  link: "https://shop.example.test/r/2z8bjjkv",
  reason: null,
  referrerReward: "5.00",
  referredReward: "3.50",
  monthlyRewards: 5,
  windowDays: 14,
  referrals: [
    { firstName: "Dilys", joinedAt: "2026-11-20T10:00:00.000Z", status: "rewarded", earned: "5.00" },
    { firstName: "Ifor", joinedAt: "2026-11-18T10:00:00.000Z", status: "waiting", earned: "0.00" },
    { firstName: "Gwen", joinedAt: "2026-11-17T10:00:00.000Z", status: "void", earned: "0.00" },
  ],
  earned: "5.00",
  joinedThrough: null,
};

describe("Refer a Friend", () => {
  it("shows the share link with Copy, the rules with the operator's figures, friends by first name with where each stands, and what was earned", async () => {
    stubTrpcFetch({ "customer.referrals.get": () => MINE });
    renderWithApp(<ReferAFriendTab />);
    expect(((await screen.findByLabelText("Your share link")) as HTMLInputElement).value).toBe(MINE.link);
    expect(screen.getByRole("button", { name: "Copy share link" })).toBeTruthy();
    expect(screen.getByText(referralRules(MINE))).toBeTruthy();
    expect(referralRules(MINE)).toContain("you get £5.00 and they get £3.50 in site credit, once that order has stood 14 days without a refund or dispute");
    const friends = within(screen.getByRole("list", { name: "Friends who joined" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(friends).toEqual([
      "DilysJoined 20 November 2026Rewarded+£5.00",
      "IforJoined 18 November 2026Ordered: reward after the refund window",
      "GwenJoined 17 November 2026No reward",
    ]);
    expect(screen.getByTestId("referrals-earned").textContent).toBe("£5.00");
  });

  it("says why there is no link (unconfirmed address, referrals off) and who referred this customer", async () => {
    stubTrpcFetch({
      "customer.referrals.get": () => ({
        ...MINE,
        link: null,
        reason: "Confirm your email address to get your share link.",
        referrals: [],
        earned: "0.00",
        joinedThrough: { firstName: "Martha", status: "waiting", earned: "0.00" },
      }),
    });
    renderWithApp(<ReferAFriendTab />);
    expect((await screen.findByTestId("no-share-link")).textContent).toBe("Confirm your email address to get your share link.");
    expect(screen.queryByLabelText("Your share link")).toBeNull();
    expect(screen.getByText("Nobody has joined through your link yet.")).toBeTruthy();
    expect(screen.getByTestId("joined-through").textContent).toBe("You joined through Martha's link: ordered: reward after the refund window.");
  });
});
