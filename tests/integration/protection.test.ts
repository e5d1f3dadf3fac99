import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { placeOrder } from "../../src/server/services/purchase";
import { recordPostalEntry } from "../../src/server/services/postal";
import { closeAccount, getLimits, playerSignals, restrictAccount, setLimit, takeBreak } from "../../src/server/services/protection";
import { ukMonthStart } from "../../src/shared/london-time";
import { login } from "../../src/server/services/auth";
import { createCompetition } from "../factories/competitions";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { refusal } from "../helpers/assertions";
import { callerAs } from "../helpers/caller";
import { createTestDb, sqlRows } from "../helpers/db";

const db = createTestDb();
const HOUR = 3_600_000;
const deps = (now?: Date) => ({ db, payments: new SimulatedPaymentProvider(0), mailer: noopMailer, now: now ? () => now : undefined });

async function buy(userId: string | null, competitionId: string, quantity = 1, token = "sim_approve", now?: Date) {
  return placeOrder(deps(now), {
    userId,
    customerName: "Pat Buyer",
    customerEmail: `pat-${crypto.randomUUID().slice(0, 6)}@example.test`,
    lines: [{ competitionId, quantity, answer: "green" }],
    method: { token },
    returnUrl: "/checkout/complete",
  });
}

describe("18+ only (1.1)", () => {
  it("asks for a date of birth before the first entry and refuses under-18s, on every entry path", async () => {
    const c = await createCompetition(db);
    const noDob = await createUser(db, { dateOfBirth: null });
    expect((await refusal(buy(noDob.id, c.id))).message).toContain("Please add your date of birth");
    const child = await createUser(db, { dateOfBirth: new Date(Date.now() - 17 * 365 * 24 * HOUR).toISOString().slice(0, 10) });
    const under = await refusal(buy(child.id, c.id));
    expect(under).toMatchObject({ code: "UNDER_18", message: "You must be 18 or over to enter our competitions." });
    // The cart path and the REST path are the same order code; the postal path checks too.
    const postal = await refusal(
      Promise.resolve().then(() =>
        recordPostalEntry(deps(), c.id, {
          customerName: "Kid",
          customerEmail: child.email,
          address: "x",
          receivedAt: new Date().toISOString(),
          postalReference: "PC-kid",
          answer: "green",
        }),
      ),
    );
    expect(postal.message).toBe("You must be 18 or over to enter our competitions.");
    const youngPostcard = await refusal(
      Promise.resolve().then(() =>
        recordPostalEntry(deps(), c.id, {
          customerName: "Kid",
          customerEmail: "kid@example.test",
          address: "x",
          receivedAt: new Date().toISOString(),
          postalReference: "PC-kid2",
          answer: "green",
          dateOfBirth: "2015-01-01",
        }),
      ),
    );
    expect(youngPostcard.code).toBe("UNDER_18");
  });

  it("needs an account unless the operator allows guest checkout", async () => {
    const c = await createCompetition(db);
    const guest = await refusal(buy(null, c.id));
    expect(guest.code).toBe("SIGN_IN_REQUIRED");
    expect(guest.message).toContain("sign in or create an account");
  });
});

