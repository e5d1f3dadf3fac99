// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CART_STORAGE_KEY } from "../../src/client/components/cart/cart-storage";
import { EntryForm } from "../../src/client/components/competition/entry-form";
import { useCart } from "../../src/client/hooks/use-cart";
import { PENDING_ENTRY_KEY } from "../../src/client/lib/pending-entry";
import type { PublicCompetition } from "../../src/shared/schemas/competition";
import { publicCompetition as competition } from "../factories/public-competition";
import { renderWithApp, stubTrpcFetch } from "./render";

function CartCount() {
  const { itemCount, totalPrice } = useCart();
  return <output aria-label="Cart summary">{`${itemCount} in cart, £${totalPrice}`}</output>;
}

/** Renders the form for a signed-out visitor, with `checkAnswer` answering `correct`. */
async function renderForm(c: PublicCompetition, { correct = true } = {}) {
  const fetch = stubTrpcFetch({
    "public.auth.session": () => null,
    "public.competitions.checkAnswer": () => ({ correct }),
  });
  renderWithApp(
    <>
      <EntryForm competition={c} />
      <CartCount />
    </>,
    { routes: { "/checkout/direct": <h1>Direct checkout</h1> } },
  );
  // Let the session read settle before interacting, so its update lands inside act().
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  return fetch;
}

const total = () => screen.getByTestId("entry-total").textContent;
const entries = () => screen.getByRole("spinbutton", { name: "Number of Entries" });

