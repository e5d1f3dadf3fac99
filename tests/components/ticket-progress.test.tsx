// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CompetitionCard } from "../../src/client/components/competition/competition-card";
import { HomeCompetitionCard } from "../../src/client/components/home/home-competition-card";
import type { PublicCompetition } from "../../src/shared/schemas/competition";
import { publicCompetition } from "../factories/public-competition";
import { renderWithApp, stubTrpcFetch } from "./render";

/** The "sold" line of the home page's card and of the competitions page's card for the same competition. */
function soldLines(c: PublicCompetition): string[] {
  stubTrpcFetch({});
  const { unmount } = renderWithApp(
    <>
      <HomeCompetitionCard competition={c} />
      <CompetitionCard competition={c} />
    </>,
  );
  const lines = screen.getAllByText(/ sold/).map((p) => p.textContent ?? "");
  unmount();
  return lines;
}

describe("sold percentage", () => {
  it("reads the same on the home page as on the competitions page", () => {
    expect(soldLines(publicCompetition({ soldTickets: 46, maxTickets: 19999 }))).toEqual(["46 of 19,999 sold (<1%)", "46 of 19,999 sold (<1%)"]);
    expect(soldLines(publicCompetition({ soldTickets: 0, maxTickets: 999 }))).toEqual(["0 of 999 sold (0%)", "0 of 999 sold (0%)"]);
    expect(soldLines(publicCompetition({ soldTickets: 22, maxTickets: 999 }))).toEqual(["22 of 999 sold (2%)", "22 of 999 sold (2%)"]);
  });

  it("never reads 100% while a ticket is left", () => {
    expect(soldLines(publicCompetition({ soldTickets: 998, maxTickets: 999 }))).toEqual(["998 of 999 sold (99%)", "998 of 999 sold (99%)"]);
    expect(soldLines(publicCompetition({ soldTickets: 999, maxTickets: 999, soldOut: true }))).toEqual(["999 of 999 sold (100%)", "999 of 999 sold (100%)"]);
  });
});
