// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY } from "../../src/client/components/cart/cart-storage";
import { CheckoutPage } from "../../src/client/routes/public/checkout-page";
import type { AuthUser } from "../../src/shared/schemas/auth";
import { CUSTOMER, PAID_ORDER, SPADE, SPADE_LINE } from "./checkout-fixtures";
import { refusal, stubTrpcFetch, type TrpcAnswers } from "./render";
import { renderAt } from "./render-at";

const DOB_NEEDED = "Please add your date of birth to your profile before entering: our competitions are for people aged 18 or over.";
const VERIFY = "Please confirm your email address before paying: use the link we emailed you, or send a new one from your account.";

/** The cart checkout for a signed-in customer; `answers` add to or replace the shop's answers. */
function openCheckout(user: AuthUser, answers: TrpcAnswers = {}) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([SPADE_LINE]));
  localStorage.setItem("auth_token", "tok-1");
  let current = user;
  const saved: unknown[] = [];
  const fetch = stubTrpcFetch({
    "public.auth.session": () => current,
    "public.content.shopMode": () => ({ demo: false }),
    "public.competitions.list": () => [SPADE],
    "customer.protection.limits": () => ({ suspension: null }),
    "public.payments.simulatedToken": () => ({ token: "sim_tok_1" }),
    "customer.account.setDateOfBirth": (input) => {
      saved.push(input);
      current = { ...current, dateOfBirth: (input as { dateOfBirth: string }).dateOfBirth };
      return current;
    },
    ...answers,
  });
  renderAt("/checkout", { "/checkout": <CheckoutPage /> });
  return { fetch, saved };
}

const card = () => screen.getByLabelText("Card Number") as HTMLInputElement;

async function fillPayment(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Name on Card"), "Ada Lovelace");
  await user.type(card(), "4242424242424242");
  await user.type(screen.getByLabelText("Expiry Date"), "1230");
  await user.type(screen.getByLabelText("CVV"), "123");
}

const dateField = () => screen.getByRole("form", { name: "Your date of birth" }).querySelector("input") as HTMLInputElement;

describe("the checkout's date-of-birth step", () => {
  afterEach(() => {
    sonner.dismiss();
  });

  it("asks an account without a date of birth for it, with the reason, before the card form", async () => {
    const user = userEvent.setup();
    const { saved } = openCheckout({ ...CUSTOMER, dateOfBirth: null });

    expect(await screen.findByRole("heading", { name: "Your date of birth" })).toBeTruthy();
    expect(screen.getByText(/We ask because only people aged 18 or over may enter\./)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Complete Order/ })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(saved).toHaveLength(0);
    expect(dateField().getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(dateField(), { target: { value: "1990-05-17" } });
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));

    expect(await screen.findByRole("button", { name: "Complete Order - £5.00" })).toBeTruthy();
    expect(saved).toEqual([{ dateOfBirth: "1990-05-17" }]);
    expect(screen.queryByRole("heading", { name: "Your date of birth" })).toBeNull();
  });

  it("shows the step, not 'Payment Failed', when paying is refused for want of a date of birth, and keeps the card typed", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { saved } = openCheckout(CUSTOMER, {
      "public.entries.checkoutCart": () => (++attempts === 1 ? refusal("DATE_OF_BIRTH_NEEDED", DOB_NEEDED) : PAID_ORDER),
    });

    await screen.findByRole("button", { name: "Complete Order - £5.00" });
    await fillPayment(user);
    await user.click(screen.getByRole("button", { name: "Complete Order - £5.00" }));

    expect(await screen.findByRole("heading", { name: "Your date of birth" })).toBeTruthy();
    expect(screen.queryByText("Payment Failed")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Complete Order/ })).toBeNull();

    fireEvent.change(dateField(), { target: { value: "1985-02-03" } });
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));

    await screen.findByRole("button", { name: "Complete Order - £5.00" });
    expect(saved).toEqual([{ dateOfBirth: "1985-02-03" }]);
    expect(card().value).toBe("4242 4242 4242 4242");
    expect((screen.getByLabelText("CVV") as HTMLInputElement).value).toBe("123");
    expect((screen.getByLabelText("Address") as HTMLInputElement).value).toBe("1 Farm Lane");

    await user.click(screen.getByRole("button", { name: "Complete Order - £5.00" }));
    expect(await screen.findByText("0007")).toBeTruthy();
    expect(attempts).toBe(2);
    expect(screen.queryByText("Payment Failed")).toBeNull();
  });

  it("says an unconfirmed email needs confirming, on the page, with a button that sends the link again", async () => {
    const user = userEvent.setup();
    let resent = 0;
    openCheckout(
      { ...CUSTOMER, emailVerified: false },
      {
        "public.entries.checkoutCart": () => refusal("EMAIL_NOT_VERIFIED", VERIFY),
        "customer.account.resendVerification": () => {
          resent++;
          return { ok: true, alreadyVerified: false };
        },
      },
    );

    await screen.findByRole("button", { name: "Complete Order - £5.00" });
    await fillPayment(user);
    await user.click(screen.getByRole("button", { name: "Complete Order - £5.00" }));

    expect(await screen.findByText(VERIFY)).toBeTruthy();
    expect(screen.queryByText("Payment Failed")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Resend email" }));
    expect(await screen.findByText(/We've sent you a new link/)).toBeTruthy();
    expect(resent).toBe(1);
    await waitFor(() => expect(card().value).toBe("4242 4242 4242 4242"));
  });
});
