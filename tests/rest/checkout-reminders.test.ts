import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { checkoutReminders, mailOutbox, orders, settings, type users } from "../../db/schema";
import { rememberCheckout, sendCheckoutReminders, timeLeft } from "../../src/server/services/checkout-reminders";
import { closeAccount } from "../../src/server/services/protection/limits";
import { createCompetition } from "../factories/competitions";
import { createUser, createUserWithSession } from "../factories/users";
import { createTestDb } from "../helpers/db";
import { startTestServer } from "../helpers/http";

// Issue #33 item 4: the reminder of an unfinished checkout. The checkout tells the server what a
// signed-in customer has in it (PUT /api/user/checkout); one marketing mail follows after the operator's
// delay (off by default), only to those who opted in and may play, and never after they bought.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ORIGIN = "https://shop.example.test";

async function reminderHours(db: Db, hours: number) {
  await db
    .insert(settings)
    .values({ key: "checkout_reminder_hours", value: String(hours), category: "marketing", updatedAt: new Date(0) })
    .onConflictDoUpdate({ target: settings.key, set: { value: String(hours) } });
}

/** A customer who opted in to marketing, with a checkout of one competition left `hoursAgo` hours ago. */
async function leftCheckout(db: Db, hoursAgo: number, over: Partial<typeof users.$inferInsert> = {}, competitionOver = {}) {
  const user = await createUser(db, { marketingEmail: true, marketingConsentAt: new Date(), ...over });
  // Ends a little under three days on, so the mail says "2 days" however fast the test runs.
  const c = await createCompetition(db, { title: `Waiting Trailer ${user.id.slice(-6)}`, endDate: new Date(Date.now() + 3 * DAY - HOUR), ...competitionOver });
  await rememberCheckout(db, user.id, [{ competitionId: c.id, quantity: 3 }], new Date(Date.now() - hoursAgo * HOUR));
  return { user, c };
}

const mailsTo = (db: Db, to: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, "checkout_reminder")));

