// @vitest-environment happy-dom
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "../../src/client/components/cart/cart-storage";
import { EntryForm } from "../../src/client/components/competition/entry-form";
import { luckyDip } from "../../src/client/components/competition/lucky-dip";
import { PENDING_ENTRY_KEY } from "../../src/client/lib/pending-entry";
import type { NumbersView, PublicCompetition } from "../../src/shared/schemas/competition";
import { publicCompetition } from "../factories/public-competition";
import { renderWithApp, stubTrpcFetch } from "./render";

/** A competition whose buyers choose their numbers: 250 tickets at £2.50. */
const picking = (overrides: Partial<PublicCompetition> = {}) =>
  publicCompetition({ pickNumbers: true, allocation: "random", maxTickets: 250, remainingTickets: 240, ...overrides });

type Ranges = Pick<NumbersView, "sold" | "held">;

/** Renders the entry form; the numbers read answers `ranges` (clipped to what was asked) and every request is recorded. */
async function renderPicker(c: PublicCompetition, ranges: Ranges = { sold: [[1, 3]], held: [[4, 4]] }) {
  const reads: Array<{ from: number; to: number }> = [];
  const fetch = stubTrpcFetch({
    "public.auth.session": () => null,
    "public.competitions.checkAnswer": () => ({ correct: true }),
    "public.competitions.numbers": (input) => {
      const { id, from, to } = input as { id: string; from: number; to: number };
      reads.push({ from, to });
      return { competitionId: id, from, to, maxTickets: c.maxTickets, pickNumbers: true, ...ranges };
    },
  });
  renderWithApp(<EntryForm competition={c} />, { routes: { "/checkout/direct": <h1>Direct checkout</h1> } });
  await waitFor(() => expect(grid().getAttribute("aria-busy")).toBeNull());
  return { fetch, reads };
}

const grid = () => screen.getByTestId("number-grid");
const cell = (n: number) => grid().querySelector<HTMLButtonElement>(`[data-number="${n}"]`)!;
const stateOf = (n: number) => cell(n).getAttribute("data-state");
const chips = () =>
  within(screen.queryByTestId("chosen-numbers") ?? document.createElement("ul"))
    .queryAllByRole("listitem")
    .map((li) => li.textContent?.replace("×", "").trim());
const entries = () => screen.getByRole("spinbutton", { name: "Number of Entries" }) as HTMLInputElement;
const luckyDipButton = () => screen.getByRole("button", { name: "Lucky Dip" });

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
  await user.type(screen.getByLabelText("Email Address"), "ada@example.com");
}

