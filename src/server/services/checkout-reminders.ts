import { and, asc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { first, withTransaction, type Db, type Tx } from "../../../db/client";
import { checkoutReminders, competitions, orders, users } from "../../../db/schema";
import type { CheckoutItems } from "../../shared/schemas/account";
import { marketingMail } from "../mail/marketing";
import { enqueueMail } from "../mail/outbox";
import { unsubscribeTokenFor } from "./account/preferences";
import { effectiveLimit, spentThisMonth, suspensionMessage } from "./protection/gate";
import { numberSetting } from "./settings";

/*
 * The reminder of an unfinished checkout (issue #33, item 4). The checkout page tells the server what
 * a signed-in customer has in it (PUT /api/user/checkout); once it has been left for the operator's
 * `checkout_reminder_hours` (0, the default, sends none), one marketing mail lists the competitions
 * still on sale with their time left and links back to the cart. Never to anyone who has not opted in
 * to marketing, is on a break, self-excluded or restricted, has used up their monthly limit, or has
 * paid for an order since.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** A customer is reminded at most once a week, however often they leave a checkout. */
const AT_MOST_EVERY_MS = 7 * DAY;
/** Reminders written in one run, at most; the next run takes the rest. */
const BATCH = 200;

/** PUT /api/user/checkout: what is in the customer's checkout now (nothing removes it). */
export async function rememberCheckout(db: Db, userId: string, items: CheckoutItems, now: Date): Promise<{ remembered: number }> {
  const ids = [...new Set(items.map((i) => i.competitionId))];
  const known = ids.length
    ? new Set((await db.select({ id: competitions.id }).from(competitions).where(inArray(competitions.id, ids))).map((c) => c.id))
    : new Set();
  const kept = items.filter((i) => known.has(i.competitionId));
  return withTransaction(db, async (tx) => {
    if (!kept.length) {
      await tx.delete(checkoutReminders).where(eq(checkoutReminders.userId, userId));
      return { remembered: 0 };
    }
    const before = await first(tx.select().from(checkoutReminders).where(eq(checkoutReminders.userId, userId)));
    // A reminder sent this week stands: leaving the checkout again does not bring another one.
    const remindedAt = before?.remindedAt && now.getTime() - before.remindedAt.getTime() < AT_MOST_EVERY_MS ? before.remindedAt : null;
    await tx
      .insert(checkoutReminders)
      .values({ userId, items: kept, seenAt: now, remindedAt })
      .onConflictDoUpdate({ target: checkoutReminders.userId, set: { items: kept, seenAt: now, remindedAt } });
    return { remembered: kept.length };
  });
}

/** "2 days", "5 hours", "40 minutes": how long a competition has left, as the mail says it. */
export function timeLeft(ms: number): string {
  const n = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  if (ms >= 2 * DAY) return n(Math.floor(ms / DAY), "day");
  if (ms >= 2 * HOUR) return n(Math.floor(ms / HOUR), "hour");
  return n(Math.max(1, Math.floor(ms / 60_000)), "minute");
}

/** Why a due reminder is not sent (it is then marked done), or null when it may be. */
async function reasonNotToRemind(tx: Tx, userId: string, seenAt: Date, now: Date): Promise<string | null> {
  const user = await first(tx.select().from(users).where(eq(users.id, userId)));
  if (!user || !user.isActive || user.closedAt) return "no account";
  if (!user.marketingEmail) return "no marketing consent";
  if (suspensionMessage(user, now)) return "on a break, self-excluded or restricted";
  const limit = await effectiveLimit(tx, user, now);
  if (limit !== null && (await spentThisMonth(tx, userId, now)) >= limit) return "monthly limit used";
  const paid = await first(
    tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, "paid"), gte(orders.createdAt, seenAt)))
      .limit(1),
  );
  return paid ? "bought since" : null;
}

/** Sends the reminders that are due; how many were sent and how many were decided against. */
export async function sendCheckoutReminders(db: Db, opts: { origin: string; now?: Date }): Promise<{ sent: number; skipped: number }> {
  const now = opts.now ?? new Date();
  const hours = await numberSetting(db, "checkout_reminder_hours", 0);
  if (!(hours > 0)) return { sent: 0, skipped: 0 };
  const due = await db
    .select()
    .from(checkoutReminders)
    .where(and(isNull(checkoutReminders.remindedAt), lte(checkoutReminders.seenAt, new Date(now.getTime() - hours * HOUR))))
    .orderBy(asc(checkoutReminders.seenAt))
    .limit(BATCH);
  let sent = 0;
  let skipped = 0;
  for (const row of due) {
    const mailed = await withTransaction(db, async (tx) => {
      // Taken once: another run (or process) that got here first has marked it.
      const claimed = await tx
        .update(checkoutReminders)
        .set({ remindedAt: now })
        .where(and(eq(checkoutReminders.userId, row.userId), isNull(checkoutReminders.remindedAt), eq(checkoutReminders.seenAt, row.seenAt)))
        .returning({ userId: checkoutReminders.userId });
      if (!claimed.length) return null;
      if (await reasonNotToRemind(tx, row.userId, row.seenAt, now)) return false;
      const ids = row.items.map((i) => i.competitionId);
      const onSale = (await tx.select().from(competitions).where(inArray(competitions.id, ids))).filter(
        (c) => c.status === "active" && c.startDate <= now && c.endDate > now && (c.maxTickets === null || c.soldTickets < c.maxTickets),
      );
      if (!onSale.length) return false;
      const user = (await first(tx.select().from(users).where(eq(users.id, row.userId))))!;
      const base = opts.origin.replace(/\/+$/, "");
      const lines = onSale.map((c) => {
        const quantity = row.items.find((i) => i.competitionId === c.id)?.quantity ?? 1;
        return `${c.title}: ${quantity} ${quantity === 1 ? "ticket" : "tickets"}, ends in ${timeLeft(c.endDate.getTime() - now.getTime())}. ${base}/competition/${c.id}`;
      });
      await enqueueMail(tx, {
        ...marketingMail(
          {
            to: user.email,
            subject: "Your tickets are waiting",
            heading: `${user.firstName}, your checkout is waiting`,
            text: [
              `You left these in your cart:`,
              lines.join("\n\n"),
              `Finish your entry: ${base}/checkout`,
              "Play responsibly: set a limit or take a break at any time from your account.",
            ].join("\n\n"),
            kind: "checkout_reminder",
          },
          { origin: opts.origin, token: await unsubscribeTokenFor(tx, user.id) },
        ),
        userId: user.id,
      });
      return true;
    });
    if (mailed === true) sent++;
    else if (mailed === false) skipped++;
  }
  return { sent, skipped };
}
