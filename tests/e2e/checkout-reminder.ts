import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { checkoutReminders, mailOutbox, settings, users } from "../../db/schema";
import { sendCheckoutReminders } from "../../src/server/services/checkout-reminders";
import { expect, signInAs, withShopDb } from "./fixtures";
import { ownCompetition, screenshot } from "./shop";

const HOUR = 3_600_000;

/**
 * Issue #33 item 4, as a customer meets it: signed in and opted in to marketing, they put a competition in
 * the cart, open the checkout and leave. The shop remembers the checkout; once the operator's delay has
 * passed, one reminder mail lists the competition and its time left; its link brings them back to the
 * cart as they left it, and its unsubscribe link stops marketing mail with one click. Run at 1280 and
 * 390 px (checkout-reminder.spec.ts, checkout-reminder.mobile.spec.ts).
 */
export async function checkoutReminderJourney(page: Page, width: string): Promise<void> {
  const session = await signInAs(page, "user", "Rosa");
  await withShopDb(async (db) => {
    await db.update(users).set({ marketingEmail: true, marketingConsentAt: new Date() }).where(eq(users.email, session.email));
    await db.update(settings).set({ value: "2" }).where(eq(settings.key, "checkout_reminder_hours"));
  });
  const c = await ownCompetition({ title: `E2E Reminder Sprayer ${width}`, price: "1.20" });
  await page.goto(`/competition/${c.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-total")).toHaveText("£1.20");

  // The checkout is remembered for this customer, then left.
  const userId = await withShopDb(async (db) => (await db.select({ id: users.id }).from(users).where(eq(users.email, session.email)))[0]!.id);
  await expect
    .poll(async () => withShopDb(async (db) => (await db.select().from(checkoutReminders).where(eq(checkoutReminders.userId, userId)))[0]?.items))
    .toEqual([{ competitionId: c.id, quantity: 1 }]);
  await page.goto("/");

  // Three hours on, the reminder runs (as the server's timer does), and one mail is waiting to go.
  const mail = await withShopDb(async (db) => {
    const origin = new URL(page.url()).origin;
    await sendCheckoutReminders(db, { origin, now: new Date(Date.now() + 3 * HOUR) });
    return (
      await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, session.email), eq(mailOutbox.kind, "checkout_reminder")))
    )[0];
  });
  expect(mail?.subject).toBe("Your tickets are waiting");
  expect(mail?.text).toContain(`${c.title}: 1 ticket, ends in`);
  const back = /Finish your entry: (\S+)/.exec(mail!.text)![1]!;
  const unsubscribe = /unsubscribe \(no need to sign in\): (\S+)/.exec(mail!.text)![1]!;

  // The mail's link: the cart as it was left.
  await page.goto(back);
  await expect(page.getByText(c.title).first()).toBeVisible();
  await screenshot(page, `checkout-reminder-cart-${width}`);

  // One click stops marketing mail, without signing in (mail clients' own button posts the List-Unsubscribe link).
  await page.goto(unsubscribe);
  await page.getByRole("button", { name: "Unsubscribe from marketing emails" }).click();
  await expect(page.getByText("You're unsubscribed").first()).toBeVisible();
  await screenshot(page, `checkout-reminder-unsubscribed-${width}`, false);
  const optedIn = await withShopDb(async (db) => (await db.select({ m: users.marketingEmail }).from(users).where(eq(users.id, userId)))[0]!.m);
  expect(optedIn).toBe(false);
}
