import { expect, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { first } from "../../db/client";
import { users } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { createCompetition } from "../../src/server/services/campaigns/manage";
import { runDraw } from "../../src/server/services/draws";
import { closeEarlyOf } from "../helpers/close-early";
import { placeOrder, refundOrder } from "../../src/server/services/purchase";
import { recordPostalEntry } from "../../src/server/services/postal";
import { campaignInput, type CampaignInput } from "../../src/shared/schemas/admin";
import { createSessionFor, seededAdmin, withShopDb } from "./fixtures";

const DAY = 86_400_000;

export interface ShopCompetition {
  id: string;
  title: string;
  price: string;
  answer: string;
  question: string;
  /** ISO; a draw before it needs the competition closed early on purpose. */
  endDate: string;
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
export async function ownCompetition(setup: CompetitionSetup, extra: Partial<CampaignInput> = {}, dbPath?: string): Promise<ShopCompetition> {
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
  const created = await withShopDb(async (db) => createCompetition(db, await seededAdmin(db), input), dbPath);
  return { id: created.id, title: created.title, price: created.price, answer, question, endDate: created.endDate };
}

/** A competition of the test's own that has been drawn: one postal entry, then the draw, both as the seeded admin. */
export async function drawnCompetition(title: string): Promise<ShopCompetition> {
  const c = await ownCompetition({ title }, { drawMode: "live" });
  await withShopDb(async (db) => {
    const actor = await seededAdmin(db);
    await recordPostalEntry({ db, mailer: noopMailer, actor }, c.id, {
      customerName: "Pat Postcard",
      customerEmail: `postal-${crypto.randomUUID().slice(0, 8)}@example.test`,
      address: "Glebe Farm\nLouth",
      receivedAt: new Date(Date.now() - 60_000).toISOString(),
      postalReference: `PC-${c.id.slice(0, 8)}`,
      answer: c.answer,
      dateOfBirth: "1970-05-01",
    });
    await runDraw({ db, mailer: noopMailer, actor }, c.id, null, closeEarlyOf(c));
  });
  return c;
}

/** A screenshot into tests/.tmp/screens (the whole page unless told), to look at after a run. */
export async function screenshot(page: Page, name: string, fullPage = true) {
  // From the top: a full-page capture of a scrolled page draws the sticky header part-way down.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `tests/.tmp/screens/${name}.png`, fullPage, scale: "css" });
}

/** "#1A2B3C4D", as receipts and the back office number an order (src/client/lib/order-status.ts). */
export const orderNumber = (orderId: string) => `#${orderId.replace(/-/g, "").slice(-8).toUpperCase()}`;

/** On /payments/simulated/authenticate/{id}: the simulated provider's test bank, waiting for the buyer's answer. */
export async function atTheBank(page: Page, amount: string) {
  await expect(page).toHaveURL(/\/payments\/simulated\/authenticate\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
  await expect(page.getByText(`£${amount}`)).toBeVisible();
}

export async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel("Name on Card").fill("Tess Tester");
  await page.getByLabel("Card Number").fill(cardNumber);
  await page.getByLabel("Expiry Date").fill("12/34");
  await page.getByLabel("CVV").fill("123");
}

/** The simulated provider's test cards (src/server/payments/simulated.ts). */
export const CARDS = {
  approve: "4242424242424242",
  decline: "4000000000000002",
  /** Visa debit that asks for 3-D Secure on every payment. */
  threeDS: "4000002760003184",
  /** Mastercard credit: approved, and counted against the monthly credit-card cap. */
  credit: "5555555555554444",
  insufficientFunds: "4000000000009995",
};

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

// ── What the shop's database says about a buyer's orders (read the way the shop opens it) ─────────

export interface OrderRecord {
  id: string;
  status: string;
  totalPence: number;
  paymentId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  cardFunding: string | null;
  refundedPence: number;
}

/** Every order of the account with this email, oldest first. */
export function ordersOf(email: string, dbPath?: string): Promise<OrderRecord[]> {
  return withShopDb(
    (db) =>
      db.$client
        .prepare(
          `select o.id, o.status, o.total_pence totalPence, o.payment_id paymentId, o.card_brand cardBrand, o.card_last4 cardLast4,
                  o.card_funding cardFunding, o.refunded_pence refundedPence
             from orders o join users u on u.id = o.user_id where u.email = ? order by o.created_at, o.rowid`,
        )
        .all(email.toLowerCase()) as OrderRecord[],
    dbPath,
  );
}

/** A competition's ticket ledger: sold and held counters, and the ticket rows actually issued. */
export function ticketLedger(competitionId: string, dbPath?: string): Promise<{ sold: number; held: number; tickets: number }> {
  return withShopDb((db) => {
    const counters = db.$client.prepare("select sold_tickets sold, held_tickets held from competitions where id = ?").get(competitionId) as {
      sold: number;
      held: number;
    };
    const issued = db.$client.prepare("select count(*) n from tickets where competition_id = ?").get(competitionId) as { n: number };
    return { ...counters, tickets: issued.n };
  }, dbPath);
}

/** The order confirmations queued or sent to this address (mail_outbox). */
export function confirmationMails(email: string, dbPath?: string): Promise<number> {
  return withShopDb(
    (db) =>
      (
        db.$client
          .prepare("select count(*) n from mail_outbox where lower(\"to\") = ? and subject = 'Your Harvest Draws entry is confirmed'")
          .get(email.toLowerCase()) as {
          n: number;
        }
      ).n,
    dbPath,
  );
}

/**
 * An order placed through the shop's own purchase service (hold → charge → settle) by the account
 * with this email, paid with a simulated token (`sim_approve`, `sim_credit_approve`, `sim_decline`…):
 * history a journey needs before it starts, such as this month's credit-card spending. A refused
 * payment still leaves its failed order; the answer is then null.
 */
export async function orderThroughServices(
  email: string,
  c: ShopCompetition,
  quantity: number,
  token: string,
  refund?: { amount?: string; reason: string },
): Promise<string | null> {
  return withShopDb(async (db) => {
    const user = await first(db.select({ id: users.id, firstName: users.firstName }).from(users).where(eq(users.email, email)));
    if (!user) throw new Error(`no account ${email}`);
    const deps = { db, payments: new SimulatedPaymentProvider(), mailer: noopMailer };
    const order = await placeOrder(deps, {
      userId: user.id,
      customerName: `${user.firstName} Tester`,
      customerEmail: email,
      lines: [{ competitionId: c.id, quantity, answer: c.answer }],
      method: { token },
      returnUrl: "/checkout/complete",
    }).catch(() => null);
    if (order && refund) await refundOrder(deps, await seededAdmin(db), { id: order.id, ...refund });
    return order?.id ?? null;
  });
}

// ── Ticket choice: numbers another buyer takes first, and who holds each number ─────────────────────

/**
 * Another buyer takes these numbers of a competition whose buyers choose theirs: a new customer
 * (the shop refuses guests unless its setting allows them) whose order for exactly these numbers is
 * placed through the shop's own purchase service, as if they had pressed Pay a moment earlier.
 * `sim_approve` pays for them (sold); `sim_3ds_required` leaves the order at the bank (held).
 */
export async function takeNumbersFirst(
  c: ShopCompetition,
  numbers: string[],
  token: "sim_approve" | "sim_3ds_required" = "sim_approve",
): Promise<{ orderId: string; email: string }> {
  const other = await createSessionFor("user", "Quinn");
  const order = await withShopDb(async (db) => {
    const user = await first(db.select({ id: users.id }).from(users).where(eq(users.email, other.email)));
    if (!user) throw new Error(`no account ${other.email}`);
    return placeOrder(
      { db, payments: new SimulatedPaymentProvider(), mailer: noopMailer },
      {
        userId: user.id,
        customerName: "Quinn Tester",
        customerEmail: other.email,
        lines: [{ competitionId: c.id, quantity: numbers.length, answer: c.answer, numbers }],
        method: { token },
        returnUrl: "/checkout/complete",
      },
    );
  });
  const expected = token === "sim_approve" ? "paid" : "requires_action";
  if (order.status !== expected) throw new Error(`the other buyer's order for ${numbers.join(", ")} ended ${order.status}, not ${expected}`);
  return { orderId: order.id, email: other.email.toLowerCase() };
}

export interface NumberHolder {
  number: string;
  email: string;
  orderId: string | null;
  orderStatus: string | null;
}

/** Every ticket row of a competition: its number and the buyer (entry email) and order it belongs to, by number. */
export function numberHolders(competitionId: string, dbPath?: string): Promise<NumberHolder[]> {
  return withShopDb(
    (db) =>
      db.$client
        .prepare(
          `select t.number number, lower(e.customer_email) email, e.order_id orderId, o.status orderStatus
             from tickets t join entries e on e.id = t.entry_id left join orders o on o.id = e.order_id
            where t.competition_id = ? order by cast(t.number as integer)`,
        )
        .all(competitionId) as NumberHolder[],
    dbPath,
  );
}
