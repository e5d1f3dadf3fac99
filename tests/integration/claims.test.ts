import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import pg from "pg";
import { createDb, first, type Db } from "../../db/client";
import { createPostgresDb, poolOf } from "../../db/postgres-db";
import { auditLog, notifications, tickets, users } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import { claimsTick, isDeliverable } from "../../src/server/services/claims";
import { recordPostalEntry } from "../../src/server/services/postal";
import { ensureDefaultSettings } from "../../src/server/services/settings";
import { createCompetition } from "../factories/competitions";
import { anonCaller, mailsTo, refusedWith, SHOP, tokenCaller } from "../helpers/account";
import { closeEarlyOf } from "../helpers/close-early";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { account, buy, buyerOf, claimForm, claimOf, claimRow, DAY, HOUR, wonAt } from "../helpers/winners";
import { postalCard } from "../factories/postal";

/**
 * Prize claims (issue #17): a draw opens a claim per winner; the winner claims (who they are, prize or
 * cash, where to send it); staff deliver or pay, or expire it; unclaimed ones get reminders and expire.
 */
async function shopDb(): Promise<Db> {
  const db = createTestDb();
  await allowGuestCheckout(db);
  await ensureDefaultSettings(db);
  return db;
}

const db = await shopDb();
const admin = await account(db, { role: "admin" });
const adminAt = (now = new Date()) => tokenCaller(db, admin.token, { now });
const claimLink = (id: string) => `${SHOP}/account/claims/${id}`;
const kinds = async (to: string, kind: string) => (await mailsTo(db, to)).filter((m) => m.kind === kind);
const DOB = "1985-06-15"; // the factory's date of birth

