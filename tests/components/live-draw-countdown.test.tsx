// @vitest-environment happy-dom
import { act, fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LiveDrawCountdown } from "../../src/client/components/home/live-draw-countdown";
import type { LiveEvening } from "../../src/shared/schemas/live";
import { renderWithApp, stubTrpcFetch } from "./render";

// The next draw is Monday 2 December 2030 at 20:00 UK time (GMT); the clock reads 5d 8h 4m 5s
// before it, with half a second to spare for the test's own running time.
const DRAW_AT = "2030-12-02T20:00:00.000Z";
const NOW = Date.parse(DRAW_AT) - ((5 * 24 + 8) * 3600 + 4 * 60 + 5) * 1000 - 500;

const evening = (drawAt: string): LiveEvening => ({ drawAt, scheduleLabel: "Monday 20:00", stream: null, competitions: [] });

/** The four boxes, in order, as "05 Days"-style text. */
function boxes(): string[] {
  return Array.from(screen.getByRole("timer").children, (box) => (box.textContent ?? "").replace(/([\d-])([A-Z])/, "$1 $2"));
}

describe("LiveDrawCountdown (home page)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
  });

  it("shows dashes, not numbers, until the draw time is known", () => {
    stubTrpcFetch({ "public.live.evening": () => new Promise(() => undefined) });
    renderWithApp(<LiveDrawCountdown />);
    expect(screen.getByRole("heading", { name: "Next Live Draw" })).toBeTruthy();
    expect(boxes()).toEqual(["-- Days", "-- Hours", "-- Minutes", "-- Seconds"]);
  });

  it("counts down to the draw time the server gives, each second", async () => {
    stubTrpcFetch({ "public.live.evening": () => evening(DRAW_AT) });
    renderWithApp(<LiveDrawCountdown />);
    expect(await screen.findByText("Monday 2 December, 20:00")).toBeTruthy();
    expect(boxes()).toEqual(["05 Days", "08 Hours", "04 Minutes", "05 Seconds"]);
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(boxes()).toEqual(["05 Days", "08 Hours", "03 Minutes", "59 Seconds"]);
    expect(screen.getByRole("timer", { name: "5 days, 8 hours, 3 minutes to go" })).toBeTruthy();
  });

  it("links to /live as a full page load", async () => {
    stubTrpcFetch({ "public.live.evening": () => evening(DRAW_AT) });
    renderWithApp(<LiveDrawCountdown />);
    const link = await screen.findByRole("link", { name: "See the draws" });
    expect(link.getAttribute("href")).toBe("/live");
    // The router leaves the click to the browser (a document load) instead of routing it itself.
    let routedInApp: boolean | null = null;
    const observe = (event: Event) => {
      routedInApp = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener("click", observe);
    fireEvent.click(link);
    window.removeEventListener("click", observe);
    expect(routedInApp).toBe(false);
  });

  it("says the draw is live and offers to watch once the time has come", async () => {
    stubTrpcFetch({ "public.live.evening": () => evening(new Date(NOW - 60_000).toISOString()) });
    renderWithApp(<LiveDrawCountdown />);
    expect(await screen.findByText("We're live now")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Watch live" }).getAttribute("href")).toBe("/live");
    expect(boxes()).toEqual(["00 Days", "00 Hours", "00 Minutes", "00 Seconds"]);
  });
});
