// @vitest-environment happy-dom
import { useMutation } from "@tanstack/react-query";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CartItem } from "../../src/client/components/cart/cart-items";
import { CART_STORAGE_KEY } from "../../src/client/components/cart/cart-storage";
import { CartCheckoutForm } from "../../src/client/components/checkout/cart-checkout-form";
import { useCartAnswers, WRONG_ANSWER_FIELD } from "../../src/client/components/checkout/use-cart-answers";
import { useCheckoutFailure } from "../../src/client/components/checkout/use-checkout-failure";
import { AppToaster } from "../../src/client/components/ui/app-toaster";
import { useTRPC } from "../../src/client/lib/trpc";
import type { CartCheckoutInput } from "../../src/shared/schemas/entry";
import type { PublicCompetition } from "../../src/shared/schemas/competition";
import { publicCompetition } from "../factories/public-competition";
import { refusal, renderWithApp, stubTrpcFetch } from "./render";

const TRACTOR = publicCompetition({ id: "comp-1", title: "Win a Tractor", qualifyingQuestion: "How many wheels?" });
const HAMPER = publicCompetition({ id: "comp-2", title: "Farm Hamper", price: "1.00", qualifyingQuestion: "What colour is grass?" });
const SPADE = publicCompetition({ id: "comp-3", title: "Garden Spade", price: "0.50" });
const COMPETITIONS = new Map([TRACTOR, HAMPER, SPADE].map((c): [string, PublicCompetition] => [c.id, c]));
const WRONG = 'Incorrect answer to the qualifying question for "Farm Hamper"';

const line = (c: PublicCompetition, quantity: number, answer?: string): CartItem => ({
  competitionId: c.id,
  title: c.title,
  image: c.image,
  price: c.price,
  quantity,
  ...(answer ? { answer } : {}),
});

const answerField = (c: PublicCompetition) => screen.getByRole("textbox", { name: c.qualifyingQuestion ?? "" }) as HTMLInputElement;

/** Stands in for a checkout's pay button: sends the order and explains its refusal as the checkouts do. */
function PayButton() {
  const trpc = useTRPC();
  const checkout = useMutation(trpc.public.entries.checkoutCart.mutationOptions());
  const explainFailure = useCheckoutFailure("There was an error processing your payment. Please try again.");
  return (
    <button type="button" onClick={() => void checkout.mutateAsync({} as CartCheckoutInput).catch(explainFailure)}>
      Pay
    </button>
  );
}

describe("cart checkout", () => {
  afterEach(() => {
    sonner.dismiss();
  });

  it("fills in the answer given on the competition page, and it can still be changed", async () => {
    const user = userEvent.setup();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line(TRACTOR, 1, "4"), line(HAMPER, 2)]));
    const fetch = stubTrpcFetch({ "public.auth.session": () => null, "public.content.shopMode": () => ({ demo: false }) });
    renderWithApp(<CartCheckoutForm competitions={COMPETITIONS} ready onPaid={vi.fn()} />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());

    expect(answerField(TRACTOR).value).toBe("4");
    expect(answerField(HAMPER).value).toBe("");

    // Only the question not answered on its competition page is asked for.
    await user.click(screen.getByRole("button", { name: /^Complete Order/ }));
    expect(answerField(HAMPER).getAttribute("aria-invalid")).toBe("true");
    expect(answerField(TRACTOR).getAttribute("aria-invalid")).toBeNull();

    await user.clear(answerField(TRACTOR));
    await user.type(answerField(TRACTOR), "four");
    expect(answerField(TRACTOR).value).toBe("four");
  });

  it("says 'Incorrect Answer' for a wrong answer, not 'Payment Failed'", async () => {
    const user = userEvent.setup();
    stubTrpcFetch({ "public.entries.checkoutCart": () => refusal("WRONG_ANSWER", WRONG, { competitionId: HAMPER.id }) });
    renderWithApp(
      <>
        <PayButton />
        <AppToaster />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Pay" }));

    expect(await screen.findByText("Incorrect Answer")).toBeTruthy();
    expect(screen.getByText("Please check your answer to the qualifying question and try again.")).toBeTruthy();
    expect(screen.queryByText("Payment Failed")).toBeNull();
    expect(screen.queryByText(WRONG)).toBeNull();
  });

  it("still quotes the server for other refusals", async () => {
    const user = userEvent.setup();
    stubTrpcFetch({ "public.entries.checkoutCart": () => refusal("SOLD_OUT", '"Farm Hamper" has sold out') });
    renderWithApp(
      <>
        <PayButton />
        <AppToaster />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Pay" }));

    expect(await screen.findByText("Payment Failed")).toBeTruthy();
    expect(screen.getByText('"Farm Hamper" has sold out')).toBeTruthy();
  });
});

