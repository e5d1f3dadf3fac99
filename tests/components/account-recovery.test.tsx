// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AccountPage } from "../../src/client/routes/customer/account-page";
import { ForgotPasswordPage } from "../../src/client/routes/public/forgot-password-page";
import { ResetPasswordPage } from "../../src/client/routes/public/reset-password-page";
import { UnsubscribePage } from "../../src/client/routes/public/unsubscribe-page";
import { VerifyEmailPage } from "../../src/client/routes/public/verify-email-page";
import { RESET_LINK_INVALID, VERIFY_LINK_INVALID } from "../../src/shared/schemas/account";
import type { AuthUser } from "../../src/shared/schemas/auth";
import { refusal, stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";
import { customer } from "./users";

const USER: AuthUser = customer();

const location = () => screen.getByTestId("location").textContent;
const calls = (fetch: ReturnType<typeof stubTrpcFetch>, path: string) => fetch.mock.calls.filter(([url]) => String(url).includes(path)).length;

describe("forgot password", () => {
  it("answers with the same confirmation, whoever the address belongs to", async () => {
    const asked: unknown[] = [];
    stubTrpcFetch({ "public.auth.session": () => null, "public.auth.forgotPassword": (input) => (asked.push(input), { ok: true }) });
    renderAt("/auth/forgot", { "/auth/forgot": <ForgotPasswordPage /> });
    await userEvent.type(screen.getByLabelText("Email Address"), "nobody@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("If an account uses that address, we've emailed a link to reset the password. It works for 60 minutes.")).toBeTruthy();
    expect(asked).toEqual([{ email: "nobody@example.com" }]);
  });

  it("checks the address before asking, and shows a rate limit's message", async () => {
    const fetch = stubTrpcFetch({
      "public.auth.session": () => null,
      "public.auth.forgotPassword": () => refusal("RATE_LIMITED", "Too many attempts. Please try again in 15 minutes."),
    });
    renderAt("/auth/forgot", { "/auth/forgot": <ForgotPasswordPage /> });
    await userEvent.type(screen.getByLabelText("Email Address"), "not-an-email");
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    expect(calls(fetch, "forgotPassword")).toBe(0);

    await userEvent.clear(screen.getByLabelText("Email Address"));
    await userEvent.type(screen.getByLabelText("Email Address"), "ada@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many attempts. Please try again in 15 minutes.");
    expect(screen.queryByText(/we've emailed a link/)).toBeNull();
  });
});

describe("reset password", () => {
  it("sets the new password, keeps the session token as sign-in does, and opens the account", async () => {
    const sent: unknown[] = [];
    stubTrpcFetch({
      "public.auth.session": () => null,
      "public.auth.resetPassword": (input) => (sent.push(input), { token: "new-session-token", user: USER }),
    });
    renderAt("/auth/reset?token=abc123", { "/auth/reset": <ResetPasswordPage />, "/account": <h1>Account</h1> });
    await userEvent.type(screen.getByLabelText("New Password"), "short");
    await userEvent.type(screen.getByLabelText("Confirm New Password"), "shorter");
    await userEvent.click(screen.getByRole("button", { name: "Set New Password" }));
    expect(await screen.findByText("Password must be at least 6 characters")).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.clear(screen.getByLabelText("New Password"));
    await userEvent.type(screen.getByLabelText("New Password"), "harvest-moon");
    await userEvent.clear(screen.getByLabelText("Confirm New Password"));
    await userEvent.type(screen.getByLabelText("Confirm New Password"), "harvest-moon");
    await userEvent.click(screen.getByRole("button", { name: "Set New Password" }));
    await waitFor(() => expect(location()).toBe("/account"));
    expect(sent).toEqual([{ token: "abc123", password: "harvest-moon", confirmPassword: "harvest-moon" }]);
    expect(localStorage.getItem("auth_token")).toBe("new-session-token");
    expect(await screen.findByText("Password changed")).toBeTruthy();
  });

  it("says an expired link has expired and offers a new one", async () => {
    stubTrpcFetch({ "public.auth.session": () => null, "public.auth.resetPassword": () => refusal("LINK_EXPIRED", RESET_LINK_INVALID) });
    renderAt("/auth/reset?token=used", { "/auth/reset": <ResetPasswordPage /> });
    await userEvent.type(screen.getByLabelText("New Password"), "harvest-moon");
    await userEvent.type(screen.getByLabelText("Confirm New Password"), "harvest-moon");
    await userEvent.click(screen.getByRole("button", { name: "Set New Password" }));
    expect(await screen.findByText(RESET_LINK_INVALID)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Send me a new link" }).getAttribute("href")).toBe("/auth/forgot");
    expect(localStorage.getItem("auth_token")).toBeNull();
  });

  it("without a token, says the same and asks nothing", async () => {
    stubTrpcFetch({ "public.auth.session": () => null });
    renderAt("/auth/reset", { "/auth/reset": <ResetPasswordPage /> });
    expect(screen.getByText(RESET_LINK_INVALID)).toBeTruthy();
    expect(screen.queryByLabelText("New Password")).toBeNull();
  });
});

describe("verify email", () => {
  it("posts the token once (even under StrictMode's double effects) and confirms", async () => {
    const posted: unknown[] = [];
    stubTrpcFetch({
      "public.auth.session": () => null,
      "public.auth.verifyEmail": (input) => (posted.push(input), { ok: true, kind: "verified", email: "ada@example.com" }),
    });
    const { StrictMode } = await import("react");
    renderAt("/auth/verify?token=once-only", {
      "/auth/verify": (
        <StrictMode>
          <VerifyEmailPage />
        </StrictMode>
      ),
    });
    expect(await screen.findByRole("heading", { name: "Email address confirmed" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to my account" }).getAttribute("href")).toBe("/account");
    expect(posted).toEqual([{ token: "once-only" }]);
  });

  it("names the new address after an email change", async () => {
    stubTrpcFetch({
      "public.auth.session": () => null,
      "public.auth.verifyEmail": () => ({ ok: true, kind: "email_changed", email: "ada@new.example" }),
    });
    renderAt("/auth/verify?token=changed", { "/auth/verify": <VerifyEmailPage /> });
    expect(await screen.findByRole("heading", { name: "Your email address is now ada@new.example" })).toBeTruthy();
  });

  it("on an expired link, a signed-in customer can send a new one", async () => {
    let resent = 0;
    stubTrpcFetch({
      "public.auth.session": () => ({ ...USER, emailVerified: false }),
      "public.auth.verifyEmail": () => refusal("LINK_EXPIRED", VERIFY_LINK_INVALID),
      "customer.account.resendVerification": () => (resent++, { ok: true, alreadyVerified: false }),
    });
    renderAt("/auth/verify?token=stale", { "/auth/verify": <VerifyEmailPage /> });
    expect(await screen.findByText(VERIFY_LINK_INVALID)).toBeTruthy();
    await userEvent.click(await screen.findByRole("button", { name: "Send a new link" }));
    expect(await screen.findByText("We've sent a new link. Please check your email.")).toBeTruthy();
    expect(resent).toBe(1);
  });

  it("on an expired link, a signed-out visitor is asked to sign in instead", async () => {
    stubTrpcFetch({ "public.auth.session": () => null, "public.auth.verifyEmail": () => refusal("LINK_EXPIRED", VERIFY_LINK_INVALID) });
    renderAt("/auth/verify?token=stale-2", { "/auth/verify": <VerifyEmailPage /> });
    expect(await screen.findByText(VERIFY_LINK_INVALID)).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Sign In" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send a new link" })).toBeNull();
  });
});

describe("unsubscribe", () => {
  it("changes nothing on opening, and unsubscribes on the button", async () => {
    const posted: unknown[] = [];
    stubTrpcFetch({ "public.auth.session": () => null, "public.auth.unsubscribe": (input) => (posted.push(input), { ok: true }) });
    renderAt("/unsubscribe?token=tok-1", { "/unsubscribe": <UnsubscribePage /> });
    await userEvent.click(await screen.findByRole("button", { name: "Unsubscribe from marketing emails" }));
    expect(posted).toEqual([{ token: "tok-1" }]);
    expect(await screen.findByRole("heading", { name: "You're unsubscribed" })).toBeTruthy();
  });
});

describe("the account page's email banner", () => {
  const answers = (user: AuthUser, resend: () => unknown) => ({
    "public.auth.session": () => user,
    "customer.entries.list": () => [],
    "customer.entries.wins": () => [],
    "customer.protection.status": () => null,
    "customer.account.resendVerification": resend,
  });

  it("asks an unverified customer to confirm, and shows the rate limit's message on a resend", async () => {
    stubTrpcFetch(
      answers({ ...USER, emailVerified: false }, () => refusal("RATE_LIMITED", "You've asked for 3 emails in the last hour. Please try again later.")),
    );
    renderAt("/account", { "/account": <AccountPage /> });
    expect(await screen.findByText(/Please confirm your email address — we sent a link to/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Resend email" }));
    expect(await screen.findByText("You've asked for 3 emails in the last hour. Please try again later.")).toBeTruthy();
  });

  it("is not shown once the address is confirmed; a returning customer is welcomed back", async () => {
    stubTrpcFetch(answers(USER, () => ({ ok: true, alreadyVerified: true })));
    renderAt("/account", { "/account": <AccountPage /> });
    expect(await screen.findByRole("heading", { name: "Welcome back, Ada!" })).toBeTruthy();
    expect(screen.queryByText(/Please confirm your email address/)).toBeNull();
  });

  it("greets an account opened today as new", async () => {
    stubTrpcFetch(answers({ ...USER, createdAt: new Date().toISOString() }, () => ({ ok: true, alreadyVerified: true })));
    renderAt("/account", { "/account": <AccountPage /> });
    expect(await screen.findByRole("heading", { name: "Welcome, Ada!" })).toBeTruthy();
  });
});
