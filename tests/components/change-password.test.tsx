// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AccountPage } from "../../src/client/routes/customer/account-page";
import { refusal, stubTrpcFetch } from "./render";
import { renderAt } from "./render-at";
import { customer } from "./users";

const calls = (fetch: ReturnType<typeof stubTrpcFetch>, path: string) => fetch.mock.calls.filter(([url]) => String(url).includes(path)).length;

function accountAnswers(changePassword: (input: unknown) => unknown) {
  return {
    "public.auth.session": () => customer(),
    "customer.entries.list": () => [],
    "customer.entries.wins": () => [],
    "customer.protection.status": () => null,
    "customer.account.sessions": () => [],
    "customer.account.changePassword": changePassword,
  };
}

async function openForm() {
  renderAt("/account?tab=profile", { "/account": <AccountPage /> });
  return within(await screen.findByRole("region", { name: "Change password" }));
}

describe("change password on the account page", () => {
  it("checks the new password with the shared messages before asking the server", async () => {
    const fetch = stubTrpcFetch(accountAnswers(() => ({ success: true })));
    const form = await openForm();
    await userEvent.click(form.getByRole("button", { name: "Change Password" }));
    expect(form.getByText("Enter your current password")).toBeTruthy();
    expect(form.getByText("Password must be at least 6 characters")).toBeTruthy();

    await userEvent.type(form.getByLabelText("Current Password"), "old-secret");
    await userEvent.type(form.getByLabelText("New Password"), "harvest-moon");
    await userEvent.type(form.getByLabelText("Confirm New Password"), "harvest-mood");
    await userEvent.click(form.getByRole("button", { name: "Change Password" }));
    expect(form.getByText("Passwords don't match")).toBeTruthy();
    expect(calls(fetch, "changePassword")).toBe(0);
  });

  it("sends the three fields, says the password changed and empties the form", async () => {
    const sent: unknown[] = [];
    stubTrpcFetch(accountAnswers((input) => (sent.push(input), { success: true })));
    const form = await openForm();
    await userEvent.type(form.getByLabelText("Current Password"), "old-secret");
    await userEvent.type(form.getByLabelText("New Password"), "harvest-moon");
    await userEvent.type(form.getByLabelText("Confirm New Password"), "harvest-moon");
    await userEvent.click(form.getByRole("button", { name: "Change Password" }));
    expect(await form.findByText("Your password has been changed. Any other devices have been signed out.")).toBeTruthy();
    expect(sent).toEqual([{ currentPassword: "old-secret", newPassword: "harvest-moon", confirmPassword: "harvest-moon" }]);
    expect((form.getByLabelText("Current Password") as HTMLInputElement).value).toBe("");
    expect((form.getByLabelText("New Password") as HTMLInputElement).value).toBe("");
  });

  it("shows a wrong current password at that field and keeps what was typed", async () => {
    stubTrpcFetch(accountAnswers(() => refusal("WRONG_PASSWORD", "Your current password is not right")));
    const form = await openForm();
    await userEvent.type(form.getByLabelText("Current Password"), "not-it");
    await userEvent.type(form.getByLabelText("New Password"), "harvest-moon");
    await userEvent.type(form.getByLabelText("Confirm New Password"), "harvest-moon");
    await userEvent.click(form.getByRole("button", { name: "Change Password" }));
    const current = form.getByLabelText("Current Password");
    await waitFor(() => expect(current.getAttribute("aria-invalid")).toBe("true"));
    expect(form.getByText("Your current password is not right")).toBeTruthy();
    expect((form.getByLabelText("New Password") as HTMLInputElement).value).toBe("harvest-moon");
    expect(form.queryByText(/has been changed/)).toBeNull();
  });

  it("is linked from the signed-in devices panel", async () => {
    stubTrpcFetch(accountAnswers(() => ({ success: true })));
    await openForm();
    const devices = within(screen.getByRole("region", { name: "Signed-in devices" }));
    expect(devices.getByRole("link", { name: "change your password" }).getAttribute("href")).toBe("#change-password");
  });
});
