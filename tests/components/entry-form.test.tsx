// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { EntryForm } from "../../src/client/components/competition/entry-form";
import { useCart } from "../../src/client/hooks/use-cart";
import { PENDING_ENTRY_KEY } from "../../src/client/lib/pending-entry";
import type { PublicCompetition } from "../../src/shared/schemas/competition";
import { renderWithApp, stubTrpcFetch } from "./render";

function competition(overrides: Partial<PublicCompetition> = {}): PublicCompetition {
  return {
    id: "comp-1",
    title: "Win a Tractor",
    description: "A red one.",
    image: "/tractor.jpg",
    category: "Machinery",
    price: "2.50",
    status: "active",
    startDate: "2030-01-01T00:00:00.000Z",
    endDate: "2030-02-01T00:00:00.000Z",
    drawDate: "2030-02-02T00:00:00.000Z",
    maxTickets: null,
    soldTickets: 0,
    maxTicketsPerPerson: null,
    featured: false,
    showOnHero: false,
    qualifyingQuestion: null,
    allowPostalEntry: false,
    postalAddress: null,
    prizeDetails: null,
    rules: null,
    faq: null,
    privacyPolicyUrl: null,
    termsOfUseUrl: null,
    numberOfWinners: 1,
    drawMode: "auto",
    cashAlternative: null,
    instantWin: false,
    createdAt: "2030-01-01T00:00:00.000Z",
    remainingTickets: null,
    soldOut: false,
    commitment: "abc",
    ...overrides,
  };
}

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

  it("shows £0.00 for a count outside what may be bought, and caps the buttons at the limit", async () => {
    const user = userEvent.setup();
    await renderForm(competition({ remainingTickets: 5, maxTicketsPerPerson: 10 }));
    expect(screen.getByText("£2.50 per entry · up to 5 per order")).toBeTruthy();

    await user.clear(entries());
    await user.type(entries(), "6");
    expect(total()).toBe("£0.00");

    await user.clear(entries());
    await user.type(entries(), "5");
    expect(total()).toBe("£12.50");
    expect(screen.getByRole("button", { name: "More entries" })).toHaveProperty("disabled", true);

    await user.clear(entries());
    expect(total()).toBe("£0.00");
    expect(screen.getByRole("button", { name: "Fewer entries" })).toHaveProperty("disabled", true);
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

  it("adds the competition to the cart", async () => {
    const user = userEvent.setup();
    await renderForm(competition());
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    await user.click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(within(screen.getByRole("status", { name: "Cart summary" })).getByText("2 in cart, £5.00")).toBeTruthy();
  });
});