describe("what the cart checkout says and does when it is refused", () => {
  afterEach(() => {
    sonner.dismiss();
  });

  const LIMIT = "This order would take you over your monthly spending limit of £20.00. You have £3.50 left this month.";

  it("names the monthly spending limit in the title, not 'Payment Failed', and keeps the server's words and the way to the limits", async () => {
    const user = userEvent.setup();
    stubTrpcFetch({ "public.entries.checkoutCart": () => refusal("SPENDING_LIMIT", LIMIT, { remainingThisMonth: "3.50" }) });
    renderWithApp(
      <>
        <PayButton />
        <AppToaster />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Pay" }));

    expect(await screen.findByText("Monthly spending limit reached")).toBeTruthy();
    expect(screen.getByText(LIMIT)).toBeTruthy();
    expect(screen.getByRole("link", { name: "See your spending limits" }).getAttribute("href")).toBe("/account?tab=limits");
    expect(screen.queryByText("Payment Failed")).toBeNull();
  });

  it("names the credit-card cap the same way", async () => {
    const user = userEvent.setup();
    const cap =
      "Credit card payments are limited to £250.00 a month. You have £0.00 of credit card spending left this month; a debit card can be used instead.";
    stubTrpcFetch({ "public.entries.checkoutCart": () => refusal("CREDIT_CARD_LIMIT", cap) });
    renderWithApp(
      <>
        <PayButton />
        <AppToaster />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Pay" }));
    expect(await screen.findByText("Monthly credit card limit reached")).toBeTruthy();
    expect(screen.getByText(cap)).toBeTruthy();
    expect(screen.queryByText("Payment Failed")).toBeNull();
  });

  it("moves focus to the card number the card form refused, with its message, and places no order", async () => {
    const user = userEvent.setup();
    const invalid = "Your card number is invalid.";
    const orders: unknown[] = [];
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line(SPADE, 2)]));
    stubTrpcFetch({
      "public.auth.session": () => null,
      "public.content.shopMode": () => ({ demo: false }),
      "public.payments.simulatedToken": () => refusal("INVALID_INPUT", invalid, { fieldErrors: { cardNumber: [invalid] } }),
      "public.entries.checkoutCart": (input) => {
        orders.push(input);
        return null;
      },
    });
    renderWithApp(<CartCheckoutForm competitions={COMPETITIONS} ready onPaid={vi.fn()} />);
    for (const [label, value] of [
      ["Email Address", "ada@example.test"],
      ["First Name", "Ada"],
      ["Last Name", "Lovelace"],
      ["Address", "1 Farm Lane"],
      ["City", "Hereford"],
      ["Postcode", "HR1 1AA"],
      ["Name on Card", "Ada Lovelace"],
      ["Card Number", "4242424242424241"],
      ["Expiry Date", "1234"],
      ["CVV", "123"],
    ] as const)
      await user.type(await screen.findByLabelText(label), value);
    await user.click(screen.getByRole("button", { name: "Complete Order - £1.00" }));

    const cardNumber = screen.getByLabelText("Card Number");
    await waitFor(() => expect(document.activeElement).toBe(cardNumber));
    expect(cardNumber.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(invalid)).toBeTruthy();
    expect(cardNumber.getAttribute("aria-describedby")).toBe(screen.getByText(invalid).id);
    expect(orders).toEqual([]);
  });
});

describe("the cart's qualifying answers", () => {
  const render = (cart: CartItem[]) => renderHook(() => useCartAnswers(cart, COMPETITIONS));

  it("marks the line whose answer the server found wrong, until it is changed", () => {
    const { result } = render([line(TRACTOR, 1, "4"), line(HAMPER, 2, "blue")]);
    act(() => void result.current.markWrong(HAMPER.id));
    expect(result.current.errors).toEqual({ [HAMPER.id]: WRONG_ANSWER_FIELD });

    act(() => result.current.change(HAMPER.id, "green"));
    expect(result.current.errors[HAMPER.id]).toBeUndefined();
    expect(result.current.answers).toEqual({ [TRACTOR.id]: "4", [HAMPER.id]: "green" });
  });

  it("marks the only line with a question when the server does not say which, and none when it cannot tell", () => {
    const one = render([line(SPADE, 1), line(HAMPER, 1, "blue")]);
    act(() => expect(one.result.current.markWrong(undefined)).toBe(true));
    expect(one.result.current.errors).toEqual({ [HAMPER.id]: WRONG_ANSWER_FIELD });

    const two = render([line(TRACTOR, 1, "3"), line(HAMPER, 1, "blue")]);
    act(() => expect(two.result.current.markWrong(undefined)).toBe(false));
    expect(two.result.current.errors).toEqual({});
  });
});
