// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { OrderCard } from "../../src/client/components/account/order-card";
import type { CartItem } from "../../src/client/components/cart/cart-items";
import { CartPanel } from "../../src/client/components/cart/cart-panel";
import { CART_STORAGE_KEY } from "../../src/client/components/cart/cart-storage";
import { PaymentSuccess } from "../../src/client/components/checkout/payment-success";
import { EntryForm } from "../../src/client/components/competition/entry-form";
import { PENDING_ENTRY_KEY, type PendingEntry } from "../../src/client/lib/pending-entry";
import { CheckoutPage } from "../../src/client/routes/public/checkout-page";
import { DirectCheckoutPage } from "../../src/client/routes/public/direct-checkout-page";
import type { PublicCompetition } from "../../src/shared/schemas/competition";
import type { OrderView } from "../../src/shared/schemas/order";
import { publicCompetition } from "../factories/public-competition";
import { CUSTOMER, PAID_ORDER } from "./checkout-fixtures";
import { refusal, renderWithApp, stubTrpcFetch, type TrpcAnswers } from "./render";
import { renderAt } from "./render-at";

const TIERS = [
  { minQuantity: 5, pricePerTicket: "1.89" },
  { minQuantity: 10, pricePerTicket: "1.79" },
];
/** £1.99 a ticket, £1.89 from 5, £1.79 from 10; buyers choose their numbers from 1..500. */
const SEEDS = publicCompetition({
  id: "comp-seeds",
  title: "Seed Drill",
  price: "1.99",
  priceTiers: TIERS,
  pickNumbers: true,
  allocation: "random",
  maxTickets: 500,
  remainingTickets: 480,
  startDate: "2020-01-01T00:00:00.000Z",
});

const TAKEN = "Ticket #17 has just been taken by another buyer. Please choose another number.";

afterEach(() => {
  sonner.dismiss();
});

const entries = () => screen.getByRole("spinbutton", { name: "Number of Entries" }) as HTMLInputElement;
const tier = (name: string) => screen.getByRole("button", { name });
const sent = (fetch: ReturnType<typeof stubTrpcFetch>, path: string) =>
  fetch.mock.calls.filter(([url]) => String(url).includes(path)).map(([, init]) => (JSON.parse(String(init?.body)) as Record<string, unknown>)["0"]);

describe("multibuy prices on the entry form", () => {
  async function renderForm(c: PublicCompetition) {
    const fetch = stubTrpcFetch({
      "public.auth.session": () => null,
      "public.competitions.checkAnswer": () => ({ correct: true }),
      "public.competitions.numbers": () => ({ competitionId: c.id, from: 1, to: 500, maxTickets: 500, pickNumbers: true, sold: [], held: [] }),
    });
    renderWithApp(<EntryForm competition={c} />, { routes: { "/checkout/direct": <h1>Direct checkout</h1> } });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    return fetch;
  }

  it("offers a button per price, prices the quantity as the server does and says what it saves", async () => {
    const user = userEvent.setup();
    await renderForm(publicCompetition({ price: "1.99", priceTiers: TIERS }));

    const group = screen.getByRole("group", { name: "Multibuy prices" });
    expect(
      within(group)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["1 ticket · £1.99 each", "5 tickets · £1.89 each · save £0.50", "10 tickets · £1.79 each · save £2.00"]);
    expect(tier("1 ticket · £1.99 each").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("entry-total").textContent).toBe("£1.99");
    expect(screen.queryByTestId("entry-saving")).toBeNull();

    await user.click(tier("10 tickets · £1.79 each · save £2.00"));
    expect(entries().value).toBe("10");
    expect(screen.getByTestId("entry-total").textContent).toBe("£17.90");
    expect(screen.getByTestId("entry-saving").textContent).toBe("You save £2.00");
    expect(tier("10 tickets · £1.79 each · save £2.00").getAttribute("aria-pressed")).toBe("true");
    expect(tier("1 ticket · £1.99 each").getAttribute("aria-pressed")).toBe("false");
    expect(screen.getByText("£1.79 per entry · up to 100 per order")).toBeTruthy();

    // Between two tiers, the lower one's price applies and is the one highlighted.
    await user.clear(entries());
    await user.type(entries(), "7");
    expect(screen.getByTestId("entry-total").textContent).toBe("£13.23");
    expect(screen.getByTestId("entry-saving").textContent).toBe("You save £0.70");
    expect(tier("5 tickets · £1.89 each · save £0.50").getAttribute("aria-pressed")).toBe("true");
  });

  it("offers no tier the order may not reach, and no buttons without multibuy prices", async () => {
    await renderForm(publicCompetition({ price: "1.99", priceTiers: TIERS, maxTicketsPerPerson: 6 }));
    expect(within(screen.getByRole("group", { name: "Multibuy prices" })).getAllByRole("button")).toHaveLength(2);
  });

  it("hands checkout the tier's price per ticket and the line total", async () => {
    const user = userEvent.setup();
    await renderForm(publicCompetition({ price: "1.99", priceTiers: TIERS }));
    await user.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email Address"), "ada@example.com");
    await user.click(tier("10 tickets · £1.79 each · save £2.00"));
    await user.click(screen.getByRole("button", { name: "Enter Now" }));

    expect(await screen.findByRole("heading", { name: "Direct checkout" })).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem(PENDING_ENTRY_KEY) ?? "null")).toMatchObject({
      tickets: 10,
      pricePerEntry: "1.79",
      totalAmount: "17.90",
      basePrice: "1.99",
      priceTiers: TIERS,
    });
  });
});

