// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast as sonner } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY } from "../../src/client/components/cart/cart-storage";
import { CheckoutPage } from "../../src/client/routes/public/checkout-page";
import type { AuthUser } from "../../src/shared/schemas/auth";
import { CUSTOMER, SPADE, SPADE_LINE } from "./checkout-fixtures";
import { refusal, stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";

const EMAIL_TAKEN = "An account with this email already exists. Please sign in instead.";

/** The cart checkout for a visitor; `signIn` / `register` answer the panel's calls. */
function visitCheckout(answers: { login?: (input: unknown) => unknown; register?: (input: unknown) => unknown }) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([SPADE_LINE]));
  let signedIn: AuthUser | null = null;
  const signInWith = (answer: (input: unknown) => unknown) => (input: unknown) => {
    const result = answer(input);
    if (result && typeof result === "object" && "user" in result) signedIn = (result as { user: AuthUser }).user;
    return result;
  };
  const fetch = stubTrpcFetch({
    "public.auth.session": () => signedIn,
    "public.content.shopMode": () => ({ demo: false }),
    "public.competitions.list": () => [SPADE],
    "customer.protection.limits": () => ({ suspension: null }),
    ...(answers.login ? { "public.auth.login": signInWith(answers.login) } : {}),
    ...(answers.register ? { "public.auth.register": signInWith(answers.register) } : {}),
  });
  renderAt("/checkout", { "/checkout": <CheckoutPage />, "/auth": <p>Auth page</p> });
  return fetch;
}

const summary = () => screen.getByRole("heading", { name: "Order Summary" }).closest("div") as HTMLElement;

describe("signing in inside the checkout", () => {
  afterEach(() => {
    sonner.dismiss();
  });

  it("shows the panel to a visitor, says why a sign-in failed, and after signing in shows the payment form with the cart intact", async () => {
    const user = userEvent.setup();
    let tries = 0;
    visitCheckout({ login: () => (++tries === 1 ? refusal("INVALID_CREDENTIALS", "Invalid email or password") : { token: "tok-1", user: CUSTOMER }) });

    expect(await screen.findByRole("heading", { name: "Sign in or create an account to pay" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Sign In" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Create Account" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Complete Order/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();

    const form = screen.getByRole("form", { name: "Sign in to pay" });
    await user.type(within(form).getByLabelText("Email Address"), "ada@example.com");
    await user.type(within(form).getByLabelText("Password"), "wrong-password");
    await user.click(within(form).getByRole("button", { name: "Sign In" }));
    expect((await within(form).findByRole("alert")).textContent).toContain("Invalid email or password");

    await user.clear(within(form).getByLabelText("Password"));
    await user.type(within(form).getByLabelText("Password"), "right-password");
    await user.click(within(form).getByRole("button", { name: "Sign In" }));

    const pay = await screen.findByRole("button", { name: "Complete Order - £5.00" });
    expect(pay).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Sign in or create an account to pay" })).toBeNull();
    // Same page, same cart, and the contact fields come from the account.
    expect(screen.getByTestId("location").textContent).toBe("/checkout");
    expect(within(summary()).getByText("Garden Spade")).toBeTruthy();
    expect(screen.getByTestId("checkout-total").textContent).toBe("£5.00");
    expect((screen.getByLabelText("Email Address") as HTMLInputElement).value).toBe("ada@example.com");
    expect((screen.getByLabelText("First Name") as HTMLInputElement).value).toBe("Ada");
    expect(localStorage.getItem("auth_token")).toBe("tok-1");
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toHaveLength(1);
  });

  it("creates an account with the date of birth and an unticked opt-in, and quotes a taken email with a way to sign in", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let tries = 0;
    visitCheckout({
      register: (input) => {
        sent.push(input);
        return ++tries === 1 ? refusal("EMAIL_TAKEN", EMAIL_TAKEN) : { token: "tok-2", user: { ...CUSTOMER, email: "new@example.com" } };
      },
    });

    await user.click(await screen.findByRole("tab", { name: "Create Account" }));
    const form = screen.getByRole("form", { name: "Create an account to pay" });
    const marketing = within(form).getByRole("checkbox") as HTMLInputElement;
    expect(marketing.checked).toBe(false);
    expect(within(form).getByText("We ask because only people aged 18 or over may enter.")).toBeTruthy();

    await user.click(within(form).getByRole("button", { name: "Create Account" }));
    expect(within(form).getByText("Please enter your date of birth")).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.type(within(form).getByLabelText("Email Address"), "ada@example.com");
    await user.type(within(form).getByLabelText("Password"), "secret123");
    await user.type(within(form).getByLabelText("Confirm Password"), "secret123");
    await user.type(within(form).getByLabelText("First Name"), "Ada");
    await user.type(within(form).getByLabelText("Last Name"), "Lovelace");
    await user.type(within(form).getByLabelText("Date of Birth"), "1990-01-01");
    await user.click(within(form).getByRole("button", { name: "Create Account" }));

    expect((await within(form).findByRole("alert")).textContent).toContain(EMAIL_TAKEN);
    expect(sent[0]).toMatchObject({ email: "ada@example.com", dateOfBirth: "1990-01-01", marketingEmail: false });

    // "Sign in instead" moves to the sign-in tab with the address filled in.
    await user.click(within(form).getByRole("button", { name: "Sign in instead" }));
    const signIn = screen.getByRole("form", { name: "Sign in to pay" });
    expect((within(signIn).getByLabelText("Email Address") as HTMLInputElement).value).toBe("ada@example.com");

    await user.click(screen.getByRole("tab", { name: "Create Account" }));
    await user.clear(within(form).getByLabelText("Email Address"));
    await user.type(within(form).getByLabelText("Email Address"), "new@example.com");
    await user.click(within(form).getByRole("checkbox"));
    await user.click(within(form).getByRole("button", { name: "Create Account" }));

    expect(await screen.findByRole("button", { name: "Complete Order - £5.00" })).toBeTruthy();
    expect(sent[1]).toMatchObject({ email: "new@example.com", marketingEmail: true });
    expect(screen.getByTestId("location").textContent).toBe("/checkout");
    await waitFor(() => expect((screen.getByLabelText("Email Address") as HTMLInputElement).value).toBe("new@example.com"));
  });
});
