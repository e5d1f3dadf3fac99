// @vitest-environment happy-dom
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PromoModal } from "../../src/client/components/home/promo-modal";
import { setOpenPopupCount } from "../../src/client/components/popups/popup-activity";
import type { Promotion } from "../../src/shared/schemas/live";
import { renderAt } from "./render-at";
import { stubTrpcFetch } from "./render";

const PROMOTION: Promotion = {
  enabled: true,
  title: "Win a Vintage Tractor",
  text: "A restored 1958 tractor, delivered to your yard.",
  link: "/competition/comp-9",
  competitionId: "comp-9",
};

function renderHome(promotion: Promotion = PROMOTION) {
  stubTrpcFetch({ "public.live.promotion": () => promotion });
  return renderAt("/", { "/": <PromoModal />, "/competition/:id": <p>Competition page</p> });
}

/** Lets the promotion's read arrive, then the 5 s delay pass. */
async function waitFiveSeconds() {
  await act(() => vi.advanceTimersByTimeAsync(4800));
  expect(screen.queryByRole("dialog")).toBeNull();
  await act(() => vi.advanceTimersByTimeAsync(200));
}

describe("PromoModal", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it("opens 5 s after load with the promotion's content, and ENTER NOW goes to its competition", async () => {
    renderHome();
    await waitFiveSeconds();
    const dialog = await screen.findByRole("dialog", { name: "Win a Vintage Tractor" });
    expect(dialog.textContent).toContain("A restored 1958 tractor, delivered to your yard.");
    expect(screen.getByRole("button", { name: "No thanks, I'm not interested!" })).toBeTruthy();

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole("link", { name: "ENTER NOW" }));
    expect(screen.getByTestId("location").textContent).toBe("/competition/comp-9");
    expect(screen.getByText("Competition page")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("is skipped in a page view that has already shown an admin pop-up, even once it has closed", async () => {
    renderHome();
    act(() => {
      setOpenPopupCount(1);
      setOpenPopupCount(0);
    });
    await waitFiveSeconds();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.queryByRole("dialog")).toBeNull();
    // Not spent: a later visit to the home page in this session may still show it.
    expect(sessionStorage.getItem("promo_modal_seen")).toBeNull();
  });

  it("does not count a pop-up from an earlier page view", async () => {
    setOpenPopupCount(1);
    setOpenPopupCount(0);
    renderHome();
    await waitFiveSeconds();
    expect(await screen.findByRole("dialog", { name: "Win a Vintage Tractor" })).toBeTruthy();
  });

  it("is not shown when the promotion is switched off", async () => {
    renderHome({ ...PROMOTION, enabled: false });
    await waitFiveSeconds();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("hides itself when its competition is not on sale: it never opens the list instead", async () => {
    renderHome({ ...PROMOTION, enabled: false, link: "/competitions", competitionId: null });
    await waitFiveSeconds();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("link", { name: "ENTER NOW" })).toBeNull();
    // Nor from an answer that names no competition, whatever it says of itself.
    renderHome({ ...PROMOTION, link: "/competitions", competitionId: null });
    await waitFiveSeconds();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows once per browser session", async () => {
    sessionStorage.setItem("promo_modal_seen", "true");
    renderHome();
    await waitFiveSeconds();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