describe("a draw opens the winner's claim", () => {
  it("one per winner: notified, a window of claim_window_days, an urgent notification and a mail with the claim link", async () => {
    const at = new Date();
    const winner = await account(db);
    const guestEmail = `guest-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const c = await createCompetition(db, { title: "Two Quads", numberOfWinners: 2 });
    await buy(db, c.id, buyerOf(winner.user));
    await buy(db, c.id, { userId: null, email: guestEmail, name: "Guest Winner" });
    await (await adminAt(at)).admin.draws.run({ id: c.id, closeEarly: closeEarlyOf(c) });

    const claims = (await (await adminAt(at)).admin.claims.list()).filter((x) => x.competitionId === c.id);
    expect(claims).toHaveLength(2);
    for (const claim of claims) {
      expect(claim).toMatchObject({ status: "notified", competitionTitle: "Two Quads", notifiedAt: at.toISOString(), choice: null, overdue: false });
      expect(new Date(claim.expiresAt).getTime() - at.getTime()).toBe(28 * DAY);
    }
    const mine = claims.find((x) => x.userId === winner.user.id)!;
    const guests = claims.find((x) => x.userId === null)!;
    expect(guests.customerEmail).toBe(guestEmail);

    const note = await db.select().from(notifications).where(eq(notifications.userId, winner.user.id));
    expect(note).toEqual([expect.objectContaining({ type: "winner", priority: "urgent", competitionId: c.id, link: `/account/claims/${mine.id}` })]);
    const listed = await (await tokenCaller(db, winner.token)).customer.notifications.list();
    expect(listed.find((x) => x.competitionId === c.id)).toMatchObject({ link: `/account/claims/${mine.id}` });

    const [mail] = await kinds(winner.user.email, "winner");
    expect(mail!.text).toContain(claimLink(mine.id));
    expect(mail!.text).toContain(`${SHOP}/competition/${c.id}/draw`);
    expect((await kinds(guestEmail, "winner"))[0]!.text).toContain(claimLink(guests.id));

    const own = await (await tokenCaller(db, winner.token)).customer.claims.list();
    expect(own.map((x) => x.id)).toEqual([mine.id]);
    expect(own[0]).toMatchObject({ competitionId: c.id, status: "notified", cashAlternative: null, verifyUrl: `/competition/${c.id}/draw` });
    expect(own[0]).not.toHaveProperty("customerEmail");
  });
});

describe("claiming", () => {
  it("moves notified → claimed with the choice, phone and address, tells the winner, and refuses a second claim", async () => {
    const winner = await account(db);
    const { competition, claim } = await wonAt(db, new Date(), buyerOf(winner.user), { cashAlternative: "£9,500" });
    const me = await tokenCaller(db, winner.token);
    const claimed = await me.customer.claims.submit({ id: claim.id, ...claimForm(DOB, { phone: " 07700 900123 " }) });
    expect(claimed).toMatchObject({
      status: "claimed",
      choice: "prize",
      phone: "07700 900123",
      address: { line1: "Pant Farm", city: "Machynlleth", postcode: "SY20 8AA", country: "United Kingdom" },
      deliverable: true,
      prize: competition.prizeDetails,
      cashAlternative: "£9,500",
    });
    expect(claimed.claimedAt).not.toBeNull();
    expect(await me.customer.claims.get({ id: claim.id })).toEqual(claimed);
    const received = await first(
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, winner.user.id), eq(notifications.title, "Claim received")))
        .limit(1),
    );
    expect(received).toMatchObject({ link: `/account/claims/${claim.id}` });
    expect((await kinds(winner.user.email, "claim_update"))[0]!.subject).toBe(`Claim received: ${competition.title}`);
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, claim.id));
    expect(audit).toEqual([expect.objectContaining({ action: "customer.claims.submit", actorId: winner.user.id })]);

    const again = await refusedWith(me.customer.claims.submit({ id: claim.id, ...claimForm(DOB, { choice: "cash" }) }));
    expect(again).toMatchObject({ appCode: "INVALID_STATE", code: "CONFLICT" });
    expect((await claimRow(db, claim.id)).choice).toBe("prize");
  });

  it("marks addresses outside the UK mainland and Ireland as not deliverable (the operator will be in touch)", async () => {
    const cases: Array<[Record<string, string>, boolean]> = [
      [{ postcode: "sy20 8aa", country: "United Kingdom" }, true],
      [{ postcode: "D02 X285", country: "Ireland" }, true],
      [{ postcode: "IM1 1AA", country: "United Kingdom" }, false],
      [{ postcode: "75001", country: "France" }, false],
    ];
    for (const [address, deliverable] of cases) {
      const winner = await account(db);
      const { claim } = await wonAt(db, new Date(), buyerOf(winner.user));
      const form = claimForm(DOB);
      const claimed = await (await tokenCaller(db, winner.token)).customer.claims.submit({ id: claim.id, ...form, address: { ...form.address, ...address } });
      expect(claimed.deliverable, JSON.stringify(address)).toBe(deliverable);
      const words = await db.select().from(notifications).where(eq(notifications.userId, winner.user.id));
      const told = words.find((w) => w.title === "Claim received")!.message;
      if (deliverable) expect(told).toContain("free delivery");
      else expect(told).toContain("outside the UK mainland and Ireland");
    }
  });

  it("reads an island postcode typed without its space as the same island (Isle of Wight, Orkney, Scilly)", () => {
    const at = (postcode: string) => isDeliverable({ line1: "1 Lane", city: "Town", postcode, country: "United Kingdom" });
    for (const [spaced, unspaced] of [
      ["PO30 1AA", "PO301AA"],
      ["KW15 1AA", "KW151AA"],
      ["TR21 0AA", "TR210AA"],
      ["IM1 1AA", "IM11AA"],
    ]) {
      expect(at(spaced!), spaced).toBe(false);
      expect(at(unspaced!), unspaced).toBe(false);
    }
    // Mainland districts that share the islands' letters.
    expect(at("PO3 5AA")).toBe(true);
    expect(at("PO35AA")).toBe(true);
    expect(at("KW1 4AA")).toBe(true);
    expect(at("TR2 4AA")).toBe(true);
  });

  it("offers the cash alternative only where the competition has one", async () => {
    const winner = await account(db);
    const { claim } = await wonAt(db, new Date(), buyerOf(winner.user), { cashAlternative: null });
    const me = await tokenCaller(db, winner.token);
    const refused = await refusedWith(me.customer.claims.submit({ id: claim.id, ...claimForm(DOB, { choice: "cash" }) }));
    expect(refused).toMatchObject({ appCode: "INVALID_INPUT", code: "BAD_REQUEST", message: "This prize has no cash alternative." });
    expect((await claimRow(db, claim.id)).status).toBe("notified");

    const other = await account(db);
    const withCash = await wonAt(db, new Date(), buyerOf(other.user), { cashAlternative: "£4,000" });
    const claimed = await (await tokenCaller(db, other.token)).customer.claims.submit({ id: withCash.claim.id, ...claimForm(DOB, { choice: "cash" }) });
    expect(claimed).toMatchObject({ status: "claimed", choice: "cash", cashAlternative: "£4,000" });
  });

  it("needs accepted terms and a phone number (refused before anything changes)", async () => {
    const winner = await account(db);
    const { claim } = await wonAt(db, new Date(), buyerOf(winner.user));
    const me = await tokenCaller(db, winner.token);
    const noTerms = await refusedWith(me.customer.claims.submit({ id: claim.id, ...claimForm(DOB), acceptTerms: false as true }));
    expect(noTerms.code).toBe("BAD_REQUEST");
    const noPhone = await refusedWith(me.customer.claims.submit({ id: claim.id, ...claimForm(DOB, { phone: "call me" }) }));
    expect(noPhone.code).toBe("BAD_REQUEST");
    expect((await claimRow(db, claim.id)).status).toBe("notified");
  });
});

describe("who may claim", () => {
  it("needs a verified email address", async () => {
    const winner = await account(db, { emailVerified: false });
    const { claim } = await wonAt(db, new Date(), buyerOf(winner.user));
    const me = await tokenCaller(db, winner.token);
    expect((await me.customer.claims.get({ id: claim.id })).status).toBe("notified");
    expect(await refusedWith(me.customer.claims.submit({ id: claim.id, ...claimForm(DOB) }))).toMatchObject({
      appCode: "EMAIL_NOT_VERIFIED",
      code: "FORBIDDEN",
    });
    expect((await claimRow(db, claim.id)).status).toBe("notified");
  });

  it("checks the date of birth on the account", async () => {
    const winner = await account(db);
    const { claim } = await wonAt(db, new Date(), buyerOf(winner.user));
    const refused = await refusedWith((await tokenCaller(db, winner.token)).customer.claims.submit({ id: claim.id, ...claimForm("1985-06-16") }));
    expect(refused).toMatchObject({ appCode: "DATE_OF_BIRTH_MISMATCH", code: "BAD_REQUEST" });
    expect((await claimRow(db, claim.id)).status).toBe("notified");
  });

  it("records the date of birth of an account without one, 18 or over only", async () => {
    // An account without a date of birth cannot buy: its holder won with a guest entry made with its address.
    const email = `no-dob-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const { claim } = await wonAt(db, new Date(), { userId: null, email });
    const winner = await account(db, { email, dateOfBirth: null });
    const me = await tokenCaller(db, winner.token);
    const seventeen = `${new Date().getUTCFullYear() - 17}-01-01`;
    expect(await refusedWith(me.customer.claims.submit({ id: claim.id, ...claimForm(seventeen) }))).toMatchObject({ appCode: "UNDER_18", code: "FORBIDDEN" });
    const dob = async () => (await first(db.select({ d: users.dateOfBirth }).from(users).where(eq(users.id, winner.user.id))))!.d;
    expect(await dob()).toBeNull();
    expect((await claimRow(db, claim.id)).status).toBe("notified");
    expect((await me.customer.claims.submit({ id: claim.id, ...claimForm("1979-02-28") })).status).toBe("claimed");
    expect(await dob()).toBe("1979-02-28");
  });
});

