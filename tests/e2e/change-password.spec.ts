import { expect, test } from "./fixtures";
import { screenshot } from "./shop";

test("a signed-in customer changes the password on the account page; other devices are signed out", async ({ page, browser, consoleErrors }) => {
  const email = `gate-${Date.now()}@example.test`;
  const register = await page.request.post("/api/auth/register", {
    data: { email, password: "old-farm-gate", confirmPassword: "old-farm-gate", firstName: "Dewi", lastName: "Rees" },
  });
  expect(register.status()).toBe(200);

  // A second device, signed in with the old password.
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await other.goto("/auth?mode=login");
  await other.getByLabel("Email Address").fill(email);
  await other.getByLabel("Password", { exact: true }).fill("old-farm-gate");
  await other.getByRole("button", { name: "Sign In" }).click();
  await expect(other).toHaveURL(/\/account$/);

  await page.goto("/auth?mode=login");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("old-farm-gate");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole("tab", { name: "Profile" }).click();

  // The devices panel points to the form.
  await page.getByRole("region", { name: "Signed-in devices" }).getByRole("link", { name: "change your password" }).click();
  const form = page.getByRole("region", { name: "Change password" });
  await expect(form).toBeInViewport();

  // A wrong current password is named at its field, and nothing changes.
  await form.getByLabel("Current Password").fill("not-the-gate");
  await form.getByLabel("New Password", { exact: true }).fill("new-farm-gate");
  await form.getByLabel("Confirm New Password").fill("new-farm-gate");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(form.getByText("Your current password is not right")).toBeVisible();
  await expect(form.getByLabel("Current Password")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Current Password")).toBeFocused();
  // The browser logs the refusal (400) it provoked on purpose; only that one is expected.
  expect(consoleErrors.filter((e) => /status of 400/.test(e))).toHaveLength(1);
  consoleErrors.splice(
    consoleErrors.findIndex((e) => /status of 400/.test(e)),
    1,
  );

  await form.getByLabel("Current Password").fill("old-farm-gate");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(form.getByText("Your password has been changed. Any other devices have been signed out.")).toBeVisible();
  await expect(form.getByLabel("New Password", { exact: true })).toHaveValue("");
  await screenshot(page, "change-password", false);

  // This device stays signed in; the other one is signed out.
  await page.reload();
  await expect(page.getByRole("heading", { name: /Dewi/ })).toBeVisible();
  await other.goto("/account");
  await expect(other).toHaveURL(/\/auth/);
  await laptop.close();

  // Only the new password opens the account now (asked from a third, signed-out client).
  const stranger = await browser.newContext();
  const old = await stranger.request.post("/api/auth/login", { data: { email, password: "old-farm-gate" } });
  expect(old.status()).toBe(401);
  const fresh = await stranger.request.post("/api/auth/login", { data: { email, password: "new-farm-gate" } });
  expect(fresh.status()).toBe(200);
  await stranger.close();
});