describe("EntryForm", () => {
  it("totals the entries at the competition's price", async () => {
    const user = userEvent.setup();
    await renderForm(competition());
    expect(total()).toBe("£2.50");

    await user.clear(entries());
    await user.type(entries(), "3");
    expect(total()).toBe("£7.50");

    await user.click(screen.getByRole("button", { name: "More entries" }));
    expect((entries() as HTMLInputElement).value).toBe("4");
    expect(total()).toBe("£10.00");

    await user.click(screen.getByRole("button", { name: "Fewer entries" }));
    await user.click(screen.getByRole("button", { name: "Fewer entries" }));
    expect(total()).toBe("£5.00");
  });

  it("says how many may be bought instead of a total for too many, and caps the buttons at the limit", async () => {
    const user = userEvent.setup();
    await renderForm(competition({ remainingTickets: 5, maxTicketsPerPerson: 10 }));
    expect(screen.getByText("£2.50 per entry · up to 5 per order")).toBeTruthy();

    await user.clear(entries());
    await user.type(entries(), "6");
    expect(screen.getByText("You can choose at most 5 entries")).toBeTruthy();
    expect(entries().getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByTestId("entry-total")).toBeNull();

    await user.clear(entries());
    await user.type(entries(), "5");
    expect(screen.queryByText("You can choose at most 5 entries")).toBeNull();
    expect(total()).toBe("£12.50");
    expect(screen.getByRole("button", { name: "More entries" })).toHaveProperty("disabled", true);

    await user.clear(entries());
    expect(total()).toBe("£0.00");
    expect(screen.getByRole("button", { name: "Fewer entries" })).toHaveProperty("disabled", true);
  });

  it("shows the order limit, not a £0.00 total, for more than 100 entries, and does not go on", async () => {
    const user = userEvent.setup();
    const fetch = await renderForm(competition());
    await user.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email Address"), "ada@example.com");
    await user.clear(entries());
    await user.type(entries(), "150");

    expect(screen.getByText("At most 100 entries per order")).toBeTruthy();
    expect(screen.queryByText("£0.00")).toBeNull();
    expect(entries().getAttribute("aria-invalid")).toBe("true");

    await user.click(screen.getByRole("button", { name: "Enter Now" }));
    await waitFor(() => expect(document.activeElement).toBe(entries()));
    expect(screen.getAllByText("At most 100 entries per order")).toHaveLength(1);
    expect(fetch).toHaveBeenCalledTimes(1); // only the session read: no answer check
    expect(screen.queryByRole("heading", { name: "Direct checkout" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Fewer entries" }));
    expect((entries() as HTMLInputElement).value).toBe("100");
    expect(total()).toBe("£250.00");
  });

  it("shows the spec's messages for an empty name and a bad email, and does not go on", async () => {
    const user = userEvent.setup();
    const fetch = await renderForm(competition());
    await user.type(screen.getByLabelText("Email Address"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Enter Now" }));

    const name = screen.getByRole("textbox", { name: "Full Name" });
    expect(await screen.findByText("Full Name is required")).toBeTruthy();
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(fetch).toHaveBeenCalledTimes(1); // only the session read: no answer check
    expect(screen.queryByRole("heading", { name: "Direct checkout" })).toBeNull();
  });

  it("asks for the qualifying answer and refuses more entries than allowed", async () => {
    const user = userEvent.setup();
    await renderForm(competition({ qualifyingQuestion: "How many wheels has a tractor?", maxTicketsPerPerson: 2 }));
    await user.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email Address"), "ada@example.com");
    await user.clear(entries());
    await user.type(entries(), "3");
    await user.click(screen.getByRole("button", { name: "Enter Now" }));

    expect(await screen.findByText("Please answer the qualifying question")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "How many wheels has a tractor?" }).getAttribute("aria-invalid")).toBe("true");

    await user.type(screen.getByLabelText("How many wheels has a tractor?"), "4");
    await user.click(screen.getByRole("button", { name: "Enter Now" }));
    expect(await screen.findByText("You can choose at most 2 entries")).toBeTruthy();
  });

  it("checks the answer and hands the entry with its total to checkout", async () => {
    const user = userEvent.setup();
    const fetch = await renderForm(competition({ qualifyingQuestion: "How many wheels?" }));
    await user.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email Address"), "ada@example.com");
    await user.type(screen.getByLabelText("How many wheels?"), " 4 ");
    await user.clear(entries());
    await user.type(entries(), "3");
    await user.click(screen.getByRole("button", { name: "Enter Now" }));

    expect(await screen.findByRole("heading", { name: "Direct checkout" })).toBeTruthy();
    const check = fetch.mock.calls.find(([url]) => String(url).includes("checkAnswer"));
    expect(JSON.parse(String(check?.[1]?.body))).toEqual({ "0": { competitionId: "comp-1", answer: "4" } });
    expect(JSON.parse(sessionStorage.getItem(PENDING_ENTRY_KEY) ?? "null")).toMatchObject({
      competitionId: "comp-1",
      customerName: "Ada Lovelace",
      customerEmail: "ada@example.com",
      tickets: 3,
      pricePerEntry: "2.50",
      totalAmount: "7.50",
    });
  });

  it("stays on the form when the answer is wrong", async () => {
    const user = userEvent.setup();
    await renderForm(competition({ qualifyingQuestion: "How many wheels?" }), { correct: false });
    await user.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email Address"), "ada@example.com");
    await user.type(screen.getByLabelText("How many wheels?"), "3");
    await user.click(screen.getByRole("button", { name: "Enter Now" }));

    await waitFor(() => expect(screen.getByRole("button", { name: "Enter Now" })).toHaveProperty("disabled", false));
    expect(screen.queryByRole("heading", { name: "Direct checkout" })).toBeNull();
    expect(sessionStorage.getItem(PENDING_ENTRY_KEY)).toBeNull();
  });

  it("adds the competition to the cart with the answer typed, so checkout need not ask again", async () => {
    const user = userEvent.setup();
    await renderForm(competition({ qualifyingQuestion: "How many wheels?" }));
    await user.type(screen.getByLabelText("How many wheels?"), " 4 ");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toEqual([
      { competitionId: "comp-1", title: "Win a Tractor", image: "/tractor.jpg", price: "2.50", quantity: 1, answer: "4" },
    ]);
  });

  it("adds the competition to the cart", async () => {
    const user = userEvent.setup();
    await renderForm(competition());
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(within(screen.getByRole("status", { name: "Cart summary" })).getByText("2 in cart, £5.00")).toBeTruthy();
  });

  it("adds the number of entries the form says to the cart, and that many more to a line already there", async () => {
    const user = userEvent.setup();
    await renderForm(competition());
    await user.clear(entries());
    await user.type(entries(), "3");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(within(screen.getByRole("status", { name: "Cart summary" })).getByText("3 in cart, £7.50")).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toEqual([
      { competitionId: "comp-1", title: "Win a Tractor", image: "/tractor.jpg", price: "2.50", quantity: 3 },
    ]);

    await user.click(screen.getByRole("button", { name: "Fewer entries" }));
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(within(screen.getByRole("status", { name: "Cart summary" })).getByText("5 in cart, £12.50")).toBeTruthy();
  });

  it("adds nothing to the cart for a number of entries it may not have, and says why", async () => {
    const user = userEvent.setup();
    await renderForm(competition({ remainingTickets: 5 }));
    await user.clear(entries());
    await user.type(entries(), "6");
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    await waitFor(() => expect(document.activeElement).toBe(entries()));
    expect(screen.getByText("You can choose at most 5 entries")).toBeTruthy();

    await user.clear(entries());
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(screen.getByText("Choose at least 1 entry")).toBeTruthy();
    expect(within(screen.getByRole("status", { name: "Cart summary" })).getByText("0 in cart, £0.00")).toBeTruthy();
    expect(localStorage.getItem(CART_STORAGE_KEY) ?? "[]").toBe("[]");
  });
});
