// @vitest-environment happy-dom
import { act, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { EntryCountdown } from "../../src/client/components/competition/countdown";
import { shortTimeLeft } from "../../src/client/components/competition/time-left";
import "./render";

const NOW = Date.parse("2030-01-01T00:00:00.000Z");
const END = new Date(NOW + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000).toISOString(); // 2d 3h 4m 5s ahead

/** The four visible tiles, in order, as "05 Days"-style text. */
function tiles(): string[] {
  const timer = screen.getByRole("timer");
  return Array.from(timer.children, (tile) => (tile.textContent ?? "").replace(/(\d)([A-Z])/, "$1 $2"));
}

describe("EntryCountdown", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it("shows days, hours, minutes and seconds left for a fixed clock", () => {
    render(<EntryCountdown endDate={END} />);
    expect(screen.getByRole("heading", { name: "Time Left to Enter" })).toBeTruthy();
    expect(screen.getByRole("timer", { name: "2 days, 3 hours, 4 minutes left" })).toBeTruthy();
    expect(tiles()).toEqual(["02 Days", "03 Hours", "04 Minutes", "05 Seconds"]);
  });

  it("ticks each second and rolls over minutes", () => {
    render(<EntryCountdown endDate={END} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(tiles()).toEqual(["02 Days", "03 Hours", "04 Minutes", "04 Seconds"]);
    act(() => vi.advanceTimersByTime(5000));
    expect(tiles()).toEqual(["02 Days", "03 Hours", "03 Minutes", "59 Seconds"]);
    expect(screen.getByRole("timer", { name: "2 days, 3 hours, 3 minutes left" })).toBeTruthy();
  });

  it("says the competition has ended when the clock reaches the end date", () => {
    render(<EntryCountdown endDate={new Date(NOW + 2000).toISOString()} />);
    expect(screen.queryByText("Competition Ended")).toBeNull();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText("Competition Ended")).toBeTruthy();
    expect(screen.queryByRole("timer")).toBeNull();
  });

  it("shows ended straight away for a past date or a closed competition", () => {
    const { rerender } = render(<EntryCountdown endDate={new Date(NOW - 1000).toISOString()} />);
    expect(screen.getByText("Competition Ended")).toBeTruthy();
    rerender(<EntryCountdown endDate={END} closed />);
    expect(screen.getByText("Competition Ended")).toBeTruthy();
    expect(screen.queryByRole("timer")).toBeNull();
  });
});

describe("shortTimeLeft (competition cards)", () => {
  it.each([
    [END, "2d 3h left"],
    [new Date(NOW + (5 * 3600 + 12 * 60) * 1000).toISOString(), "5h 12m left"],
    [new Date(NOW + 30 * 1000).toISOString(), "1m left"],
    [new Date(NOW - 1).toISOString(), "Ended"],
  ])("%s reads %j", (iso, label) => {
    expect(shortTimeLeft(iso, NOW)).toBe(label);
  });
});
