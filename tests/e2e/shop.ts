import type { Page } from "@playwright/test";
import { COMPETITIONS } from "../../db/seed-data";

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
