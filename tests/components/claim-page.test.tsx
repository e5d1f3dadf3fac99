// @vitest-environment happy-dom
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ClaimPage } from "../../src/client/routes/customer/claim-page";
import type { AuthUser } from "../../src/shared/schemas/auth";
import { customerClaim } from "../factories/claims";
import type { CustomerClaim } from "../../src/shared/schemas/claims";
import { refusal, stubTrpcFetch, type TrpcAnswers } from "./render";
import { renderAt } from "./render-at";
import { customer } from "./users";

const DAY = 24 * 60 * 60 * 1000;
const CLAIM_ID = "claim-1";

const claim = (overrides: Partial<CustomerClaim> = {}) => customerClaim({ id: CLAIM_ID, winnerId: "winner-1", ...overrides });

/** The claim page for `user` (null: signed out), answering the claim read with `current` and the submit with `submit`. */
function openClaim(user: AuthUser | null, start: CustomerClaim, answers: TrpcAnswers = {}) {
  let current = start;
  const sent: unknown[] = [];
  const fetch = stubTrpcFetch({
    "public.auth.session": () => user,
    "customer.claims.get": () => current,
    "customer.claims.list": () => [current],
    "customer.notifications.list": () => [],
    "customer.notifications.unreadCount": () => ({ count: 0 }),
    "customer.claims.submit": (input) => {
      sent.push(input);
      const { id: _id, acceptTerms: _terms, ...body } = input as Record<string, unknown>;
      current = { ...current, ...(body as Partial<CustomerClaim>), status: "claimed", claimedAt: new Date().toISOString(), deliverable: true };
      return current;
    },
    ...answers,
  });
  renderAt(`/account/claims/${CLAIM_ID}`, { "/account/claims/:id": <ClaimPage />, "/auth": <p>Sign in page</p> });
  return { fetch, sent, set: (next: CustomerClaim) => (current = next) };
}

const dateField = () => screen.getByLabelText("Confirm your date of birth") as HTMLInputElement;
const location = () => screen.getByTestId("location").textContent;

/** Fills every field but the date of birth (given) and ticks the terms. */
async function fillForm(user: ReturnType<typeof userEvent.setup>, dateOfBirth = "1990-01-01") {
  fireEvent.change(dateField(), { target: { value: dateOfBirth } });
  await user.type(screen.getByLabelText("Phone number"), "07700 900123");
  await user.type(screen.getByLabelText("Address line 1"), "Home Farm");
  await user.type(screen.getByLabelText("Town or city"), "Lincoln");
  await user.type(screen.getByLabelText("Postcode"), "LN1 1AA");
  await user.click(screen.getByRole("checkbox", { name: /I confirm I am 18 or over/ }));
}

