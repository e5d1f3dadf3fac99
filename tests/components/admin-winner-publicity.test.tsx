// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AdminWinnerCard } from "../../src/client/components/admin/winners/admin-winner-card";
import type { AdminWinnerView } from "../../src/client/components/admin/winners/winner-types";
import { renderWithApp, stubTrpcFetch } from "./render";

const winner = (over: Partial<AdminWinnerView>): AdminWinnerView => ({
  id: "w1",
  competitionId: "c1",
  competitionTitle: "Compact Tractor",
  entryId: "e1",
  ticketNumber: "42",
  customerName: "Ffion J., Bala",
  photo: null,
  testimonial: null,
  winDate: "2026-11-20T20:00:00.000Z",
  source: "draw",
  publishName: null,
  publishPhoto: null,
  ...over,
});

function card(w: AdminWinnerView) {
  stubTrpcFetch({});
  renderWithApp(<AdminWinnerCard winner={w} onEdit={() => {}} />);
}

describe("a winner's card on /admin/winners says what the gallery may show", () => {
  it("the winner's answers from the claim form", () => {
    card(winner({ publishName: true, publishPhoto: false }));
    expect(screen.getByText("Gallery: name allowed · photo not allowed")).toBeTruthy();
  });

  it("a drawn winner not yet asked is shown unnamed", () => {
    card(winner({}));
    expect(screen.getByText("Gallery: not asked yet, shown as “A lucky winner”")).toBeTruthy();
  });

  it("a winner entered by hand is shown as entered", () => {
    card(winner({ source: "manual", entryId: null, ticketNumber: null }));
    expect(screen.getByText("Gallery: shown as entered")).toBeTruthy();
  });
});
