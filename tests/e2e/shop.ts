import { expect, type Page } from "@playwright/test";
import { noopMailer } from "../../src/server/mail/mailer";
import { createCompetition } from "../../src/server/services/admin-competitions";
import { runDraw } from "../../src/server/services/draws";
import { recordPostalEntry } from "../../src/server/services/postal";
import { campaignInput, type CampaignInput } from "../../src/shared/schemas/admin";
import { seededAdmin, withShopDb } from "./fixtures";

const DAY = 86_400_000;

export interface ShopCompetition {
  id: string;
  title: string;
  price: string;
  answer: string;
  question: string;
}

export interface CompetitionSetup {
  /** Made unique per call, so a journey never finds another's competition (or its own from a retry). */
  title: string;
  price?: string;
  question?: string;
  answer?: string;
  image?: string;
}

/**
 * A competition of the test's own, open now, created by the seeded admin through the back office's
 * service and validated by the same contract as the admin form.
 */
export async function ownCompetition(setup: CompetitionSetup, extra: Partial<CampaignInput> = {}): Promise<ShopCompetition> {
  const question = setup.question ?? "What is the plural of sheep?";
  const answer = setup.answer ?? "sheep";
  const now = Date.now();
  const input = campaignInput.parse({
    title: `${setup.title} ${crypto.randomUUID().slice(0, 8)}`,
    description: `${setup.title}, set up for one end-to-end journey.`,
    image: setup.image ?? "/images/tractor.svg",
    category: "Farm Machinery",
    price: setup.price ?? "1.99",
    startDate: new Date(now - DAY).toISOString(),
    endDate: new Date(now + 7 * DAY).toISOString(),
    drawDate: new Date(now + 8 * DAY).toISOString(),
    maxTickets: 1000,
    qualifyingQuestion: question,
    qualifyingAnswer: answer,
    allowPostalEntry: true,
    postalAddress: "Harvest Draws Free Entry\nPO Box 1\nLincoln",
    ...extra,
  });
  const created = await withShopDb((db) => createCompetition(db, seededAdmin(db), input));
  return { id: created.id, title: created.title, price: created.price, answer, question };
}

/** A competition of the test's own that has been drawn: one postal entry, then the draw, both as the seeded admin. */
export async function drawnCompetition(title: string): Promise<ShopCompetition> {
  const c = await ownCompetition({ title }, { drawMode: "live" });
  await withShopDb(async (db) => {
    const actor = seededAdmin(db);
    recordPostalEntry({ db, mailer: noopMailer, actor }, c.id, {
      customerName: "Pat Postcard",
      customerEmail: `postal-${crypto.randomUUID().slice(0, 8)}@example.test`,
      address: "Glebe Farm\nLouth",
      receivedAt: new Date(Date.now() - 60_000).toISOString(),
      postalReference: `PC-${c.id.slice(0, 8)}`,
      answer: c.answer,
      dateOfBirth: "1970-05-01",
    });
    await runDraw({ db, mailer: noopMailer, actor }, c.id);
  });
  return c;
}

export async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel("Name on Card").fill("Tess Tester");
  await page.getByLabel("Card Number").fill(cardNumber);
  await page.getByLabel("Expiry Date").fill("12/34");
  await page.getByLabel("CVV").fill("123");
}

export const CARDS = { approve: "4242424242424242", decline: "4000000000000002" };

/** Fills the entry form on a competition page and presses Enter Now. */
export async function enterCompetition(page: Page, c: ShopCompetition, answer: string, tickets = 1, name = "Tess Tester") {
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
