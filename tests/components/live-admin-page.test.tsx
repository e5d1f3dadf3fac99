// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AdminLivePage } from "../../src/client/routes/admin/admin-live-page";
import type { AdminLiveEvening } from "../../src/shared/schemas/live";
import { renderAt } from "./render-at";
import { stubTrpcFetch } from "./render";

type Competition = AdminLiveEvening["competitions"][number];

const DRAW_AT = "2030-12-02T20:00:00.000Z";

function competition(overrides: Partial<Competition> = {}): Competition {
  return {
    id: "comp-1",
    title: "Win a Compact Tractor",
    image: "",
    prize: "A 25 hp compact tractor",
    status: "active",
    drawDate: DRAW_AT,
    soldTickets: 1204,
    maxTickets: 2000,
    poolSize: null,
    drawnAt: null,
    winners: [],
    verifyUrl: "/competition/comp-1/draw",
    drawMode: "live",
    heldTickets: 0,
    blockedReason: null,
    ...overrides,
  };
}

const DRAWN = competition({
  status: "drawn",
  poolSize: 1204,
  drawnAt: "2030-12-02T20:05:00.000Z",
  winners: [{ ticketNumber: "0917", displayName: "Sarah from Devon" }],
});
const EMPTY = competition({ id: "comp-2", title: "Farm Quad Bike", soldTickets: 0, blockedReason: "There are no entries to draw from" });

function renderLive(url = "/admin/live") {
  let evening: AdminLiveEvening = { drawAt: DRAW_AT, scheduleLabel: "Monday 20:00", stream: null, competitions: [competition(), EMPTY] };
  const runs: unknown[] = [];
  stubTrpcFetch({
    "admin.live.evening": () => evening,
    "public.live.evening": () => evening,
    "admin.draws.run": (input) => {
      runs.push(input);
      evening = { ...evening, competitions: [DRAWN, EMPTY] };
      return { winners: DRAWN.winners };
    },
  });
  renderAt(url, { "/admin/live": <AdminLivePage /> });
  return { runs };
}

describe("AdminLivePage", () => {
  it("asks before running a draw, then shows its result", async () => {
    const { runs } = renderLive();
    const user = userEvent.setup();
    const tractor = await screen.findByRole("article", { name: "Win a Compact Tractor" });
    await user.click(within(tractor).getByRole("button", { name: "Run draw for Win a Compact Tractor" }));

    const dialog = await screen.findByRole("dialog", { name: "Run the draw?" });
    expect(dialog.textContent).toContain(
      "Run the draw for Win a Compact Tractor now? Sales close and the winner is drawn from the frozen pool; this cannot be undone.",
    );
    expect(runs).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Run draw" }));

    await waitFor(() => expect(runs).toEqual([{ id: "comp-1" }]));
    expect(await within(tractor).findByText("0917")).toBeTruthy();
    expect(within(tractor).getByText(/Sarah from Devon/)).toBeTruthy();
    expect(within(tractor).queryByRole("button", { name: /Run draw/ })).toBeNull();
  });

  it("disables Run draw and says why when a draw cannot run", async () => {
    renderLive();
    const quad = await screen.findByRole("article", { name: "Farm Quad Bike" });
    expect((within(quad).getByRole("button", { name: "Run draw for Farm Quad Bike" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(quad).getByText("There are no entries to draw from")).toBeTruthy();
  });

  it("has a presenter view that shows one competition at a time, moved with the arrow keys", async () => {
    renderLive("/admin/live?view=presenter");
    const user = userEvent.setup();
    const view = await screen.findByRole("region", { name: "Presenter view" });
    expect(within(view).getByRole("heading", { name: "Win a Compact Tractor" })).toBeTruthy();
    expect(within(view).getByText("Coming up")).toBeTruthy();

    await user.keyboard("{ArrowRight}");
    expect(within(view).getByRole("heading", { name: "Farm Quad Bike" })).toBeTruthy();
    await user.keyboard("{ArrowLeft}");
    expect(within(view).getByRole("heading", { name: "Win a Compact Tractor" })).toBeTruthy();

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("region", { name: "Presenter view" })).toBeNull());
    expect(screen.getByTestId("location").textContent).toBe("/admin/live");
  });
});