describe("only the winner and admins see a claim", () => {
  it("another customer gets not found, a visitor is asked to sign in, a customer cannot reach the admin list", async () => {
    const winner = await account(db);
    const { claim } = await wonAt(db, new Date(), buyerOf(winner.user));
    const other = await tokenCaller(db, (await account(db)).token);
    expect((await other.customer.claims.list()).map((x) => x.id)).not.toContain(claim.id);
    expect(await refusedWith(other.customer.claims.get({ id: claim.id }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await refusedWith(other.customer.claims.submit({ id: claim.id, ...claimForm(DOB) }))).toMatchObject({ code: "NOT_FOUND" });
    const visitor = anonCaller(db);
    expect(await refusedWith(visitor.customer.claims.get({ id: claim.id }))).toMatchObject({ code: "UNAUTHORIZED" });
    expect(await refusedWith(visitor.customer.claims.list())).toMatchObject({ code: "UNAUTHORIZED" });
    expect(await refusedWith(other.admin.claims.list())).toMatchObject({ code: "FORBIDDEN" });
    expect(await refusedWith(other.admin.claims.summary())).toMatchObject({ code: "FORBIDDEN" });
    expect(await refusedWith(other.admin.claims.update({ id: claim.id, status: "expired", note: "Nope" }))).toMatchObject({ code: "FORBIDDEN" });
    expect((await claimRow(db, claim.id)).status).toBe("notified");
  });

  it("a guest entry's claim belongs to a verified account with the entry's email, not to an unverified one", async () => {
    const email = `Guest.Winner-${crypto.randomUUID().slice(0, 6)}@Example.test`;
    const { claim } = await wonAt(db, new Date(), { userId: null, email, name: "Guest Winner" });
    expect(claim.userId).toBeNull();
    const holder = await account(db, { email: email.toLowerCase(), emailVerified: false });
    const unverified = await tokenCaller(db, holder.token);
    expect(await unverified.customer.claims.list()).toEqual([]);
    expect(await refusedWith(unverified.customer.claims.get({ id: claim.id }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await refusedWith(unverified.customer.claims.submit({ id: claim.id, ...claimForm(DOB) }))).toMatchObject({ code: "NOT_FOUND" });

    await db.update(users).set({ emailVerified: true }).where(eq(users.id, holder.user.id));
    const verified = await tokenCaller(db, holder.token);
    expect((await verified.customer.claims.list()).map((x) => x.id)).toEqual([claim.id]);
    expect((await verified.customer.claims.submit({ id: claim.id, ...claimForm(DOB) })).status).toBe("claimed");
    expect((await claimRow(db, claim.id)).userId).toBe(holder.user.id);
  });
});

describe("staff", () => {
  it("mark a claimed prize delivered, or a cash alternative paid, with a reference; the winner is told", async () => {
    for (const choice of ["prize", "cash"] as const) {
      const winner = await account(db);
      const { competition, claim } = await wonAt(db, new Date(), buyerOf(winner.user), { cashAlternative: "£2,500" });
      await (await tokenCaller(db, winner.token)).customer.claims.submit({ id: claim.id, ...claimForm(DOB, { choice }) });
      const noReference = await refusedWith((await adminAt()).admin.claims.update({ id: claim.id, status: "fulfilled", reference: "  " }));
      expect(noReference).toMatchObject({ appCode: "INVALID_INPUT", message: choice === "cash" ? "Add the payment reference" : "Add the carrier's reference" });
      const done = await (await adminAt()).admin.claims.update({ id: claim.id, status: "fulfilled", reference: " REF-42 " });
      expect(done).toMatchObject({ status: "fulfilled", fulfilment: choice === "cash" ? "paid" : "delivered", reference: "REF-42" });
      expect(done.fulfilledAt).not.toBeNull();
      expect(await (await tokenCaller(db, winner.token)).customer.claims.get({ id: claim.id })).toMatchObject({ status: "fulfilled", reference: "REF-42" });
      const title = choice === "cash" ? "Prize paid" : "Prize on its way";
      const told = await db.select().from(notifications).where(eq(notifications.userId, winner.user.id));
      expect(told.find((x) => x.title === title)).toMatchObject({ link: `/account/claims/${claim.id}` });
      const mail = (await kinds(winner.user.email, "claim_update")).find((m) => m.subject === `${title}: ${competition.title}`)!;
      expect(mail.text).toContain("REF-42");
      expect(mail.text).toContain(claimLink(claim.id));
      const audit = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, claim.id), eq(auditLog.action, "admin.claims.update")));
      expect(audit).toEqual([
        expect.objectContaining({ actorId: admin.user.id, details: { id: claim.id, from: "claimed", status: "fulfilled", reference: "REF-42" } }),
      ]);
    }
  });

  it("expire a claim with a reason, from notified or from claimed; the winner is told why", async () => {
    const winner = await account(db);
    const { claim } = await wonAt(db, new Date(), buyerOf(winner.user));
    expect(await refusedWith((await adminAt()).admin.claims.update({ id: claim.id, status: "expired" }))).toMatchObject({
      appCode: "INVALID_INPUT",
      message: "Give a reason for expiring the claim",
    });
    const expired = await (await adminAt()).admin.claims.update({ id: claim.id, status: "expired", note: "Winner declined the prize by phone" });
    expect(expired).toMatchObject({ status: "expired", expiryReason: "Winner declined the prize by phone" });
    const told = await first(
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, winner.user.id), eq(notifications.title, "Claim closed")))
        .limit(1),
    );
    expect(told).toMatchObject({ type: "warning", link: `/account/claims/${claim.id}` });
    expect(told!.message).toContain("Winner declined the prize by phone");
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, claim.id));
    expect(audit).toEqual([expect.objectContaining({ action: "admin.claims.update", reason: "Winner declined the prize by phone" })]);
    // The winner cannot claim it afterwards.
    expect(await refusedWith((await tokenCaller(db, winner.token)).customer.claims.submit({ id: claim.id, ...claimForm(DOB) }))).toMatchObject({
      appCode: "CLAIM_EXPIRED",
      code: "CONFLICT",
    });

    const second = await account(db);
    const claimed = (await wonAt(db, new Date(), buyerOf(second.user))).claim;
    await (await tokenCaller(db, second.token)).customer.claims.submit({ id: claimed.id, ...claimForm(DOB) });
    expect((await (await adminAt()).admin.claims.update({ id: claimed.id, status: "expired", note: "Failed the age check by passport" })).status).toBe(
      "expired",
    );
  });

  it("cannot skip a step, claim for the winner, or change a claim once fulfilled or expired", async () => {
    const winner = await account(db);
    const { claim } = await wonAt(db, new Date(), buyerOf(winner.user));
    const refused = async (change: { status: "notified" | "claimed" | "fulfilled" | "expired"; note?: string; reference?: string }) =>
      (await refusedWith((await adminAt()).admin.claims.update({ id: claim.id, ...change }))).appCode;
    // Not claimed yet: not fulfilled, and "claimed" is the winner's own step.
    expect(await refused({ status: "fulfilled", reference: "REF-1" })).toBe("INVALID_STATE");
    expect(await refused({ status: "claimed", note: "On the phone" })).toBe("INVALID_STATE");
    await (await tokenCaller(db, winner.token)).customer.claims.submit({ id: claim.id, ...claimForm(DOB) });
    expect(await refused({ status: "claimed" })).toBe("INVALID_STATE");
    expect(await refused({ status: "notified", note: "Rang again" })).toBe("INVALID_STATE");
    await (await adminAt()).admin.claims.update({ id: claim.id, status: "fulfilled", reference: "DPD-1" });
    for (const change of [
      { status: "notified" as const, note: "Rang" },
      { status: "claimed" as const },
      { status: "fulfilled" as const, reference: "DPD-2" },
      { status: "expired" as const, note: "Too late" },
    ]) {
      expect(await refused(change), change.status).toBe("INVALID_STATE");
    }
    expect(await claimRow(db, claim.id)).toMatchObject({ status: "fulfilled", reference: "DPD-1" });
    expect(
      await refusedWith((await adminAt()).admin.claims.update({ id: "00000000-0000-4000-8000-000000000000", status: "expired", note: "x" })),
    ).toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("see a claim overdue after 48 hours without contact, until they record reaching the winner by phone", async () => {
    const at = new Date();
    const winner = await account(db);
    const { claim } = await wonAt(db, at, buyerOf(winner.user));
    const listed = async (now: Date) => (await (await adminAt(now)).admin.claims.list()).find((x) => x.id === claim.id)!;
    expect((await listed(new Date(at.getTime() + 47 * HOUR))).overdue).toBe(false);
    expect((await listed(new Date(at.getTime() + 49 * HOUR))).overdue).toBe(true);
    const noNote = await refusedWith((await adminAt()).admin.claims.update({ id: claim.id, status: "notified" }));
    expect(noNote).toMatchObject({ appCode: "INVALID_INPUT", message: "Say how you reached the winner" });
    const contacted = await (
      await adminAt(new Date(at.getTime() + 49 * HOUR))
    ).admin.claims.update({
      id: claim.id,
      status: "notified",
      note: "Spoke to Gwen, claiming tonight",
    });
    expect(contacted).toMatchObject({ status: "notified", overdue: false, contactNote: "Spoke to Gwen, claiming tonight" });
    // The winner hears that staff were in touch, never the staff's note.
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, winner.user.id), eq(notifications.title, "We've been in touch")));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ link: `/account/claims/${claim.id}` });
    expect(told[0]!.message).not.toContain("Spoke to Gwen");
    expect(contacted.contactedAt).toBe(new Date(at.getTime() + 49 * HOUR).toISOString());
    expect((await listed(new Date(at.getTime() + 100 * HOUR))).overdue).toBe(false);
  });

  it("count winners awaiting contact, those overdue, and claims awaiting fulfilment", async () => {
    const own = await shopDb();
    const boss = await account(own, { role: "admin" });
    const at = new Date();
    const staffAt = (hours: number) => tokenCaller(own, boss.token, { now: new Date(at.getTime() + hours * HOUR) });
    const claimFor = async () => {
      const w = await account(own);
      return { w, claim: (await wonAt(own, at, buyerOf(w.user))).claim };
    };
    await claimFor(); // waiting: no contact yet
    const reached = await claimFor();
    await (await staffAt(1)).admin.claims.update({ id: reached.claim.id, status: "notified", note: "Rang" });
    const claimed = await claimFor();
    await (await tokenCaller(own, claimed.w.token)).customer.claims.submit({ id: claimed.claim.id, ...claimForm(DOB) });
    const fulfilled = await claimFor();
    await (await tokenCaller(own, fulfilled.w.token)).customer.claims.submit({ id: fulfilled.claim.id, ...claimForm(DOB) });
    await (await staffAt(2)).admin.claims.update({ id: fulfilled.claim.id, status: "fulfilled", reference: "DPD-9" });
    const expired = await claimFor();
    await (await staffAt(2)).admin.claims.update({ id: expired.claim.id, status: "expired", note: "Declined" });

    expect(await (await staffAt(3)).admin.claims.summary()).toEqual({ awaitingContact: 1, overdue: 0, awaitingFulfilment: 1 });
    expect(await (await staffAt(49)).admin.claims.summary()).toEqual({ awaitingContact: 1, overdue: 1, awaitingFulfilment: 1 });
    expect((await (await staffAt(3)).admin.claims.list({ status: "claimed" })).map((c) => c.id)).toEqual([claimed.claim.id]);
    expect(await (await staffAt(3)).admin.claims.list()).toHaveLength(5);
  });
});