describe("monthly spending limits (1.4)", () => {
  it("refuses the order that would pass the limit and says how much is left", async () => {
    const c = await createCompetition(db, { pricePence: 250 });
    const u = await createUser(db);
    await setLimit(db, u.id, "10.00", new Date());
    await buy(u.id, c.id, 3);
    const over = await refusal(buy(u.id, c.id, 2));
    expect(over.code).toBe("SPENDING_LIMIT");
    expect(over.message).toBe("This order would take you over your monthly spending limit of £10.00. You have £2.50 left this month.");
    expect(await getLimits(db, u.id, new Date())).toMatchObject({ monthlyLimit: "10.00", spentThisMonth: "7.50", remainingThisMonth: "2.50" });
    expect((await buy(u.id, c.id, 1)).status).toBe("paid");
  });

  it("allows £0, applies a decrease at once and an increase only after 24 hours", async () => {
    const c = await createCompetition(db, { pricePence: 100 });
    const u = await createUser(db);
    const t0 = new Date();
    await setLimit(db, u.id, "0", t0);
    expect((await refusal(buy(u.id, c.id, 1, "sim_approve", t0))).message).toContain("£0.00");
    const raised = await setLimit(db, u.id, "50.00", t0);
    expect(raised.monthlyLimit).toBe("0.00");
    expect(raised.pendingIncrease).toEqual({ monthlyLimit: "50.00", effectiveAt: new Date(t0.getTime() + 24 * HOUR).toISOString() });
    expect((await refusal(buy(u.id, c.id, 1, "sim_approve", new Date(t0.getTime() + 23 * HOUR)))).code).toBe("SPENDING_LIMIT");
    const later = new Date(t0.getTime() + 24 * HOUR + 1);
    expect((await getLimits(db, u.id, later)).monthlyLimit).toBe("50.00");
  });

  it("counts spend per UK calendar month", () => {
    expect(ukMonthStart(new Date("2026-11-21T12:00:00Z")).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    // In British Summer Time the month starts at 23:00 UTC the day before.
    expect(ukMonthStart(new Date("2026-07-15T12:00:00Z")).toISOString()).toBe("2026-06-30T23:00:00.000Z");
  });

  it("starts afresh in a new month", async () => {
    const c = await createCompetition(db, { pricePence: 500, endDate: new Date("2099-01-01") });
    const u = await createUser(db);
    await setLimit(db, u.id, "5.00", new Date());
    const dec31 = new Date("2026-12-31T23:30:00Z");
    await db.update(users).set({ monthlyLimitPence: 500 }).where(eq(users.id, u.id));
    await buy(u.id, c.id, 1, "sim_approve", dec31);
    expect((await refusal(buy(u.id, c.id, 1, "sim_approve", new Date("2026-12-31T23:59:00Z")))).code).toBe("SPENDING_LIMIT");
    expect((await buy(u.id, c.id, 1, "sim_approve", new Date("2027-01-01T00:01:00Z"))).status).toBe("paid");
  });
});

describe("credit cards (1.3)", () => {
  it("caps credit card spend at £250 a calendar month and refuses credit for instant wins", async () => {
    const c = await createCompetition(db, { pricePence: 10_000, maxTickets: 100 });
    const u = await createUser(db);
    await buy(u.id, c.id, 2, "sim_credit_approve");
    const capped = await refusal(buy(u.id, c.id, 1, "sim_credit_approve"));
    expect(capped.message).toContain("Credit card payments are limited to £250.00 a month. You have £50.00");
    expect((await buy(u.id, c.id, 1, "sim_approve")).status).toBe("paid");
    const instant = await createCompetition(db, { instantWin: true });
    expect((await refusal(buy(u.id, instant.id, 1, "sim_credit_approve"))).message).toContain("Credit cards cannot be used for instant-win competitions");
  });
});

describe("breaks, self-exclusion and closure (1.5)", () => {
  it("blocks entries and purchases while suspended, cannot be shortened, and cannot be lifted by an admin", async () => {
    const c = await createCompetition(db);
    const u = await createUser(db);
    const now = new Date();
    const long = await takeBreak(db, u.id, "6m", now);
    expect(long.kind).toBe("self_exclusion");
    const shorter = await takeBreak(db, u.id, "1w", now);
    expect(shorter.suspendedUntil).toBe(long.suspendedUntil);
    expect((await refusal(buy(u.id, c.id))).message).toContain("You have self-excluded until");
    expect((await refusal(Promise.resolve().then(() => restrictAccount(db, u.id, false, "customer asked nicely")))).code).toBe("INVALID_STATE");
    const postal = await refusal(
      Promise.resolve().then(() =>
        recordPostalEntry(deps(), c.id, {
          customerName: "X",
          customerEmail: u.email,
          address: "x",
          receivedAt: now.toISOString(),
          postalReference: "PC-susp",
          answer: "green",
        }),
      ),
    );
    expect(postal.message).toContain("suspended");
  });

  it("an operator's restriction neither shortens nor lifts a player's own self-exclusion", async () => {
    const c = await createCompetition(db);
    const u = await createUser(db);
    const own = await takeBreak(db, u.id, "1y", new Date());
    await restrictAccount(db, u.id, true, "Concerning pattern of play");
    await restrictAccount(db, u.id, false, "Reviewed with the player");
    const after = await getLimits(db, u.id, new Date());
    expect(after.suspension).toMatchObject({ kind: "self_exclusion", until: own.suspendedUntil });
    expect((await refusal(buy(u.id, c.id))).message).toContain("You have self-excluded until");
  });

  it("hides broadcasts (marketing) from a suspended player", async () => {
    const u = await createUser(db);
    await takeBreak(db, u.id, "1w", new Date());
    const { caller } = await callerAs(db, "admin");
    await caller.admin.reports.createNotification({ title: "Flash sale!", message: "Buy now" });
    const { listForUser } = await import("../../src/server/services/notifications");
    expect((await listForUser(db, u.id)).map((n) => n.title)).not.toContain("Flash sale!");
  });

  it("closes an account: sessions end and sign-in is refused", async () => {
    const u = await createUser(db);
    await closeAccount(db, u.id, new Date());
    const err = await refusal(login(db, u.email, DEFAULT_PASSWORD));
    expect(err.code).toBe("ACCOUNT_CLOSED");
  });
});

describe("harm signals and intervention (1.6–1.7)", () => {
  it("flags a player who hits their limit and asks to raise it, and lets an admin restrict them with a reason on record", async () => {
    const c = await createCompetition(db, { pricePence: 1000 });
    const u = await createUser(db, { firstName: "Signal", lastName: "Person" });
    await setLimit(db, u.id, "10.00", new Date());
    await buy(u.id, c.id, 1);
    await refusal(buy(u.id, c.id, 1));
    await setLimit(db, u.id, "100.00", new Date());
    await setLimit(db, u.id, "200.00", new Date());
    const flagged = (await playerSignals(db, new Date())).find((p) => p.userId === u.id)!;
    expect(flagged.signals).toEqual(expect.arrayContaining(["Reached their spending limit 1 time(s)", "Asked to raise their limit 2 times"]));
    const { caller } = await callerAs(db, "admin");
    await caller.admin.protection.restrict({ userId: u.id, restricted: true, reason: "Repeated limit increases after hitting the limit" });
    expect((await refusal(buy(u.id, c.id, 1))).message).toContain("restricted");
    const audit = await caller.admin.protection.auditLog();
    expect(audit[0]).toMatchObject({ action: "admin.protection.restrict", targetId: u.id, reason: "Repeated limit increases after hitting the limit" });
  });
});

describe("complaints (1.2)", () => {
  it("gives a complaint a reference, an acknowledgement and a place in the queue with an 8-week deadline", async () => {
    const { caller } = await callerAs(db, null);
    const now = new Date();
    const res = await caller.public.contact.send({
      name: "Cross Customer",
      email: "cross@example.test",
      subject: "Prize not delivered",
      message: "My prize has not arrived after six weeks.",
      kind: "complaint",
    });
    expect(res.reference).toMatch(/^CMP-\d{8}-[0-9A-F]{6}$/);
    const admin = (await callerAs(db, "admin")).caller;
    const queue = await admin.admin.protection.complaints();
    const mine = queue.find((q) => q.reference === res.reference)!;
    expect(mine.status).toBe("open");
    expect(Math.round((Date.parse(mine.responseDueAt!) - now.getTime()) / (7 * 24 * HOUR))).toBe(8);
    const updated = await admin.admin.protection.updateComplaint({ id: mine.id, status: "answered", note: "Courier traced; delivery booked." });
    expect(updated.status).toBe("answered");
    expect(updated.notes[0]!.text).toBe("Courier traced; delivery booked.");
    const [ack] = await sqlRows<{ subject: string; text: string }>(db, `select subject, text from mail_outbox where "to" = 'cross@example.test'`);
    expect(ack!.subject).toContain(res.reference!);
  });
});
