// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { CompetitionDetailPage } from "../../src/client/routes/public/competition-detail-page";
import { ContactPage } from "../../src/client/routes/public/contact-page";
import { NotFoundPage } from "../../src/client/routes/public/not-found-page";
import { OurCommitmentsPage } from "../../src/client/routes/public/our-commitments-page";
import { PrivacyPage } from "../../src/client/routes/public/privacy-page";
import { SaferPlayPage } from "../../src/client/routes/public/safer-play-page";
import { TermsPage } from "../../src/client/routes/public/terms-page";
import { WinnersPage } from "../../src/client/routes/public/winners-page";
import { pageHead, type HeadReads } from "../../src/server/ssr/head";
import type { PublicCompetition } from "../../src/shared/schemas/competition";
import { publicCompetition } from "../factories/public-competition";
import { refusal, renderWithApp, stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";

/*
 * The tab's title and the link preview's og:title are one text: the page renders its <title>, the
 * server's head helper names the same page, and the two must agree for every public page.
 */

const unused = () => {
  throw new Error("not read for this page");
};
/** The reads of the head helper, answering a competition as the server would. */
function readsWith(competition: PublicCompetition | null): HeadReads {
  return {
    competitions: {
      get: async () => {
        if (!competition) throw new (await import("@trpc/server")).TRPCError({ code: "NOT_FOUND", message: "Competition not found" });
        return competition;
      },
      list: unused,
    },
    draws: { record: unused },
    content: { about: unused },
    live: { evening: unused },
  } as unknown as HeadReads;
}

const headTitle = async (path: string, competition: PublicCompetition | null = null) =>
  (await pageHead(path, readsWith(competition), { origin: "https://shop.example", now: new Date("2030-01-15T12:00:00Z") })).title;

async function renderedTitle(ui: ReactElement): Promise<string> {
  renderWithApp(ui);
  await waitFor(() => expect(document.title).not.toBe(""));
  return document.title;
}

describe("page titles", () => {
  const pages: Array<[string, () => ReactElement]> = [
    ["/terms", () => <TermsPage />],
    ["/privacy", () => <PrivacyPage />],
    ["/contact", () => <ContactPage />],
    ["/safer-play", () => <SaferPlayPage />],
    ["/our-commitments", () => <OurCommitmentsPage />],
    ["/winners", () => <WinnersPage />],
  ];

  for (const [path, page] of pages) {
    it(`${path} shows the title its link preview gives`, async () => {
      stubTrpcFetch({
        "public.content.winners": () => [],
        "public.content.statistics": () => ({ totalWinners: 0, totalPrizeValue: "0.00", totalFollowers: 0, updatedAt: null }),
      });
      expect(await renderedTitle(page())).toBe(await headTitle(path));
    });
  }

  it("the 404 page shows the title of the 404 head", async () => {
    stubTrpcFetch({});
    expect(await renderedTitle(<NotFoundPage />)).toBe(await headTitle("/no-such-page"));
  });

  it("a competition's page and its preview share its title, quotes and markup included", async () => {
    const competition = publicCompetition({ id: "c1", title: `Tom's "Best" <b>Baler</b> & more` });
    stubTrpcFetch({ "public.competitions.get": () => competition });
    renderAt("/competition/c1", { "/competition/:id": <CompetitionDetailPage /> });
    await screen.findByRole("heading", { level: 1, name: competition.title });
    expect(document.title).toBe(await headTitle("/competition/c1", competition));
    expect(document.title).toBe(`Tom's "Best" <b>Baler</b> & more | Harvest Draws`);
  });

  it("an unknown competition's page and its 404 head are both 'Competition Not Found'", async () => {
    stubTrpcFetch({ "public.competitions.get": () => refusal("NOT_FOUND", "Competition not found") });
    renderWithApp(<CompetitionDetailPage />);
    await screen.findByRole("heading", { level: 1, name: "Competition Not Found" });
    expect(document.title).toBe(await headTitle("/competition/missing"));
    expect(document.title).toBe("Competition Not Found | Harvest Draws");
  });
});