/** The same database opened again, as a second server (or this one restarted) would: the file, or the PostgreSQL database. */
function openedAgain(database: Db): Db {
  const pool = poolOf(database);
  return pool ? createPostgresDb(new pg.Pool({ connectionString: pool.options.connectionString, max: 2 })) : createDb(database.$client.name);
}

// The claim window's own database (made here: a describe callback cannot await).
const windowDb = await shopDb();

describe("the claim window and its reminders (injected clock)", () => {
  const own = windowDb;
  const tick = (at: Date, hours: number, database: Db = own) =>
    claimsTick({ db: database, mailer: noopMailer, origin: SHOP, now: () => new Date(at.getTime() + hours * HOUR) });
  const reminders = async (to: string) => (await mailsTo(own, to)).filter((m) => m.kind === "claim_reminder");

  it("reminds at 48 hours and 7 days, once each, and expires the claim at the end of the window", async () => {
    const at = new Date();
    const winner = await account(own);
    const { competition, claim } = await wonAt(own, at, buyerOf(winner.user));
    const other = await account(own);
    const keen = (await wonAt(own, at, buyerOf(other.user))).claim;
    await (await tokenCaller(own, other.token, { now: new Date(at.getTime() + HOUR) })).customer.claims.submit({ id: keen.id, ...claimForm(DOB) });

    expect(await tick(at, 47)).toEqual({ reminded: 0, expired: 0 });
    expect(await reminders(winner.user.email)).toEqual([]);
    expect(await tick(at, 48)).toEqual({ reminded: 1, expired: 0 });
    expect(await reminders(winner.user.email)).toHaveLength(1);
    const [first] = await reminders(winner.user.email);
    expect(first!.subject).toBe(`Don't forget to claim your prize: ${competition.title}`);
    expect(first!.text).toContain(`${SHOP}/account/claims/${claim.id}`);
    expect((await claimRow(own, claim.id)).reminder48hAt).toEqual(new Date(at.getTime() + 48 * HOUR));
    expect(await tick(at, 50)).toEqual({ reminded: 0, expired: 0 });
    expect(await tick(at, 7 * 24 - 1)).toEqual({ reminded: 0, expired: 0 });
    expect(await reminders(winner.user.email)).toHaveLength(1);

    expect(await tick(at, 7 * 24)).toEqual({ reminded: 1, expired: 0 });
    const final = (await reminders(winner.user.email)).find((m) => m.subject.startsWith("Last reminder"));
    expect(final!.subject).toBe(`Last reminder: claim your prize from ${competition.title}`);
    expect(await tick(at, 8 * 24)).toEqual({ reminded: 0, expired: 0 });
    expect(await reminders(winner.user.email)).toHaveLength(2);

    expect(await tick(at, 28 * 24 - 1)).toEqual({ reminded: 0, expired: 0 });
    expect((await claimRow(own, claim.id)).status).toBe("notified");
    expect(await tick(at, 28 * 24)).toEqual({ reminded: 0, expired: 1 });
    const expired = await claimRow(own, claim.id);
    expect(expired).toMatchObject({ status: "expired", expiryReason: "It was not claimed within 28 days of the draw." });
    expect(expired.expiredAt).toEqual(new Date(at.getTime() + 28 * 24 * HOUR));
    const told = await own.select().from(notifications).where(eq(notifications.userId, winner.user.id));
    expect(told.find((x) => x.title === "Claim closed")).toMatchObject({ type: "warning", link: `/account/claims/${claim.id}` });
    expect((await mailsTo(own, winner.user.email)).find((m) => m.kind === "claim_update")!.subject).toBe(`Claim closed: ${competition.title}`);
    const audit = await own.select().from(auditLog).where(eq(auditLog.targetId, claim.id));
    expect(audit).toEqual([
      expect.objectContaining({ action: "system.claims.expire", actorId: "system", reason: "It was not claimed within 28 days of the draw." }),
    ]);
    expect(await tick(at, 29 * 24)).toEqual({ reminded: 0, expired: 0 });
    const late = await refusedWith(
      (await tokenCaller(own, winner.token, { now: new Date(at.getTime() + 29 * DAY) })).customer.claims.submit({ id: claim.id, ...claimForm(DOB) }),
    );
    expect(late).toMatchObject({ appCode: "CLAIM_EXPIRED", code: "CONFLICT" });

    // The claimed claim got no reminder and never expires.
    expect(await claimRow(own, keen.id)).toMatchObject({ status: "claimed", reminder48hAt: null, reminder7dAt: null, expiredAt: null });
    expect(await reminders(other.user.email)).toEqual([]);
  });

  it("refuses a claim after the window even before the clock has expired it", async () => {
    const at = new Date();
    const winner = await account(own);
    const { claim } = await wonAt(own, at, buyerOf(winner.user));
    const me = await tokenCaller(own, winner.token, { now: new Date(at.getTime() + 28 * DAY + 60_000) });
    expect(await refusedWith(me.customer.claims.submit({ id: claim.id, ...claimForm(DOB) }))).toMatchObject({ appCode: "CLAIM_EXPIRED" });
    const inTime = await tokenCaller(own, winner.token, { now: new Date(at.getTime() + 28 * DAY - 60_000) });
    expect((await inTime.customer.claims.submit({ id: claim.id, ...claimForm(DOB) })).status).toBe("claimed");
  });

  it("after a restart 8 days on, sends only the final reminder, once, even with two servers ticking", async () => {
    const at = new Date();
    const winner = await account(own);
    const { claim } = await wonAt(own, at, buyerOf(winner.user));
    const restarted = openedAgain(own);
    try {
      await tick(at, 8 * 24, restarted);
      await tick(at, 8 * 24, own);
      await tick(at, 8 * 24 + 1, restarted);
    } finally {
      await restarted.close();
    }
    const sent = await reminders(winner.user.email);
    expect(sent.map((m) => m.subject.startsWith("Last reminder"))).toEqual([true]);
    expect((await claimRow(own, claim.id)).reminder7dAt).toEqual(new Date(at.getTime() + 8 * DAY));
    await tick(at, 9 * 24);
    expect(await reminders(winner.user.email)).toHaveLength(1);
  });

  it("takes its length from claim_window_days (7 to 365) at the time of the draw", async () => {
    const boss = await account(own, { role: "admin" });
    const settings = (await tokenCaller(own, boss.token)).admin.settings;
    for (const bad of ["6", "366", "14.5", "a fortnight", ""]) {
      expect((await refusedWith(settings.update({ key: "claim_window_days", value: bad }))).appCode, bad).toBe("INVALID_INPUT");
    }
    expect((await settings.update({ key: "claim_window_days", value: "365" })).value).toBe("365");
    expect((await settings.update({ key: "claim_window_days", value: " 14 " })).value).toBe("14");
    const at = new Date();
    const winner = await account(own);
    const { claim } = await wonAt(own, at, buyerOf(winner.user));
    await settings.update({ key: "claim_window_days", value: "28" });
    expect(claim.expiresAt).toEqual(new Date(at.getTime() + 14 * DAY));
    await tick(at, 14 * 24 - 1);
    expect((await claimRow(own, claim.id)).status).toBe("notified");
    await tick(at, 14 * 24);
    expect(await claimRow(own, claim.id)).toMatchObject({ status: "expired", expiryReason: "It was not claimed within 14 days of the draw." });
  });
});