describe("the number picker", () => {
  it("lets go of a chosen number the grid's next read shows taken by another buyer, and says so", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const ranges: Ranges = { sold: [[1, 3]], held: [] };
    await renderPicker(picking(), ranges);
    await user.click(cell(17));
    await user.click(cell(42));
    expect(chips()).toEqual(["#17", "#42"]);

    // Another buyer takes 17 while this one is still looking at the grid.
    ranges.held = [[17, 17]];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5100);
    });
    await waitFor(() => expect(chips()).toEqual(["#42"]));
    expect(stateOf(17)).toBe("held");
    expect(screen.getByText("Ticket #17 has just been taken by another buyer. Please choose another number.")).toBeTruthy();
    expect(entries().value).toBe("2");
    expect(screen.getByText("1 entry without a number")).toBeTruthy();
  });

  it("shows sold, held and free numbers from the numbers read, a page of 100 at a time", async () => {
    const user = userEvent.setup();
    const { reads } = await renderPicker(picking());

    expect(grid().getAttribute("aria-label")).toBe("Numbers 1–100");
    expect(grid().querySelectorAll("button")).toHaveLength(100);
    expect(stateOf(1)).toBe("sold");
    expect(cell(1).disabled).toBe(true);
    expect(cell(1).getAttribute("aria-label")).toBe("1, sold");
    expect(stateOf(4)).toBe("held");
    expect(cell(4).disabled).toBe(true);
    expect(cell(4).title).toBe("Held by a buyer who is paying");
    expect(stateOf(5)).toBe("free");
    expect(cell(5).getAttribute("aria-pressed")).toBe("false");
    expect(
      within(screen.getByRole("list", { name: "Key" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Free", "Chosen", "Held (a buyer is paying)", "Sold"]);

    const pages = screen.getByRole("combobox", { name: "Numbers shown" });
    expect(
      within(pages)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["1–100", "101–200", "201–250"]);
    await user.click(screen.getByRole("button", { name: "Next 100 numbers" }));
    expect(grid().getAttribute("aria-label")).toBe("Numbers 101–200");
    await user.selectOptions(pages, "201–250");
    expect(grid().querySelectorAll("button")).toHaveLength(50);
    expect(cell(250)).toBeTruthy();
    // One read answers the whole thousand, so paging within it asks nothing more.
    expect(reads).toEqual([{ from: 1, to: 250 }]);
    expect(screen.queryByLabelText("Go to number")).toBeNull();
  });

  it("chooses a number, adds an entry for a number beyond the quantity, and keeps the quantity when a chip is removed", async () => {
    const user = userEvent.setup();
    await renderPicker(picking());

    await user.click(cell(5));
    expect(stateOf(5)).toBe("chosen");
    expect(cell(5).getAttribute("aria-pressed")).toBe("true");
    expect(chips()).toEqual(["#5"]);
    expect(entries().value).toBe("1");

    await user.click(cell(42));
    expect(entries().value).toBe("2");
    expect(screen.getByTestId("entry-total").textContent).toBe("£5.00");
    expect(chips()).toEqual(["#5", "#42"]);

    await user.click(screen.getByRole("button", { name: "Remove number 5" }));
    expect(chips()).toEqual(["#42"]);
    expect(stateOf(5)).toBe("free");
    expect(entries().value).toBe("2");

    // Choosing a chosen number again gives it back.
    await user.click(cell(42));
    expect(screen.queryByTestId("chosen-numbers")).toBeNull();
    await user.click(cell(1));
    expect(stateOf(1)).toBe("sold");
  });

  it("stops at the most numbers the order may have", async () => {
    const user = userEvent.setup();
    await renderPicker(picking({ maxTicketsPerPerson: 2 }));
    await user.click(cell(5));
    await user.click(cell(6));
    await user.click(cell(7));
    expect(chips()).toEqual(["#5", "#6"]);
    expect(entries().value).toBe("2");
    expect(screen.getByText("You can choose at most 2 numbers in this order")).toBeTruthy();
  });

  it("asks for the numbers still missing before going on, then hands them to checkout", async () => {
    const user = userEvent.setup();
    const { fetch } = await renderPicker(picking());
    await fillDetails(user);
    await user.clear(entries());
    await user.type(entries(), "3");
    await user.click(cell(5));
    await user.click(screen.getByRole("button", { name: "Enter Now" }));

    expect(await screen.findByText("Choose 2 more numbers, or press Lucky Dip")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(luckyDipButton()));
    expect(fetch.mock.calls.some(([url]) => String(url).includes("checkAnswer"))).toBe(false);

    await user.click(cell(6));
    expect(screen.queryByText("Choose 2 more numbers, or press Lucky Dip")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Enter Now" }));
    expect(await screen.findByText("Choose 1 more number, or press Lucky Dip")).toBeTruthy();

    await user.click(luckyDipButton());
    await waitFor(() => expect(chips()).toHaveLength(3));
    await user.click(screen.getByRole("button", { name: "Enter Now" }));
    expect(await screen.findByRole("heading", { name: "Direct checkout" })).toBeTruthy();
    const pending = JSON.parse(sessionStorage.getItem(PENDING_ENTRY_KEY) ?? "null") as { tickets: number; numbers: string[] };
    expect(pending.tickets).toBe(3);
    expect(pending.numbers.slice(0, 2)).toEqual(["5", "6"]);
    expect(pending.numbers).toHaveLength(3);
  });

  it("fills exactly the entries without a number with free numbers only", async () => {
    const user = userEvent.setup();
    await renderPicker(picking({ maxTickets: 20 }), { sold: [[1, 10]], held: [[11, 15]] });
    await user.click(cell(20));
    await user.clear(entries());
    await user.type(entries(), "4");
    await user.click(luckyDipButton());

    await waitFor(() => expect(chips()).toHaveLength(4));
    const chosen = chips().map((c) => Number(c?.slice(1)));
    expect(chosen[0]).toBe(20);
    expect(new Set(chosen).size).toBe(4);
    for (const n of chosen) expect(n >= 16 && n <= 20).toBe(true);
    expect(entries().value).toBe("4");
    expect(luckyDipButton()).toHaveProperty("disabled", true);
  });

  it("ends a Lucky Dip with the numbers there are when nearly everything is sold", async () => {
    const user = userEvent.setup();
    await renderPicker(picking({ maxTickets: 20 }), { sold: [[1, 19]], held: [] });
    await user.clear(entries());
    await user.type(entries(), "3");
    await user.click(luckyDipButton());

    expect(await screen.findByText("Only 1 free number could be found.")).toBeTruthy();
    expect(chips()).toEqual(["#20"]);
    expect(entries().value).toBe("3");
  });

  it("jumps to a number's page in a big competition, reading that thousand, without sending the form", async () => {
    const user = userEvent.setup();
    const { reads } = await renderPicker(picking({ maxTickets: 5000, remainingTickets: 5000 }));
    await user.type(screen.getByLabelText("Go to number"), "1234{Enter}");

    await waitFor(() => expect(grid().getAttribute("aria-label")).toBe("Numbers 1201–1300"));
    await waitFor(() => expect(reads).toContainEqual({ from: 1001, to: 2000 }));
    expect(screen.queryByRole("heading", { name: "Direct checkout" })).toBeNull();
    expect(screen.queryByText("Full Name is required")).toBeNull();

    await user.clear(screen.getByLabelText("Go to number"));
    await user.type(screen.getByLabelText("Go to number"), "6000");
    await user.click(screen.getByRole("button", { name: "Go" }));
    expect(screen.getByText("Enter a number from 1 to 5000")).toBeTruthy();
  });

  it("puts the chosen numbers on the cart line", async () => {
    const user = userEvent.setup();
    await renderPicker(picking());
    await user.click(cell(5));
    await user.click(cell(42));
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toEqual([
      { competitionId: "comp-1", title: "Win a Tractor", image: "/tractor.jpg", price: "2.50", quantity: 2, numbers: ["5", "42"] },
    ]);
  });

  it("adds as many tickets as the form says, with the numbers chosen so far; the rest are drawn at random", async () => {
    const user = userEvent.setup();
    await renderPicker(picking());
    await user.clear(entries());
    await user.type(entries(), "3");
    await user.click(cell(5));
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toEqual([
      { competitionId: "comp-1", title: "Win a Tractor", image: "/tractor.jpg", price: "2.50", quantity: 3, numbers: ["5"] },
    ]);

    // Again with 5 (already on the line) and 6 for 3 entries: 5 is the same ticket, so two more.
    await user.click(cell(6));
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toEqual([
      { competitionId: "comp-1", title: "Win a Tractor", image: "/tractor.jpg", price: "2.50", quantity: 5, numbers: ["5", "6"] },
    ]);
  });

  it("adds nothing while more numbers are chosen than entries, and says so", async () => {
    const user = userEvent.setup();
    await renderPicker(picking());
    await user.click(cell(5));
    await user.click(cell(6));
    await user.clear(entries());
    await user.type(entries(), "1");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(screen.getAllByText("You have chosen 2 numbers for 1 entry: remove 1 or add entries").length).toBeGreaterThan(0);
    expect(localStorage.getItem(CART_STORAGE_KEY) ?? "[]").toBe("[]");
  });

  it("moves between free numbers with the arrow keys, from one tab stop", async () => {
    const user = userEvent.setup();
    await renderPicker(picking());
    expect(grid().querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    cell(5).focus();
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(cell(5)); // 1-4 are out
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(cell(15));
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(cell(100));
  });
});

describe("luckyDip", () => {
  it("ends after a bounded number of reads when a huge competition is nearly sold out", async () => {
    const free = new Set([123_456, 654_321, 999_999]);
    let reads = 0;
    const found = await luckyDip({
      need: 5,
      maxTickets: 1_000_000,
      exclude: new Set(),
      loadBlock: async (block) => {
        reads++;
        const from = block * 1000 + 1;
        const to = from + 999;
        const inside = [...free].filter((n) => n >= from && n <= to).sort((a, b) => a - b);
        const sold: number[][] = [];
        let start = from;
        for (const n of inside) {
          if (n > start) sold.push([start, n - 1]);
          start = n + 1;
        }
        if (start <= to) sold.push([start, to]);
        return { sold, held: [] };
      },
    });
    expect(found.length).toBeLessThanOrEqual(3);
    for (const n of found) expect(free.has(n)).toBe(true);
    expect(reads).toBeLessThanOrEqual(80);
  });
});
