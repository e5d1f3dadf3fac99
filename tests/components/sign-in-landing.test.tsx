// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AuthPage } from "../../src/client/routes/public/auth-page";
import { stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";
import { customer } from "./users";

const location = () => screen.getByTestId("location").textContent;

async function signInAs(role: "user" | "admin", url: string) {
  const user = customer({ role, email: role === "admin" ? "admin@example.com" : "ada@example.com" });
  stubTrpcFetch({ "public.auth.session": () => null, "public.auth.login": () => ({ token: "t", user }) });
  renderAt(url, { "/auth": <AuthPage />, "/account": <h1>Account</h1>, "/admin": <h1>Admin</h1>, "/competitions/:slug": <h1>Competition</h1> });
  await userEvent.type(await screen.findByLabelText("Email Address"), user.email);
  await userEvent.type(screen.getByLabelText("Password"), "secret-1");
  await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("where signing in lands", () => {
  it("an admin without a page to return to lands on the admin", async () => {
    await signInAs("admin", "/auth");
    await waitFor(() => expect(location()).toBe("/admin"));
  });

  it("a customer lands on the account, as before", async () => {
    await signInAs("user", "/auth");
    await waitFor(() => expect(location()).toBe("/account"));
  });

  it("anyone with a page to return to goes back there, admins included", async () => {
    await signInAs("admin", "/auth?next=%2Fcompetitions%2Fbarn-find");
    await waitFor(() => expect(location()).toBe("/competitions/barn-find"));
  });
});