describe("the claim page", () => {
  it("sends a signed-out visitor to sign in, and back here afterwards", async () => {
    openClaim(null, claim());
    expect(await screen.findByText("Sign in page")).toBeTruthy();
    expect(location()).toBe(`/auth?mode=login&next=${encodeURIComponent(`/account/claims/${CLAIM_ID}`)}`);
  });

  it("shows the prize, the ticket, the claim-by date and the draw's record, and no cash option when none is offered", async () => {
    openClaim(customer(), claim());
    expect(await screen.findByRole("heading", { name: "Win a Compact Tractor" })).toBeTruthy();
    expect(screen.getByText("A 25 hp compact tractor with loader")).toBeTruthy();
    expect(screen.getByText("0042")).toBeTruthy();
    expect(screen.getByText("Claim by")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Verify the draw" }).getAttribute("href")).toBe("/competition/comp-1/draw");
    expect(screen.queryByRole("radio")).toBeNull();
    expect(screen.queryByText(/cash alternative/)).toBeNull();
    expect(dateField().getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText(/It must match the date of birth on your account/)).toBeTruthy();
    expect((screen.getByLabelText("Country") as HTMLSelectElement).value).toBe("United Kingdom");
    expect(screen.getByRole("link", { name: "claim terms" }).getAttribute("href")).toBe("/terms#claiming");
  });

  it("offers the cash alternative where there is one, and shows the claim once it is sent", async () => {
    const user = userEvent.setup();
    const { sent } = openClaim(customer(), claim({ cashAlternative: "£9,500" }));
    const cash = await screen.findByRole("radio", { name: "The cash alternative (£9,500)" });
    expect((screen.getByRole("radio", { name: "The prize" }) as HTMLInputElement).checked).toBe(true);

    await user.click(cash);
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Claim my prize" }));

    expect(await screen.findByRole("heading", { name: "Claim received" })).toBeTruthy();
    expect(sent).toEqual([
      {
        id: CLAIM_ID,
        dateOfBirth: "1990-01-01",
        choice: "cash",
        phone: "07700 900123",
        address: { line1: "Home Farm", city: "Lincoln", postcode: "LN1 1AA", country: "United Kingdom" },
        acceptTerms: true,
        publishName: false,
        publishPhoto: false,
      },
    ]);
    expect(screen.queryByRole("button", { name: "Claim my prize" })).toBeNull();
    expect(screen.getByText("The cash alternative (£9,500)")).toBeTruthy();
    expect(screen.getByText("Home Farm")).toBeTruthy();
    const steps = screen.getByRole("list", { name: "Claim progress" });
    expect(within(steps).getByText("Claimed").closest("li")?.getAttribute("aria-current")).toBe("step");
  });

  it("asks whether the name and photo may be published, unticked until the winner says yes", async () => {
    const user = userEvent.setup();
    const { sent } = openClaim(customer(), claim());
    const question = await screen.findByRole("group", { name: "May we publish your name and photo?" });
    const name = within(question).getByRole("checkbox", { name: /publish my first name/ }) as HTMLInputElement;
    const photo = within(question).getByRole("checkbox", { name: /publish a photo of me/ }) as HTMLInputElement;
    expect(name.checked).toBe(false);
    expect(photo.checked).toBe(false);
    expect(within(question).getByText(/shown as "A lucky winner", with no photo/)).toBeTruthy();

    await fillForm(user);
    await user.click(name);
    await user.click(screen.getByRole("button", { name: "Claim my prize" }));
    expect(await screen.findByRole("heading", { name: "Claim received" })).toBeTruthy();
    expect(sent).toEqual([expect.objectContaining({ id: CLAIM_ID, publishName: true, publishPhoto: false })]);
  });

  it("checks the form before sending: the date, the phone, the address and the terms", async () => {
    const user = userEvent.setup();
    const { sent } = openClaim(customer(), claim());
    await user.click(await screen.findByRole("button", { name: "Claim my prize" }));

    expect(dateField().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Please enter your date of birth")).toBeTruthy();
    expect(screen.getByText("Phone number is required")).toBeTruthy();
    expect(screen.getByText("Address line 1 is required")).toBeTruthy();
    expect(screen.getByText("Please accept the claim terms")).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it("shows a date of birth that does not match the account on the date field", async () => {
    const user = userEvent.setup();
    const mismatch = "That date of birth doesn't match the one on your account.";
    openClaim(customer(), claim(), { "customer.claims.submit": () => refusal("DATE_OF_BIRTH_MISMATCH", mismatch) });
    await screen.findByRole("button", { name: "Claim my prize" });
    await fillForm(user, "1991-02-03");
    await user.click(screen.getByRole("button", { name: "Claim my prize" }));

    const message = await screen.findByText(mismatch);
    expect(dateField().getAttribute("aria-invalid")).toBe("true");
    expect(dateField().getAttribute("aria-describedby")).toContain(message.id);
    expect(screen.queryByRole("heading", { name: "Claim received" })).toBeNull();
  });

  it("sends the claim once however fast the button is pressed", async () => {
    const user = userEvent.setup();
    const { sent } = openClaim(customer(), claim());
    await screen.findByRole("button", { name: "Claim my prize" });
    await fillForm(user);
    const button = screen.getByRole("button", { name: "Claim my prize" });
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByRole("heading", { name: "Claim received" });
    expect(sent).toHaveLength(1);
  });

  it("says the operator will be in touch for an address outside the UK and Ireland", async () => {
    const user = userEvent.setup();
    const { sent } = openClaim(customer(), claim());
    await screen.findByRole("button", { name: "Claim my prize" });
    expect(screen.queryByText(/Free delivery covers the UK mainland and Ireland/)).toBeNull();
    await user.selectOptions(screen.getByLabelText("Country"), "Another country");
    expect(screen.getByText(/Free delivery covers the UK mainland and Ireland/)).toBeTruthy();
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Claim my prize" }));
    expect(await screen.findByText("Country is required")).toBeTruthy();
    await user.type(screen.getByLabelText("Country name"), "France");
    await user.click(screen.getByRole("button", { name: "Claim my prize" }));
    await screen.findByRole("heading", { name: "Claim received" });
    expect((sent[0] as { address: { country: string } }).address.country).toBe("France");
  });

  it("asks for a confirmed email address, with a way to send the link again", async () => {
    const user = userEvent.setup();
    const resent: unknown[] = [];
    openClaim(customer(), claim(), {
      "customer.claims.submit": () => refusal("EMAIL_NOT_VERIFIED", "Please confirm your email address before claiming your prize."),
      "customer.account.resendVerification": () => (resent.push(true), { ok: true, alreadyVerified: false }),
    });
    await screen.findByRole("button", { name: "Claim my prize" });
    expect(screen.queryByRole("button", { name: "Resend email" })).toBeNull();
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Claim my prize" }));

    await user.click(await screen.findByRole("button", { name: "Resend email" }));
    expect(await screen.findByText(/We've sent a new link to ada@example.com/)).toBeTruthy();
    expect(resent).toHaveLength(1);
  });

  it("shows the claim as it now stands when it was claimed meanwhile", async () => {
    const user = userEvent.setup();
    const elsewhere = claim({
      status: "claimed",
      choice: "prize",
      phone: "07700 900999",
      address: { line1: "Low Barn", city: "York", postcode: "YO1 7HH", country: "United Kingdom" },
      deliverable: true,
      claimedAt: new Date().toISOString(),
    });
    const state = openClaim(customer(), claim(), {
      "customer.claims.submit": () => {
        state.set(elsewhere);
        return refusal("INVALID_STATE", "This prize has already been claimed.");
      },
    });
    await screen.findByRole("button", { name: "Claim my prize" });
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Claim my prize" }));

    expect(await screen.findByRole("heading", { name: "Claim received" })).toBeTruthy();
    expect(screen.getByText("This prize has already been claimed.").getAttribute("role")).toBe("status");
    expect(screen.getByText("Low Barn")).toBeTruthy();
  });

  it("shows a paid claim with its reference", async () => {
    openClaim(
      customer(),
      claim({
        cashAlternative: "£9,500",
        status: "fulfilled",
        choice: "cash",
        fulfilment: "paid",
        reference: "BACS-7781",
        address: { line1: "Home Farm", city: "Lincoln", postcode: "LN1 1AA", country: "United Kingdom" },
        claimedAt: new Date(Date.now() - DAY).toISOString(),
        fulfilledAt: new Date().toISOString(),
      }),
    );
    expect(await screen.findByRole("heading", { name: "Your prize has been paid" })).toBeTruthy();
    expect(screen.getByText("Paid — reference BACS-7781")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Claim my prize" })).toBeNull();
  });

  it("shows a delivered prize with the carrier's reference", async () => {
    openClaim(customer(), claim({ status: "fulfilled", choice: "prize", fulfilment: "delivered", reference: "DPD 1550 2233" }));
    expect(await screen.findByText("Delivered — carrier reference DPD 1550 2233")).toBeTruthy();
  });

  it("says why an expired claim expired", async () => {
    openClaim(customer(), claim({ status: "expired", expiredAt: new Date().toISOString(), expiryReason: "It was not claimed within 28 days of the draw." }));
    expect(await screen.findByRole("heading", { name: "This claim has expired" })).toBeTruthy();
    expect(screen.getByText("It was not claimed within 28 days of the draw.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Claim my prize" })).toBeNull();
  });

  it("says when a claim is not this account's", async () => {
    openClaim(customer(), claim(), { "customer.claims.get": () => refusal("NOT_FOUND", "Claim not found") });
    expect(await screen.findByRole("heading", { name: "Claim not found" })).toBeTruthy();
  });
});
