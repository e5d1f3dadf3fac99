import { expect, test } from "./fixtures";

test("on a phone, a visitor registers, sees the greeting, and signs out from the account page", async ({ page }) => {
  const email = `phone-${Date.now()}@example.test`;
  await page.goto("/auth?mode=register");
  await page.getByLabel("First Name").fill("Niamh");
  await page.getByLabel("Last Name").fill("Byrne");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("silage-time");
  await page.getByLabel("Confirm Password").fill("silage-time");
  await page.getByLabel("Date of Birth").fill("1990-05-01");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: /Niamh/ })).toBeVisible();
  // Nothing spills sideways on a 390px screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("on a phone, the menu opens, navigates and closes", async ({ page }) => {
  await page.goto("/competitions");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("heading", { name: "Menu" })).toBeVisible();
  await page.getByRole("link", { name: "Winners" }).last().click();
  await expect(page).toHaveURL(/\/winners$/);
  await expect(page.getByRole("heading", { name: "Menu" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("heading", { name: "Menu" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: "Menu" })).toBeHidden();
});
