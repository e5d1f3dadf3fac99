// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { NotificationItem } from "../../src/client/components/notifications/notification-item";
import { badgeText, relativeTime } from "../../src/client/components/notifications/relative-time";
import type { Notification } from "../../src/shared/schemas/notification";
import "./render";

const NOW = Date.parse("2030-06-15T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

function notification(createdAt: string): Notification {
  return {
    id: "n1",
    title: "You won!",
    message: "Congratulations on your prize.",
    type: "winner",
    priority: "normal",
    userId: "u1",
    isRead: false,
    competitionId: null,
    link: null,
    createdAt,
    expiresAt: null,
  };
}

describe("notification time label", () => {
  it.each([
    [ago(0), "Just now"],
    [ago(59_999), "Just now"],
    [ago(MIN), "1m ago"],
    [ago(5 * MIN + 30_000), "5m ago"],
    [ago(59 * MIN), "59m ago"],
    [ago(HOUR), "1h ago"],
    [ago(23 * HOUR + 59 * MIN), "23h ago"],
    [ago(DAY), "1d ago"],
    [ago(3 * DAY + 5 * HOUR), "3d ago"],
    // A clock slightly behind the server's must not show a negative age.
    [new Date(NOW + 2 * MIN).toISOString(), "Just now"],
    ["not a date", ""],
  ])("%s reads %j", (iso, label) => {
    expect(relativeTime(iso, NOW)).toBe(label);
  });

  it("shows the age on the rendered notification against the current clock", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const { rerender } = render(<NotificationItem notification={notification(ago(5 * MIN))} onOpen={() => {}} onDelete={() => {}} deleting={false} />);
    const item = screen.getByRole("button", { name: /^Unread: You won!/ });
    expect(item.textContent).toContain("5m ago");

    rerender(<NotificationItem notification={notification(ago(2 * DAY))} onOpen={() => {}} onDelete={() => {}} deleting={false} />);
    expect(screen.getByRole("button", { name: /^Unread: You won!/ }).textContent).toContain("2d ago");
    expect(screen.getByRole("button", { name: "Delete notification: You won!" })).toHaveProperty("disabled", false);
  });

  it("caps the unread badge at 99+", () => {
    expect(badgeText(7)).toBe("7");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
  });
});
