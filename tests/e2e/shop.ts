import { expect, type Page } from "@playwright/test";
import { COMPETITIONS } from "../../src/server/seed/demo-data";

export interface SeededCompetition {
  id: string;
  title: string;
  price: string;
  answer: string;
  question: string;
}

/** Finds a seeded competition through the public API and pairs it with its answer from the seed. */
export async function seededCompetition(page: Page, title: string): Promise<SeededCompetition> {
  const res = await page.request.get("/api/competitions");
  const list = (await res.json()) as Array<{ id: string; title: string; price: string; qualifyingQuestion: string }>;
  const found = list.find((c) => c.title === title);
  const seed = COMPETITIONS.find((c) => c.title === title);
  if (!found || !seed) throw new Error(`no seeded competition called ${title}`);
  return { id: found.id, title, price: found.price, answer: seed.answer, question: found.qualifyingQuestion };
}

export async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel("Name on Card").fill("Tess Tester");
  await page.getByLabel("Card Number").fill(cardNumber);
  await page.getByLabel("Expiry Date").fill("12/34");
  await page.getByLabel("CVV").fill("123");
}

export const CARDS = { approve: "4242424242424242", decline: "4000000000000002" };

/** Fills the entry form on a competition page and presses Enter Now. */
export async function enterCompetition(page: Page, c: SeededCompetition, answer: string, tickets = 1, name = "Tess Tester") {
  await page.goto(`/competition/${c.id}`);
  await expect(page.getByRole("heading", { name: c.title })).toBeVisible();
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel(c.question).fill(answer);
  await page.getByLabel("Number of Entries").fill(String(tickets));
  await page.getByRole("button", { name: "Enter Now" }).click();
}

/** On /checkout/direct: card, billing address, Pay. */
export async function payDirect(page: Page, card: string) {
  await expect(page).toHaveURL(/\/checkout\/direct$/);
  await fillCard(page, card);
  await page.getByLabel("Billing Address").fill("Home Farm");
  await page.getByLabel("City").fill("Ludlow");
  await page.getByLabel("Postcode").fill("SY8 1AA");
  await page.getByRole("button", { name: /^Pay £/ }).click();
}