describe("PUT /api/user/checkout", () => {
  const db = createTestDb();
  const apiReady = startTestServer(db);

  it("is a signed-in customer's own: 401 without a session", async () => {
    const api = await apiReady;
    const res = await api.request("/api/user/checkout", { method: "PUT", body: { items: [] } });
    expect(res.status).toBe(401);
  });

  it("remembers the competitions that exist, replaces them on the next visit, and forgets an empty checkout", async () => {
    const api = await apiReady;
    const { user, token } = await createUserWithSession(db);
    const c = await createCompetition(db);
    const first = await api.request("/api/user/checkout", {
      method: "PUT",
      token,
      body: {
        items: [
          { competitionId: c.id, quantity: 2 },
          { competitionId: "01900000-0000-7000-8000-000000000000", quantity: 1 },
        ],
      },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ remembered: 1 });
    const row = await db.select().from(checkoutReminders).where(eq(checkoutReminders.userId, user.id));
    expect(row.map((r) => r.items)).toEqual([[{ competitionId: c.id, quantity: 2 }]]);

    await api.request("/api/user/checkout", { method: "PUT", token, body: { items: [{ competitionId: c.id, quantity: 5 }] } });
    expect((await db.select().from(checkoutReminders).where(eq(checkoutReminders.userId, user.id)))[0]?.items).toEqual([{ competitionId: c.id, quantity: 5 }]);

    // The customer's own data export shows what is remembered.
    const exported = await fetch(`${api.url}/api/user/export`, { headers: { "x-session-token": token } });
    expect(((await exported.json()) as { marketing: { unfinishedCheckout: unknown } }).marketing.unfinishedCheckout).toEqual({
      items: [{ competitionId: c.id, quantity: 5 }],
      seenAt: expect.any(String),
      remindedAt: null,
    });

    const emptied = await api.request("/api/user/checkout", { method: "PUT", token, body: { items: [] } });
    expect(emptied.json).toEqual({ remembered: 0 });
    expect(await db.select().from(checkoutReminders).where(eq(checkoutReminders.userId, user.id))).toEqual([]);
  });

  it("refuses what no checkout holds: a quantity of 0, an unknown field, a missing list", async () => {
    const api = await apiReady;
    const { token } = await createUserWithSession(db);
    const c = await createCompetition(db);
    for (const body of [
      { items: [{ competitionId: c.id, quantity: 0 }] },
      { items: [{ competitionId: c.id, quantity: 1, price: "0.01" }] },
      {},
      { items: "all" },
    ]) {
      const res = await api.request("/api/user/checkout", { method: "PUT", token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("the unfinished-checkout reminder", () => {
  it("is off by default: nothing is sent however long a checkout has waited", async () => {
    const db = createTestDb();
    const { user } = await leftCheckout(db, 48);
    expect(await sendCheckoutReminders(db, { origin: ORIGIN })).toEqual({ sent: 0, skipped: 0 });
    expect(await mailsTo(db, user.email)).toEqual([]);
  });

  it("sends one mail after the operator's delay: the competitions with their time left, the way back to the cart, one-click unsubscribe", async () => {
    const db = createTestDb();
    await reminderHours(db, 2);
    const early = await leftCheckout(db, 1);
    const { user, c } = await leftCheckout(db, 3);
    expect(await sendCheckoutReminders(db, { origin: ORIGIN })).toEqual({ sent: 1, skipped: 0 });
    expect(await mailsTo(db, early.user.email)).toEqual([]);
    const [mail] = await mailsTo(db, user.email);
    expect(mail?.subject).toBe("Your tickets are waiting");
    expect(mail?.text).toContain(`${c.title}: 3 tickets, ends in 2 days. ${ORIGIN}/competition/${c.id}`);
    expect(mail?.text).toContain(`Finish your entry: ${ORIGIN}/checkout`);
    expect(mail?.headers?.["List-Unsubscribe"]).toMatch(new RegExp(`^<${ORIGIN}/api/mail/unsubscribe/[^>]+>$`));
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // Once: the next run sends nothing more.
    expect(await sendCheckoutReminders(db, { origin: ORIGIN })).toEqual({ sent: 0, skipped: 0 });
    expect(await mailsTo(db, user.email)).toHaveLength(1);
  });

  it("never reaches someone who did not opt in, is on a break, self-excluded or restricted, used up their limit, or bought since", async () => {
    const db = createTestDb();
    await reminderHours(db, 1);
    const later = new Date(Date.now() + 30 * DAY);
    const notOptedIn = await leftCheckout(db, 2, { marketingEmail: false });
    const onBreak = await leftCheckout(db, 2, { suspendedUntil: later, suspensionKind: "break" });
    const excluded = await leftCheckout(db, 2, { suspendedUntil: later, suspensionKind: "self_exclusion" });
    const restricted = await leftCheckout(db, 2, { restrictedAt: new Date() });
    const atLimit = await leftCheckout(db, 2, { monthlyLimitPence: 500 });
    const bought = await leftCheckout(db, 2);
    const soldOut = await leftCheckout(db, 2, {}, { maxTickets: 10, soldTickets: 10 });
    const paid = (u: typeof atLimit.user, totalPence: number, at: Date) =>
      db.insert(orders).values({ userId: u.id, customerName: u.firstName, customerEmail: u.email, status: "paid", totalPence, createdAt: at, updatedAt: at });
    await paid(atLimit.user, 500, new Date(Date.now() - 5 * HOUR));
    await paid(bought.user, 750, new Date(Date.now() - HOUR));
    const reachable = await leftCheckout(db, 2);

    expect(await sendCheckoutReminders(db, { origin: ORIGIN })).toEqual({ sent: 1, skipped: 7 });
    for (const who of [notOptedIn, onBreak, excluded, restricted, atLimit, bought, soldOut]) expect(await mailsTo(db, who.user.email)).toEqual([]);
    expect(await mailsTo(db, reachable.user.email)).toHaveLength(1);
  });

  it("reminds a customer at most once a week, however often they leave a checkout", async () => {
    const db = createTestDb();
    await reminderHours(db, 1);
    const { user, c } = await leftCheckout(db, 2, {}, { endDate: new Date(Date.now() + 30 * DAY) });
    expect((await sendCheckoutReminders(db, { origin: ORIGIN })).sent).toBe(1);
    // Back the next day, and gone again.
    await rememberCheckout(db, user.id, [{ competitionId: c.id, quantity: 1 }], new Date(Date.now() - 2 * HOUR));
    expect((await sendCheckoutReminders(db, { origin: ORIGIN, now: new Date(Date.now() + DAY) })).sent).toBe(0);
    // A week after the reminder, a new unfinished checkout may bring another.
    await rememberCheckout(db, user.id, [{ competitionId: c.id, quantity: 1 }], new Date(Date.now() + 8 * DAY));
    expect((await sendCheckoutReminders(db, { origin: ORIGIN, now: new Date(Date.now() + 8 * DAY + 2 * HOUR) })).sent).toBe(1);
    expect(await mailsTo(db, user.email)).toHaveLength(2);
  });

  it("forgets the checkout of a customer who closes their account", async () => {
    const db = createTestDb();
    const { user } = await leftCheckout(db, 2);
    await closeAccount(db, user.id, new Date());
    expect(await db.select().from(checkoutReminders).where(eq(checkoutReminders.userId, user.id))).toEqual([]);
  });

  it("says the time left in days, hours or minutes", () => {
    expect(timeLeft(3 * DAY + HOUR)).toBe("3 days");
    expect(timeLeft(30 * HOUR)).toBe("30 hours");
    expect(timeLeft(2 * HOUR)).toBe("2 hours");
    expect(timeLeft(61 * 60_000)).toBe("61 minutes");
    expect(timeLeft(20_000)).toBe("1 minute");
  });
});
