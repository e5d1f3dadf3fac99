// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HowThisDrawWorks } from "../../src/client/components/competition/how-this-draw-works";
import { publicCompetition } from "../factories/public-competition";
import { renderWithApp, stubTrpcFetch } from "./render";

const INSTANT = /Some ticket numbers also win instant prizes\. They were chosen at random before the first ticket was sold/;

describe("How this draw works", () => {
  it("explains instant wins and their proof on a competition that has them", () => {
    stubTrpcFetch({});
    renderWithApp(<HowThisDrawWorks competition={publicCompetition({ instantWin: true })} />);
    const section = screen.getByRole("region", { name: "How this draw works" });
    expect(section.textContent).toMatch(INSTANT);
    expect(section.textContent).toContain("all of them when sales close, for anyone to check. Our staff cannot enter.");
  });

  it("says nothing of instant wins on a competition without them", () => {
    stubTrpcFetch({});
    renderWithApp(<HowThisDrawWorks competition={publicCompetition({ instantWin: false })} />);
    expect(screen.getByRole("region", { name: "How this draw works" }).textContent).not.toMatch(INSTANT);
  });
});