describe("a winner named by hand with their ticket number", () => {
  it("is linked to the entry holding that ticket and their claim opens", async () => {
    const winner = await account(db);
    const c = await createCompetition(db, { title: "Hand-Picked Baler" });
    await buy(db, c.id, buyerOf(winner.user), 2);
    const created = await (await adminAt()).admin.winners.create({ competitionId: c.id, customerName: "Gwen E.", ticketNumber: "2" });
    const claim = await claimOf(db, c.id);
    expect(claim).toMatchObject({ winnerId: created.id, userId: winner.user.id, ticketNumber: "2", status: "notified" });
    const note = await first(db.select().from(notifications).where(eq(notifications.userId, winner.user.id)).limit(1));
    expect(note).toMatchObject({ type: "winner", priority: "urgent", link: `/account/claims/${claim.id}` });
    expect((await kinds(winner.user.email, "winner"))[0]!.text).toContain(claimLink(claim.id));
    expect((await (await tokenCaller(db, winner.token)).customer.claims.list()).map((x) => x.id)).toEqual([claim.id]);

    const twice = await refusedWith((await adminAt()).admin.winners.create({ competitionId: c.id, customerName: "Gwen E.", ticketNumber: "2" }));
    expect(twice).toMatchObject({ appCode: "ALREADY_EXISTS", code: "CONFLICT" });
  });

  it("refuses a ticket no paid or postal entry holds", async () => {
    const c = await createCompetition(db);
    const buyer = await account(db);
    await buy(db, c.id, buyerOf(buyer.user), 1);
    // A second order waiting on the bank holds ticket 2 without paying for it.
    const waiting = await buy(db, c.id, buyerOf((await account(db)).user), 1, "sim_3ds_required");
    expect(waiting.status).not.toBe("paid");
    const held = await db.select({ number: tickets.number }).from(tickets).where(eq(tickets.competitionId, c.id));
    expect(held.map((t) => t.number).sort()).toEqual(["1", "2"]);
    for (const ticketNumber of ["2", "99"]) {
      const refused = await refusedWith((await adminAt()).admin.winners.create({ competitionId: c.id, customerName: "Nobody", ticketNumber }));
      expect(refused, ticketNumber).toMatchObject({
        appCode: "INVALID_INPUT",
        message: "No paid or postal entry holds that ticket number in this competition",
      });
    }
    expect(await db.select().from(notifications).where(eq(notifications.competitionId, c.id))).toEqual([]);
  });

  it("takes a postal ticket, and leaves a winner without a ticket number without a claim", async () => {
    const c = await createCompetition(db);
    const postal = await recordPostalEntry({ db, mailer: noopMailer }, c.id, postalCard());
    await (await adminAt()).admin.winners.create({ competitionId: c.id, customerName: "Postal P.", ticketNumber: postal.ticketNumbers[0]! });
    expect(await claimOf(db, c.id)).toMatchObject({ ticketNumber: postal.ticketNumbers[0], userId: null, status: "notified" });

    const plain = await createCompetition(db);
    await (await adminAt()).admin.winners.create({ competitionId: plain.id, customerName: "Old Winner" });
    expect((await (await adminAt()).admin.claims.list()).filter((x) => x.competitionId === plain.id)).toEqual([]);
  });
});
