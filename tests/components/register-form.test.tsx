// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { RegisterForm } from "../../src/client/components/auth/register-form";
import { DATE_OF_BIRTH_WHY } from "../../src/shared/schemas/account";
import type { AuthUser } from "../../src/shared/schemas/auth";
import { stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";
import { customer } from "./users";

const USER: AuthUser = customer({ emailVerified: false, createdAt: new Date().toISOString() });

const OPT_IN = "Email me about new competitions and offers. You can unsubscribe at any time.";

function renderForm() {
  const sent: Array<Record<string, unknown>> = [];
  stubTrpcFetch({
    "public.auth.session": () => null,
    "public.auth.register": (input) => (sent.push(input as Record<string, unknown>), { token: "tok", user: USER }),
  });
  renderAt("/auth?mode=register", { "/auth": <RegisterForm />, "/account": <h1>Account</h1> });
  return sent;
}

async function fillRequired({ dateOfBirth = "1990-01-01" } = {}) {
  await userEvent.type(screen.getByLabelText("First Name"), "Ada");
  await userEvent.type(screen.getByLabelText("Last Name"), "Lovelace");
  await userEvent.type(screen.getByLabelText("Email Address"), "ada@example.com");
  await userEvent.type(screen.getByLabelText("Password"), "analytical");
  await userEvent.type(screen.getByLabelText("Confirm Password"), "analytical");
  if (dateOfBirth) await userEvent.type(screen.getByLabelText("Date of Birth"), dateOfBirth);
}

describe("RegisterForm", () => {
  it("says why it asks the date of birth, and will not send the form without it", async () => {
    const sent = renderForm();
    const dob = screen.getByLabelText("Date of Birth");
    expect(dob.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(dob.getAttribute("aria-describedby")!)?.textContent).toBe(DATE_OF_BIRTH_WHY);

    await fillRequired({ dateOfBirth: "" });
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText(`Please enter your date of birth. ${DATE_OF_BIRTH_WHY}`)).toBeTruthy();
    expect(dob.getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
  });

  it("leaves the marketing opt-in unticked, and sends no consent unless it is ticked", async () => {
    const sent = renderForm();
    expect((screen.getByRole("checkbox", { name: OPT_IN }) as HTMLInputElement).checked).toBe(false);
    await fillRequired();
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ dateOfBirth: "1990-01-01", marketingEmail: false });
    expect(await screen.findByText("Registration Successful!")).toBeTruthy();
  });

  it("sends the opt-in when the customer ticks it", async () => {
    const sent = renderForm();
    await fillRequired();
    await userEvent.click(screen.getByRole("checkbox", { name: OPT_IN }));
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ email: "ada@example.com", marketingEmail: true });
  });
});
