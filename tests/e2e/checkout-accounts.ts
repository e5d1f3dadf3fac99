import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Every address the page's own document went to, to prove a journey never left for /auth. */
export function visitedPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

/** On a checkout as a visitor: the Create Account tab of the panel, filled and sent. */
export async function createAccountInCheckout(page: Page, email: string, dateOfBirth = "1988-06-14") {
  await expect(page.getByRole("heading", { name: "Sign in or create an account to pay" })).toBeVisible();
  await page.getByRole("tab", { name: "Create Account" }).click();
  const form = page.getByRole("form", { name: "Create an account to pay" });
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("harvest-pass-1");
  await form.getByLabel("Confirm Password").fill("harvest-pass-1");
  await form.getByLabel("First Name").fill("Nell");
  await form.getByLabel("Last Name").fill("Newcomer");
  await form.getByLabel("Date of Birth").fill(dateOfBirth);
  await expect(form.getByRole("checkbox")).not.toBeChecked();
  await form.getByRole("button", { name: "Create Account" }).click();
}

export const newEmail = (who: string) => `${who}-${crypto.randomUUID().slice(0, 8)}@example.test`;

/** A visitor fills the entry form (name, email, answer, tickets) and presses Enter Now. */
export async function enterAsVisitor(page: Page, c: { id: string; title: string; question: string; answer: string }, email: string, tickets = 1) {
  await page.goto(`/competition/${c.id}`);
  await expect(page.getByRole("heading", { name: c.title })).toBeVisible();
  await page.getByLabel("Full Name").fill("Nell Newcomer");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel(c.question).fill(c.answer);
  await page.getByLabel("Number of Entries").fill(String(tickets));
  await page.getByRole("button", { name: "Enter Now" }).click();
  await expect(page).toHaveURL(/\/checkout\/direct$/);
}
