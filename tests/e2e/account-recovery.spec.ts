import { and, desc, eq } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import type { Page } from "@playwright/test";
import { expect, test, withShopDb } from "./fixtures";

/** The path (and token) of the newest link of this kind mailed to `to`, read from the shop's outbox. */
async function mailedLink(to: string, kind: string, path: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const mail = await withShopDb((db) =>
        db
          .select({ text: mailOutbox.text })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)))
          .orderBy(desc(mailOutbox.createdAt))
          .get(),
      );
      const url = mail?.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === path);
      found = url ? `${new URL(url).pathname}${new URL(url).search}` : undefined;
      return found;
    })
    .toBeTruthy();
  return found!;
}

async function registerThroughTheForm(page: Page, email: string, password: string) {
  await page.goto("/auth?mode=register");
  await page.getByLabel("First Name").fill("Rhian");
  await page.getByLabel("Last Name").fill("Hughes");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByLabel("Date of Birth").fill("1991-06-14");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
}

test("a customer who forgot the password resets it from the mailed link and is signed in", async ({ page, browser }) => {
  const email = `forgetful-${Date.now()}@example.test`;
  await registerThroughTheForm(page, email, "first-password");
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/auth?mode=login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("If an account uses that address, we've emailed a link to reset the password. It works for 60 minutes.")).toBeVisible();

  const link = await mailedLink(email, "password_reset", "/auth/reset");
  await page.goto(link);
  await page.getByLabel("New Password", { exact: true }).fill("second-password");
  await page.getByLabel("Confirm New Password").fill("second-password");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: /Rhian/ })).toBeVisible();
  await expect(page.getByText("Password changed")).toBeVisible();

  // The new password works on another device too.
  const other = await browser.newPage();
  await other.goto("/auth?mode=login");
  await other.getByLabel("Email Address").fill(email);
  await other.getByLabel("Password", { exact: true }).fill("second-password");
  await other.getByRole("button", { name: "Sign In" }).click();
  await expect(other).toHaveURL(/\/account$/);
  await other.close();
});

test("a new customer confirms the address from the mailed link and the banner goes", async ({ page }) => {
  const email = `newcomer-${Date.now()}@example.test`;
  await registerThroughTheForm(page, email, "orchard-gate");
  await expect(page.getByRole("heading", { name: "Welcome, Rhian!" })).toBeVisible();
  const banner = page.getByText(`Please confirm your email address — we sent a link to ${email}.`);
  await expect(banner).toBeVisible();

  const link = await mailedLink(email, "email_verification", "/auth/verify");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();
  await page.getByRole("link", { name: "Go to my account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: /Rhian/ })).toBeVisible();
  await expect(banner).toBeHidden();
  await expect(page.getByRole("button", { name: "Resend email" })).toHaveCount(0);
});