describe("multibuy prices in the cart", () => {
  const line = (over: Partial<CartItem> = {}): CartItem => ({
    competitionId: SEEDS.id,
    title: SEEDS.title,
    image: SEEDS.image,
    price: "1.99",
    priceTiers: TIERS,
    quantity: 10,
    ...over,
  });

  it("prices each line with its tiers and says what the tier saves", async () => {
    const user = userEvent.setup();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line()]));
    renderWithApp(<CartPanel onClose={() => {}} />);

    expect(screen.getByText(/^£1\.79 each/)).toBeTruthy();
    expect(screen.getByTestId("cart-line-saving").textContent).toBe("save £2.00");
    expect(screen.getByTestId("cart-total").textContent).toBe("£17.90");

    await user.click(screen.getByRole("button", { name: "Decrease quantity of Seed Drill" }));
    expect(screen.getByText(/^£1\.89 each/)).toBeTruthy();
    expect(screen.getByTestId("cart-total").textContent).toBe("£17.01");
  });

  it("lets chosen numbers go, drawn at random, when the quantity changes", async () => {
    const user = userEvent.setup();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line({ quantity: 2, numbers: ["17", "42"] })]));
    renderWithApp(<CartPanel onClose={() => {}} />);
    expect(screen.getAllByTestId("cart-number").map((n) => n.textContent)).toEqual(["#17", "#42"]);

    await user.click(screen.getByRole("button", { name: "Increase quantity of Seed Drill" }));
    expect(screen.queryByTestId("cart-number")).toBeNull();
    expect(screen.getByTestId("cart-random-note").textContent).toContain("Numbers will be drawn at random");
    expect(screen.getByRole("link", { name: "Choose numbers" }).getAttribute("href")).toBe("/competition/comp-seeds");
    const saved = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]") as CartItem[];
    expect(saved[0]).toMatchObject({ quantity: 3, numbersCleared: true });
    expect(saved[0]).not.toHaveProperty("numbers");
  });
});

describe("multibuy savings on the receipt", () => {
  const order = (saving: string): OrderView => ({
    ...PAID_ORDER,
    amount: "17.90",
    lines: [{ ...PAID_ORDER.lines[0]!, quantity: 10, amount: "17.90", unitPrice: "1.79", saving }],
  });

  it("shows the unit price and the saving on a line bought at a multibuy price", () => {
    renderWithApp(
      <>
        <PaymentSuccess result={order("2.00")} />
        <ul>
          <OrderCard order={order("2.00")} />
        </ul>
      </>,
    );
    expect(screen.getAllByTestId("line-saving").map((s) => s.textContent)).toEqual(["Multibuy saving: −£2.00", "Multibuy saving: −£2.00"]);
    expect(screen.getAllByTestId("line-unit-price").map((s) => s.textContent)).toEqual(["10 × £1.79", "10 × £1.79"]);
  });

  it("shows nothing extra for a line at the ticket price", () => {
    renderWithApp(<PaymentSuccess result={order("0.00")} />);
    expect(screen.queryByTestId("line-saving")).toBeNull();
  });
});

