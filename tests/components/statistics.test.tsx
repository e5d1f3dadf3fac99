// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { StatisticsSection } from "../../src/client/components/admin/settings/statistics-section";
import { StatisticsCounters } from "../../src/client/components/home/statistics-counters";
import { WinnersStatsBanner } from "../../src/client/components/winners/winners-stats-banner";
import type { Statistics } from "../../src/shared/schemas/content";
import type { AdminStatistics, StatisticsUpdate } from "../../src/shared/schemas/statistics";
import { renderWithApp, stubTrpcFetch } from "./render";

const EMPTY_BUT_FOLLOWERS: Statistics = { totalWinners: 0, totalPrizeValue: "0.00", totalFollowers: 4100, updatedAt: "2026-11-20T10:00:00.000Z" };

describe("the statistics counters", () => {
  it("show the spec's fallback text for an empty figure and the operator's figure otherwise, on the home page and /winners", async () => {
    stubTrpcFetch({ "public.content.statistics": () => EMPTY_BUT_FOLLOWERS });
    renderWithApp(
      <>
        <StatisticsCounters />
        <WinnersStatsBanner />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText("4.1k+").length).toBeGreaterThan(0));
    expect(screen.getAllByText("2200+").length).toBeGreaterThan(0);
    expect(screen.getAllByText("£11m+").length).toBeGreaterThan(0);
    expect(screen.queryByText("82k+")).toBeNull();
  });
});

describe("the admin's Site Statistics", () => {
  const STORED: AdminStatistics = {
    source: "manual",
    totalWinners: 2214,
    totalPrizeValue: "11250000.00",
    totalFollowers: 82400,
    computed: { totalWinners: 7, totalPrizeValue: "98750.00" },
    updatedAt: "2026-11-20T10:00:00.000Z",
  };

  function renderSection() {
    const sent: StatisticsUpdate[] = [];
    stubTrpcFetch({
      "admin.statistics.get": () => STORED,
      "admin.statistics.update": (input) => {
        sent.push(input as StatisticsUpdate);
        return STORED;
      },
    });
    renderWithApp(<StatisticsSection />);
    return sent;
  }

  it("saves typed figures, an emptied one as none (the pages then show the fallback text)", async () => {
    const sent = renderSection();
    const user = userEvent.setup();
    const winners = await screen.findByLabelText("Happy winners");
    expect((winners as HTMLInputElement).value).toBe("2214");
    await user.clear(winners);
    await user.clear(screen.getByLabelText("Followers"));
    await user.type(screen.getByLabelText("Followers"), "90,500");
    await user.click(screen.getByRole("button", { name: "Save Statistics" }));
    await waitFor(() => expect(sent).toEqual([{ source: "manual", totalWinners: null, totalPrizeValue: "11250000.00", totalFollowers: 90500 }]));
  });

  it("refuses a prize value that is not an amount, with the field's message, and sends nothing", async () => {
    const sent = renderSection();
    const user = userEvent.setup();
    const value = await screen.findByLabelText("Total prize value (£)");
    await user.clear(value);
    await user.type(value, "11 million");
    await user.click(screen.getByRole("button", { name: "Save Statistics" }));
    expect(await screen.findByText("Prize value must be an amount in pounds, e.g. 11250000.00")).toBeTruthy();
    expect(value.getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
  });

  it("computes winners and prize value from the shop's own records on request; followers stay typed", async () => {
    const sent = renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: /Computed from the shop's own winners and prizes \(now 7 winners, £98750\.00\)/ }));
    expect((screen.getByLabelText("Happy winners") as HTMLInputElement).value).toBe("7");
    expect((screen.getByLabelText("Happy winners") as HTMLInputElement).readOnly).toBe(true);
    await user.click(screen.getByRole("button", { name: "Save Statistics" }));
    await waitFor(() => expect(sent[0]).toMatchObject({ source: "computed", totalFollowers: 82400 }));
  });
});
