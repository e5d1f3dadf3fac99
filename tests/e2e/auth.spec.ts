import { ADMIN, expect, expectedDocument404, signInAs, test } from "./fixtures";

test.describe("signing up, in and out", () => {
  test("a visitor registers, lands on their account with a greeting, and signs out", async ({ page }) => {
    const email = `megan-${Date.now()}@example.test`;
    await page.goto("/auth?mode=register");
    await page.getByLabel("First Name").fill("Megan");
    await page.getByLabel("Last Name").fill("Price");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("hayfield-22");
    await page.getByLabel("Confirm Password").fill("hayfield-22");
    await page.getByLabel("Date of Birth").fill("1990-05-01");
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { name: /Megan/ })).toBeVisible();
    await expect(page.getByText("Registration Successful!")).toBeVisible();

    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
    await expect(page.getByText("Logged Out")).toBeVisible();

    // The session really ended: the account page now sends the visitor to sign in.
    await page.goto("/account");
    await expect(page).toHaveURL(/\/auth/);
  });

  test("a registered customer signs in with the form", async ({ page }) => {
    const email = `owen-${Date.now()}@example.test`;
    const res = await page.request.post("/api/auth/register", {
      data: { email, password: "barley-mow", confirmPassword: "barley-mow", firstName: "Owen", lastName: "Ellis" },
    });
    expect(res.status()).toBe(200);
    await page.goto("/auth?mode=login");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("barley-mow");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { name: /Owen/ })).toBeVisible();
    await expect(page.getByText("Welcome back!")).toBeVisible();
  });

  test("wrong details are refused with the spec's messages", async ({ page }) => {
    await page.goto("/auth?mode=register");
    await page.getByLabel("First Name").fill("Ann");
    await page.getByLabel("Last Name").fill("Other");
    await page.getByLabel("Email Address").fill("ann@example.test");
    await page.getByLabel("Password", { exact: true }).fill("abcdef");
    await page.getByLabel("Confirm Password").fill("abcdeg");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);

    await page.goto("/auth?mode=login");
    await page.getByLabel("Email Address").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Login Failed")).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });
});

test.describe("the admin wall", () => {
  test("a signed-out visitor is asked to log in", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
    await page.getByRole("link", { name: "Login to Continue" }).click();
    await expect(page).toHaveURL(/\/auth\?mode=login/);
  });

  test("a customer opening /admin sees 'Admin Access Required' with their own details", async ({ page }) => {
    const { email } = await signInAs(page, "user", "Cerys");
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
  });

  test("the admin signs in with the form and lands on the dashboard", async ({ page }) => {
    await page.goto("/auth?mode=login");
    await page.getByLabel("Email Address").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Back to Site/ })).toBeVisible();
  });
});

test("an unknown path shows the 404 page, with a 404 status", async ({ page, consoleErrors }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  expectedDocument404(consoleErrors);
});
