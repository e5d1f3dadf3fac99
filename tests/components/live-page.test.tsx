// @vitest-environment happy-dom
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LivePage } from "../../src/client/routes/public/live-page";
import type { LiveCompetition, LiveEvening } from "../../src/shared/schemas/live";
import { renderAt } from "./render-at";
import { stubTrpcFetch } from "./render";

// Sunday 1 December 2030, 17:59:30 in London (GMT); the draw is Monday 2 December at 20:00.
const NOW = Date.parse("2030-12-01T17:59:30.000Z");
const DRAW_AT = "2030-12-02T20:00:00.000Z";

function competition(overrides: Partial<LiveCompetition> = {}): LiveCompetition {
  return {
    id: "comp-1",
    title: "Win a Compact Tractor",
    image: "/images/tractor.svg",
    prize: "A 25 hp compact tractor",
    status: "closed",
    drawDate: DRAW_AT,
    soldTickets: 1204,
    maxTickets: 2000,
    poolSize: 1204,
    drawnAt: null,
    winners: [],
    verifyUrl: "/competition/comp-1/draw",
    ...overrides,
  };
}

function evening(overrides: Partial<LiveEvening> = {}): LiveEvening {
  return {
    drawAt: DRAW_AT,
    scheduleLabel: "Monday 20:00",
    stream: null,
    competitions: [competition(), competition({ id: "comp-2", title: "Centre-Pivot Irrigation", status: "active", poolSize: null, soldTickets: 312 })],
    ...overrides,
  };
}

const DRAWN = competition({
  status: "drawn",
  drawnAt: "2030-12-02T20:05:00.000Z",
  winners: [{ ticketNumber: "0917", displayName: "Sarah from Devon" }],
});

function renderLive(answer: () => LiveEvening) {
  const fetch = stubTrpcFetch({ "public.live.evening": answer });
  renderAt("/live", { "/live": <LivePage />, "/competition/:id/draw": <p>Draw record page</p> });
  return fetch;
}

const liveCalls = (fetch: ReturnType<typeof stubTrpcFetch>) => fetch.mock.calls.filter(([url]) => String(url).includes("public.live.evening")).length;

describe("LivePage", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
  });

  it("shows the next draw in UK time, a countdown to it, the stream note and the running order", async () => {
    renderLive(() => evening());
    expect(await screen.findByText("Monday 2 December, 20:00")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Live Draw" })).toBeTruthy();
    expect(screen.getByRole("timer", { name: "1 day, 2 hours, 0 minutes to go" })).toBeTruthy();
    expect(screen.getByText("The stream link will appear here")).toBeTruthy();
    const order = screen.getAllByRole("article").map((a) => within(a).getByRole("heading").textContent);
    expect(order).toEqual(["Win a Compact Tractor", "Centre-Pivot Irrigation"]);
    expect(screen.getByText("1,204 tickets in the draw")).toBeTruthy();
    expect(screen.getByText("312 of 2,000 tickets sold")).toBeTruthy();
    expect(document.title).toBe("Live Draw | Harvest Draws");
  });

  it("shows a result that arrives with a later poll, announces it, and links to its verification", async () => {
    let answer = evening();
    const fetch = renderLive(() => answer);
    const tractor = await screen.findByRole("article", { name: "Win a Compact Tractor" });
    expect(within(tractor).queryByText("0917")).toBeNull();
    expect(screen.getByRole("status", { name: "Latest result" }).textContent).toBe("");

    answer = evening({ competitions: [DRAWN, evening().competitions[1]!] });
    const before = liveCalls(fetch);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(liveCalls(fetch)).toBeGreaterThan(before);

    await waitFor(() => expect(within(tractor).getByText("0917")).toBeTruthy());
    expect(within(tractor).getByText("Sarah from Devon")).toBeTruthy();
    expect(within(tractor).getByText("Drawn")).toBeTruthy();
    expect(screen.getByRole("status", { name: "Latest result" }).textContent).toBe(
      "Win a Compact Tractor has been drawn. Winning ticket: ticket 0917, Sarah from Devon.",
    );
    const verify = within(tractor).getByRole("link", { name: /Verify this draw/ });
    expect(verify.getAttribute("href")).toBe("/competition/comp-1/draw");
  });

  it("does not announce results that were already drawn when the page opened", async () => {
    renderLive(() => evening({ competitions: [DRAWN] }));
    expect(await screen.findByText("0917")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole("status", { name: "Latest result" }).textContent).toBe("");
  });

  it("says the draw is live once the countdown reaches zero", async () => {
    renderLive(() => evening({ drawAt: new Date(NOW + 2000).toISOString() }));
    expect(await screen.findByRole("timer")).toBeTruthy();
    expect(screen.queryByText("We're live now")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText("We're live now")).toBeTruthy();
    expect(screen.queryByRole("timer")).toBeNull();
  });

  it("plays the stream in a framed player when the document was loaded at /live", async () => {
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ name: "http://localhost/live" } as PerformanceEntry]);
    const stream = { url: "https://www.youtube.com/watch?v=abc123", provider: "youtube" as const, embedUrl: "https://www.youtube-nocookie.com/embed/abc123" };
    renderLive(() => evening({ stream }));
    const player = await screen.findByTitle("Live draw stream on YouTube");
    expect(player.getAttribute("src")).toBe(stream.embedUrl);
    expect(player.getAttribute("allow")).toBe("autoplay; encrypted-media; picture-in-picture");
    expect(player.hasAttribute("allowfullscreen")).toBe(true);
  });

  // Last: the page remembers, for the rest of this module's life, that it asked for a reload.
  it("loads itself again, once, when reached inside the app with a stream set", async () => {
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ name: "http://localhost/competitions" } as PerformanceEntry]);
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    const stream = { url: "https://www.youtube.com/watch?v=abc123", provider: "youtube" as const, embedUrl: "https://www.youtube-nocookie.com/embed/abc123" };
    renderLive(() => evening({ stream }));
    expect(await screen.findByText("Loading the stream...")).toBeTruthy();
    expect(screen.queryByTitle("Live draw stream on YouTube")).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