describe("chosen numbers taken by another buyer", () => {
  const pending: PendingEntry = {
    competitionId: SEEDS.id,
    competitionTitle: SEEDS.title,
    competitionImage: SEEDS.image,
    customerName: "Ada Lovelace",
    customerEmail: "ada@example.com",
    answer: "",
    tickets: 10,
    pricePerEntry: "1.79",
    totalAmount: "17.90",
    basePrice: "1.99",
    priceTiers: TIERS,
    numbers: ["17", "42", "100", "101", "102", "103", "104", "105", "106", "107"],
  };
  const signedIn: TrpcAnswers = {
    "public.auth.session": () => ({ ...CUSTOMER, address: "1 Farm Lane", city: "Hereford", postcode: "HR1 1AA" }),
    "public.content.shopMode": () => ({ demo: false }),
    "customer.protection.limits": () => ({ suspension: null }),
    "public.payments.simulatedToken": () => ({ token: "sim_tok_1" }),
  };

  async function fillCard(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText("Name on Card"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Card Number"), "4242424242424242");
    await user.type(screen.getByLabelText("Expiry Date"), "1230");
    await user.type(screen.getByLabelText("CVV"), "123");
  }

  function openDirectCheckout() {
    sessionStorage.setItem(PENDING_ENTRY_KEY, JSON.stringify(pending));
    localStorage.setItem("auth_token", "tok-1");
    let attempts = 0;
    const fetch = stubTrpcFetch({
      ...signedIn,
      "public.entries.checkoutDirect": () => (++attempts === 1 ? refusal("NUMBERS_TAKEN", TAKEN, { lost: ["17"], nearby: ["16", "18", "19"] }) : PAID_ORDER),
    });
    renderAt("/checkout/direct", { "/checkout/direct": <DirectCheckoutPage />, "/competition/:id": <h1>Competition page</h1> });
    return fetch;
  }

  it("prices the direct checkout with the tier, shows the numbers, and sends them", async () => {
    openDirectCheckout();
    expect(await screen.findByTestId("your-numbers")).toBeTruthy();
    expect(screen.getByTestId("your-numbers").textContent).toBe("Your numbers: #17 #42 #100 #101 #102 #103 #104 #105 #106 #107");
    expect(screen.getByText("10 × £1.79")).toBeTruthy();
    expect(screen.getByTestId("checkout-saving").textContent).toBe("Multibuy saving: −£2.00");
    expect(screen.getByTestId("direct-total").textContent).toBe("£17.90");
    expect(await screen.findByRole("button", { name: "Pay £17.90" })).toBeTruthy();
  });

  it("offers the free numbers nearby on the direct checkout, and the next Pay sends the replacement", async () => {
    const user = userEvent.setup();
    const fetch = openDirectCheckout();
    await fillCard(user);
    await user.click(await screen.findByRole("button", { name: "Pay £17.90" }));

    const alert = await screen.findByTestId("numbers-taken");
    expect(within(alert).getByText(TAKEN)).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Use #16 instead", "Use #18 instead", "Use #19 instead"]);
    expect(screen.queryByText("Payment Failed")).toBeNull();
    expect(sent(fetch, "checkoutDirect")[0]).toMatchObject({ tickets: 10, numbers: pending.numbers });

    await user.click(within(alert).getByRole("button", { name: "Use #16 instead" }));
    expect(screen.queryByTestId("numbers-taken")).toBeNull();
    expect(screen.getByTestId("numbers-replaced").textContent).toContain("Now #16 instead of #17.");
    expect(screen.getByTestId("your-numbers").textContent).toBe("Your numbers: #16 #42 #100 #101 #102 #103 #104 #105 #106 #107");
    expect(JSON.parse(sessionStorage.getItem(PENDING_ENTRY_KEY) ?? "null").numbers[0]).toBe("16");

    await user.click(screen.getByRole("button", { name: "Pay £17.90" }));
    expect(await screen.findByRole("heading", { name: "Payment Successful!" })).toBeTruthy();
    const [, second] = sent(fetch, "checkoutDirect") as Array<{ numbers: string[]; idempotencyKey: string }>;
    expect(second?.numbers).toEqual(["16", "42", "100", "101", "102", "103", "104", "105", "106", "107"]);
  });

  it("goes back to the competition page to choose again, keeping the entry without the lost number", async () => {
    const user = userEvent.setup();
    openDirectCheckout();
    await fillCard(user);
    await user.click(await screen.findByRole("button", { name: "Pay £17.90" }));
    await user.click(await screen.findByRole("link", { name: "Choose again on the competition page" }));

    expect(await screen.findByRole("heading", { name: "Competition page" })).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/competition/comp-seeds");
    expect(JSON.parse(sessionStorage.getItem(PENDING_ENTRY_KEY) ?? "null")).toMatchObject({
      tickets: 10,
      customerName: "Ada Lovelace",
      numbers: ["42", "100", "101", "102", "103", "104", "105", "106", "107"],
    });
  });

  it("picks up where the buyer left off when they come back to choose again", async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(PENDING_ENTRY_KEY, JSON.stringify({ ...pending, numbers: (pending.numbers ?? []).slice(1) }));
    stubTrpcFetch({
      "public.auth.session": () => null,
      "public.competitions.checkAnswer": () => ({ correct: true }),
      "public.competitions.numbers": () => ({ competitionId: SEEDS.id, from: 1, to: 500, maxTickets: 500, pickNumbers: true, sold: [[17, 17]], held: [] }),
    });
    renderWithApp(<EntryForm competition={SEEDS} />, { routes: { "/checkout/direct": <h1>Direct checkout</h1> } });

    expect((screen.getByLabelText("Full Name") as HTMLInputElement).value).toBe("Ada Lovelace");
    expect(entries().value).toBe("10");
    expect(within(screen.getByTestId("chosen-numbers")).getAllByRole("listitem")).toHaveLength(9);
    await user.click(screen.getByRole("button", { name: "Enter Now" }));
    expect(await screen.findByText("Choose 1 more number, or press Lucky Dip")).toBeTruthy();
  });

  it("takes the lost number off the cart line, offers the ones nearby, and sends the line's numbers", async () => {
    const user = userEvent.setup();
    const cartLine: CartItem = {
      competitionId: SEEDS.id,
      title: SEEDS.title,
      image: SEEDS.image,
      price: "1.99",
      priceTiers: TIERS,
      quantity: 2,
      numbers: ["17", "42"],
    };
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([cartLine]));
    localStorage.setItem("auth_token", "tok-1");
    let attempts = 0;
    const fetch = stubTrpcFetch({
      ...signedIn,
      "public.competitions.list": () => [SEEDS],
      "public.entries.checkoutCart": () => (++attempts === 1 ? refusal("NUMBERS_TAKEN", TAKEN, { lost: ["17"], nearby: ["16", "18"] }) : PAID_ORDER),
    });
    renderAt("/checkout", { "/checkout": <CheckoutPage /> });
    await fillCard(user);
    await user.click(await screen.findByRole("button", { name: "Complete Order - £3.98" }));

    const alert = await screen.findByTestId("numbers-taken");
    expect(within(alert).getByText(TAKEN)).toBeTruthy();
    expect(within(alert).getByText("Or pay as it is, and Seed Drill gets one number drawn at random.")).toBeTruthy();
    expect((sent(fetch, "checkoutCart")[0] as { lines: unknown[] }).lines).toEqual([
      { competitionId: SEEDS.id, quantity: 2, answer: null, numbers: ["17", "42"] },
    ]);
    expect(screen.getAllByTestId("cart-number").map((n) => n.textContent)).toEqual(["#42"]);

    await user.click(within(alert).getByRole("button", { name: "Use #16 instead" }));
    expect(screen.queryByTestId("numbers-taken")).toBeNull();
    expect(screen.getAllByTestId("cart-number").map((n) => n.textContent)).toEqual(["#16", "#42"]);

    await user.click(screen.getByRole("button", { name: "Complete Order - £3.98" }));
    expect(await screen.findByText("Order Confirmed")).toBeTruthy();
    expect((sent(fetch, "checkoutCart")[1] as { lines: unknown[] }).lines).toEqual([
      { competitionId: SEEDS.id, quantity: 2, answer: null, numbers: ["42", "16"] },
    ]);
  });

  it("draws random free numbers for a cart line's lost numbers when paying without replacing them", async () => {
    const user = userEvent.setup();
    const cartLine: CartItem = { competitionId: SEEDS.id, title: SEEDS.title, image: SEEDS.image, price: "1.99", quantity: 2, numbers: ["42"] };
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([cartLine]));
    localStorage.setItem("auth_token", "tok-1");
    const fetch = stubTrpcFetch({
      ...signedIn,
      "public.competitions.list": () => [SEEDS],
      "public.competitions.numbers": () => ({ competitionId: SEEDS.id, from: 1, to: 500, maxTickets: 500, pickNumbers: true, sold: [[1, 499]], held: [] }),
      "public.entries.checkoutCart": () => PAID_ORDER,
    });
    renderAt("/checkout", { "/checkout": <CheckoutPage /> });
    expect((await screen.findByTestId("cart-random-note")).textContent).toBe("1 more number will be drawn at random.");
    await fillCard(user);
    await user.click(await screen.findByRole("button", { name: "Complete Order - £3.98" }));

    expect(await screen.findByText("Order Confirmed")).toBeTruthy();
    expect((sent(fetch, "checkoutCart")[0] as { lines: unknown[] }).lines).toEqual([
      { competitionId: SEEDS.id, quantity: 2, answer: null, numbers: ["42", "500"] },
    ]);
  });
});
