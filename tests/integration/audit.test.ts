import { aboutPagePayload } from "../factories/content";
import { TRPCError } from "@trpc/server";
import { desc, eq, getTableName, is, sql } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { first, type Db } from "../../db/client";
import {
  auditLog,
  categories,
  competitions,
  contactMessages,
  heroSlides,
  mailOutbox,
  notifications,
  popups,
  discountCodes,
  prizeClaims,
  settings,
  users,
  winners,
} from "../../db/schema";
import * as schema from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { appRouter } from "../../src/server/routers/_app";
import { audited, type Actor } from "../../src/server/services/audit";
import { recordPostalEntry } from "../../src/server/services/postal";
import { placeOrder } from "../../src/server/services/purchase";
import { createCompetition, campaignPayload } from "../factories/competitions";
import { createUser, createUserWithSession } from "../factories/users";
import { count } from "../helpers/assertions";
import { tokenCaller } from "../helpers/account";
import { callerAs } from "../helpers/caller";
import { closeEarlyOf } from "../helpers/close-early";
import { createTestDb, sqlRun, TEST_ENGINE } from "../helpers/db";
import { postalCard as postal } from "../factories/postal";

/**
 * A change and its audit row are one transaction: no change without its row, no row without its
 * change. Proved for every admin write, generated from the router so a write added tomorrow must
 * join this table.
 */
const db = createTestDb();
await db
  .insert(settings)
  .values({ key: "winners_display_count", value: "12", category: "display", updatedAt: new Date(0) })
  .onConflictDoNothing();
const { caller, user: admin, token: adminToken } = await callerAs(db, "admin");
const actor: Actor = { id: admin!.id, email: admin!.email };
type Caller = typeof caller;

let n = 0;
const unique = (prefix: string) => `${prefix} ${++n}-${crypto.randomUUID().slice(0, 6)}`;
const campaign = () => campaignPayload({ title: unique("Audited Baler"), maxTickets: undefined, qualifyingQuestion: undefined, qualifyingAnswer: undefined });
const slide = () => ({ title: unique("Slide"), image: "/images/hero-harvest.svg", ctaText: "Go", ctaLink: "/competitions" });
const popupFields = () => ({ title: unique("Pop-up"), ctaText: "Go", ctaLink: "/competitions" });
const about = aboutPagePayload();
const postalCard = () => postal({ postalReference: unique("PC") });

/** A customer's paid order of one ticket, bought through the purchase path. */
async function paidOrder() {
  const comp = await createCompetition(db);
  const buyer = await createUser(db);
  return placeOrder(
    { db, payments: new SimulatedPaymentProvider(0), mailer: noopMailer },
    {
      userId: buyer.id,
      customerName: "Audited Buyer",
      customerEmail: buyer.email,
      lines: [{ competitionId: comp.id, quantity: 1, answer: "green" }],
      method: { token: "sim_approve" },
      returnUrl: "/checkout/complete",
    },
  );
}

/** Sets up what one admin write needs and returns the call, which may be made twice (first refused). */
type Write = (db: Db) => Promise<(c: Caller) => Promise<unknown>>;

const writes: Record<string, Write> = {
  "admin.statistics.update": async () => (c) =>
    c.admin.statistics.update({ source: "manual", totalWinners: 2 + (n++ % 50), totalPrizeValue: "1000.00", totalFollowers: 300 }),
  "admin.settings.update": async () => (c) => c.admin.settings.update({ key: "winners_display_count", value: String(2 + (n++ % 50)) }),
  "admin.competitions.create": async () => (c) => c.admin.competitions.create(campaign()),
  "admin.competitions.update": async () => {
    const comp = await createCompetition(db);
    return (c) => c.admin.competitions.update({ id: comp.id, status: "closed" });
  },
  "admin.competitions.remove": async () => {
    const comp = await createCompetition(db);
    return (c) => c.admin.competitions.remove({ id: comp.id });
  },
  "admin.heroSlides.create": async () => (c) => c.admin.heroSlides.create(slide()),
  "admin.heroSlides.update": async () => {
    const row = (await first(db.insert(heroSlides).values(slide()).returning()))!;
    return (c) => c.admin.heroSlides.update({ id: row.id, order: 3 });
  },
  "admin.heroSlides.remove": async () => {
    const row = (await first(db.insert(heroSlides).values(slide()).returning()))!;
    return (c) => c.admin.heroSlides.remove({ id: row.id });
  },
  "admin.categories.create": async () => (c) => c.admin.categories.create({ name: unique("Orchards") }),
  "admin.categories.update": async () => {
    const row = (await first(
      db
        .insert(categories)
        .values({ name: unique("Hedging") })
        .returning(),
    ))!;
    return (c) => c.admin.categories.update({ id: row.id, name: unique("Hedgerows") });
  },
  "admin.categories.remove": async () => {
    const row = (await first(
      db
        .insert(categories)
        .values({ name: unique("Spare") })
        .returning(),
    ))!;
    return (c) => c.admin.categories.remove({ id: row.id });
  },
  "admin.popups.create": async () => (c) => c.admin.popups.create(popupFields()),
  "admin.popups.update": async () => {
    const row = (await first(db.insert(popups).values(popupFields()).returning()))!;
    return (c) => c.admin.popups.update({ id: row.id, ...popupFields(), priority: 4 });
  },
  "admin.popups.remove": async () => {
    const row = (await first(db.insert(popups).values(popupFields()).returning()))!;
    return (c) => c.admin.popups.remove({ id: row.id });
  },
  "admin.discountCodes.create": async () => (c) =>
    c.admin.discountCodes.create({ code: unique("AUDIT").replace(/[^A-Za-z0-9_-]/g, ""), kind: "percent", percent: 10 }),
  "admin.discountCodes.update": async () => {
    const row = (await first(
      db
        .insert(discountCodes)
        .values({ code: unique("AUDITU").replace(/[^A-Za-z0-9_-]/g, ""), kind: "fixed", value: 500 })
        .returning(),
    ))!;
    return (c) => c.admin.discountCodes.update({ id: row.id, maxUses: 5 });
  },
  "admin.discountCodes.remove": async () => {
    const row = (await first(
      db
        .insert(discountCodes)
        .values({ code: unique("AUDITR").replace(/[^A-Za-z0-9_-]/g, ""), kind: "percent", value: 5 })
        .returning(),
    ))!;
    return (c) => c.admin.discountCodes.remove({ id: row.id });
  },
  "admin.about.save": async () => (c) => c.admin.about.save({ ...about, heroTitle: unique("About") }),
  "admin.winners.create": async () => {
    // With the winning ticket: the winner's claim, notification and mail are part of the change.
    const comp = await createCompetition(db);
    await recordPostalEntry({ db, mailer: noopMailer }, comp.id, postalCard());
    return (c) => c.admin.winners.create({ competitionId: comp.id, customerName: "Nia W.", ticketNumber: "1" });
  },
  "admin.winners.update": async () => {
    const comp = await createCompetition(db);
    const row = (await first(db.insert(winners).values({ competitionId: comp.id, customerName: "Nia W.", source: "manual" }).returning()))!;
    return (c) => c.admin.winners.update({ id: row.id, competitionId: comp.id, customerName: "Nia Williams" });
  },
  "admin.winners.remove": async () => {
    const comp = await createCompetition(db);
    const row = (await first(db.insert(winners).values({ competitionId: comp.id, customerName: "Nia W.", source: "manual" }).returning()))!;
    return (c) => c.admin.winners.remove({ id: row.id });
  },
  "admin.reports.createNotification": async () => (c) => c.admin.reports.createNotification({ title: unique("Draw tonight"), message: "Live at 8pm" }),
  "admin.media.campaignUploadUrl": async () => (c) => c.admin.media.campaignUploadUrl({ filename: "bale.png" }),
  "admin.media.objectUpload": async () => (c) => c.admin.media.objectUpload(),
  "admin.draws.run": async () => {
    const comp = await createCompetition(db);
    await recordPostalEntry({ db, mailer: noopMailer }, comp.id, postalCard());
    return (c) => c.admin.draws.run({ id: comp.id, closeEarly: closeEarlyOf(comp) });
  },
  "admin.claims.update": async () => {
    const comp = await createCompetition(db);
    await recordPostalEntry({ db, mailer: noopMailer }, comp.id, postalCard());
    await caller.admin.draws.run({ id: comp.id, closeEarly: closeEarlyOf(comp) });
    const claim = (await first(db.select().from(prizeClaims).where(eq(prizeClaims.competitionId, comp.id)).limit(1)))!;
    return (c) => c.admin.claims.update({ id: claim.id, status: "expired", note: "The winner declined the prize" });
  },
  "admin.draws.recordPostal": async () => {
    const comp = await createCompetition(db);
    return (c) => c.admin.draws.recordPostal({ id: comp.id, ...postalCard() });
  },
  "admin.protection.restrict": async () => {
    const player = await createUser(db);
    return (c) => c.admin.protection.restrict({ userId: player.id, reason: "Concerning pattern of play" });
  },
  "admin.protection.updateComplaint": async () => {
    const row = (await first(
      db
        .insert(contactMessages)
        .values({ name: "Rhys", email: "rhys@example.test", subject: "Prize", message: "Not arrived", kind: "complaint", reference: unique("HD-C") })
        .returning(),
    ))!;
    return (c) => c.admin.protection.updateComplaint({ id: row.id, status: "answered", note: "Courier traced" });
  },
  "admin.users.revokeSessions": async () => {
    const { user } = await createUserWithSession(db);
    return (c) => c.admin.users.revokeSessions({ userId: user.id, reason: "Lost phone" });
  },
  "admin.users.changeDateOfBirth": async () => {
    const player = await createUser(db, { dateOfBirth: "2009-01-01" });
    return (c) => c.admin.users.changeDateOfBirth({ userId: player.id, dateOfBirth: "1989-01-01", reason: "Passport checked by phone" });
  },
  "admin.orders.refund": async () => {
    const order = await paidOrder();
    return (c) => c.admin.orders.refund({ id: order.id, reason: "The customer asked for their money back" });
  },
  "admin.customers.addNote": async () => {
    const player = await createUser(db);
    return (c) => c.admin.customers.addNote({ id: player.id, text: "Rang about their tickets" });
  },
  "admin.customers.addCredit": async () => {
    const player = await createUser(db);
    return (c) => c.admin.customers.addCredit({ id: player.id, amount: "5.00", reason: "Sorry for the slow delivery" });
  },
  "admin.customers.resendConfirmation": async () => {
    const order = await paidOrder();
    return (c) => c.admin.customers.resendConfirmation({ id: order.id });
  },
  "admin.mail.retry": async () => {
    const row = (await first(
      db
        .insert(mailOutbox)
        .values({ to: "bounced@example.test", subject: "Undeliverable", text: "Hello", status: "failed", attempts: 5, lastError: "550 no such mailbox" })
        .returning(),
    ))!;
    return (c) => c.admin.mail.retry({ id: row.id });
  },
  "admin.notifications.remove": async () => {
    const row = (await first(
      db
        .insert(notifications)
        .values({ title: unique("Old news"), message: "Gone" })
        .returning(),
    ))!;
    return (c) => c.admin.notifications.remove({ id: row.id });
  },
};

const adminMutations = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
  .filter(([path, p]) => path.startsWith("admin.") && p._def.type === "mutation")
  .map(([path]) => path)
  .sort();

/** Every table of the description (each of the database's tables but the migrations' own), by name. */
const allTables = (Object.values(schema).filter((t) => is(t, SQLiteTable)) as SQLiteTable[]).sort((a, b) => (getTableName(a) < getTableName(b) ? -1 : 1));

/** Every row of every table (in a stable order), so a test can tell that nothing at all changed. */
async function snapshot(): Promise<string> {
  const tables: Array<[string, string[]]> = [];
  for (const table of allTables) tables.push([getTableName(table), (await db.select().from(table)).map((row) => JSON.stringify(row)).sort()]);
  return JSON.stringify(tables);
}

/** Makes every audit insert fail, as a full disk or a broken table would: a trigger, written in each engine's SQL. */
async function auditFails<T>(run: () => Promise<T>): Promise<T> {
  if (TEST_ENGINE === "postgres") {
    await sqlRun(db, "create function audit_refused() returns trigger language plpgsql as $$ begin raise exception 'audit log unavailable'; end $$");
    await sqlRun(db, "create trigger audit_refused before insert on audit_log for each row execute function audit_refused()");
  } else {
    await sqlRun(db, "create trigger audit_refused before insert on audit_log begin select raise(abort, 'audit log unavailable'); end");
  }
  try {
    return await run();
  } finally {
    if (TEST_ENGINE === "postgres") {
      await sqlRun(db, "drop trigger audit_refused on audit_log");
      await sqlRun(db, "drop function audit_refused()");
    } else {
      await sqlRun(db, "drop trigger audit_refused");
    }
  }
}

/** An error's text with its causes' (a database layer may wrap the driver's error in one of its own that names the query). */
function withCauses(err: unknown): string {
  const texts: string[] = [];
  for (let e = err; e; e = (e as { cause?: unknown }).cause) texts.push(String(e));
  return texts.join("\n");
}

const newRows = async (afterId: number) =>
  (await db.select().from(auditLog).where(eq(auditLog.actorId, actor.id)).orderBy(desc(auditLog.id))).filter((r) => r.id > afterId);
const lastId = async () => (await first(db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1)))?.id ?? 0;

/**
 * Admin mutations that write nothing (so they have no audit row of their own), each with a call that
 * shows it: a relisting's draft is only an answer until it is saved through admin.competitions.create.
 */
const writesNothing: Record<string, Write> = {
  "admin.competitions.clone": async () => {
    const comp = await createCompetition(db, { status: "closed" });
    return (c) => c.admin.competitions.clone({ id: comp.id });
  },
};

describe("every admin write carries its own audit row", () => {
  it("the table below covers every admin mutation of the router", () => {
    expect(adminMutations.length).toBeGreaterThan(20);
    expect([...Object.keys(writes), ...Object.keys(writesNothing)].filter((p) => p.startsWith("admin.")).sort()).toEqual(adminMutations);
  });

  for (const [path, prepare] of Object.entries(writesNothing)) {
    it(`${path}: writes nothing at all, so it has no audit row`, async () => {
      const call = await prepare(db);
      const before = await snapshot();
      const since = await lastId();
      await call(caller);
      expect(await snapshot()).toBe(before);
      expect(await newRows(since)).toEqual([]);
    });
  }

  for (const [path, prepare] of Object.entries(writes)) {
    it(`${path}: rolled back when its audit row cannot be written, recorded when it can`, async () => {
      const call = await prepare(db);
      const before = await snapshot();
      const refused = await auditFails(() =>
        call(caller).then(
          () => null,
          (err: unknown) => err,
        ),
      );
      expect(refused, "the write must fail with its audit row").toBeInstanceOf(TRPCError);
      expect(withCauses((refused as TRPCError).cause)).toContain("audit log unavailable");
      expect(await snapshot(), "nothing of the change may remain").toBe(before);

      const since = await lastId();
      await call(caller);
      const rows = await newRows(since);
      expect(rows.length).toBeGreaterThanOrEqual(1);
      for (const row of rows) expect(row).toMatchObject({ action: path, actorId: actor.id, actorEmail: actor.email });
    });
  }
});

describe("the audit row says what was changed, by whom and why", () => {
  it("records the setting, its new value (long values cut) and no reason", async () => {
    await db
      .insert(settings)
      .values({ key: "site_notice", value: "x", category: "general", updatedAt: new Date(0) })
      .onConflictDoNothing();
    const since = await lastId();
    await caller.admin.settings.update({ key: "site_notice", value: "y".repeat(1200) });
    const [row] = await newRows(since);
    expect(row).toMatchObject({ action: "admin.settings.update", targetType: "settings", targetId: "site_notice", reason: null });
    expect((row!.details as { value: string }).value).toBe(`${"y".repeat(500)}…`);
  });

  it("records the player, the old and new date of birth and the reason", async () => {
    const player = await createUser(db, { dateOfBirth: "2010-03-04" });
    const since = await lastId();
    await caller.admin.users.changeDateOfBirth({ userId: player.id, dateOfBirth: "1980-03-04", reason: "Driving licence checked" });
    const [row] = await newRows(since);
    expect(row).toMatchObject({ action: "admin.users.changeDateOfBirth", targetType: "users", targetId: player.id, reason: "Driving licence checked" });
    expect(row!.details).toMatchObject({ dateOfBirth: "1980-03-04", previousDateOfBirth: "2010-03-04" });
    expect((await first(db.select({ d: users.dateOfBirth }).from(users).where(eq(users.id, player.id))))?.d).toBe("1980-03-04");
  });

  it("records each step of a draw an admin runs on an open competition after its end date", async () => {
    const start = Date.now();
    const comp = await createCompetition(db, { endDate: new Date(start + 60_000), drawDate: new Date(start + 120_000) });
    await recordPostalEntry({ db, mailer: noopMailer }, comp.id, postalCard());
    const since = await lastId();
    await (await tokenCaller(db, adminToken!, { now: new Date(start + 180_000) })).admin.draws.run({ id: comp.id, beacon: "lottery-2026-01-05" });
    const steps = (await newRows(since)).reverse().map((r) => (r.details as { step: string }).step);
    expect(steps).toEqual(["sales closed", "pool frozen", "drawn"]);
  });

  it("records a close early on purpose with the end and draw dates before and after, then the draw", async () => {
    const comp = await createCompetition(db);
    await recordPostalEntry({ db, mailer: noopMailer }, comp.id, postalCard());
    const since = await lastId();
    const at = new Date();
    await (await tokenCaller(db, adminToken!, { now: at })).admin.draws.run({ id: comp.id, closeEarly: closeEarlyOf(comp) });
    const rows = (await newRows(since)).reverse();
    expect(rows.map((r) => (r.details as { step: string }).step)).toEqual(["closed early", "pool frozen", "drawn"]);
    expect(rows[0]).toMatchObject({ action: "admin.draws.run", targetId: comp.id });
    expect(rows[0]!.details).toMatchObject({
      endDate: { before: comp.endDate.toISOString(), after: at.toISOString() },
      drawDate: { before: comp.drawDate.toISOString(), after: at.toISOString() },
      confirmedEndDate: closeEarlyOf(comp).confirmEndDate,
    });
    const after = (await first(db.select().from(competitions).where(eq(competitions.id, comp.id))))!;
    expect(after).toMatchObject({ status: "drawn", endDate: at, drawDate: at });
  });
});

describe("audited(): the change and its row commit or roll back together", () => {
  it("leaves no row when the change throws inside the transaction, and keeps none of the change", async () => {
    const since = await lastId();
    const before = (await first(db.select().from(settings).where(eq(settings.key, "winners_display_count"))))!.value;
    await expect(
      audited(
        db,
        actor,
        async (tx) => {
          await tx.update(settings).set({ value: "99" }).where(eq(settings.key, "winners_display_count"));
          throw new Error("the change failed half way");
        },
        () => ({ action: "admin.settings.update", targetId: "winners_display_count" }),
      ),
    ).rejects.toThrow("the change failed half way");
    expect(await newRows(since)).toEqual([]);
    expect((await first(db.select().from(settings).where(eq(settings.key, "winners_display_count"))))!.value).toBe(before);
  });

  it("leaves no row when a service refuses the change", async () => {
    const comp = await createCompetition(db);
    await recordPostalEntry({ db, mailer: noopMailer }, comp.id, postalCard());
    const since = await lastId();
    await expect(caller.admin.competitions.remove({ id: comp.id })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(caller.admin.competitions.update({ id: comp.id, status: "drawn" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const name = unique("Taken");
    await caller.admin.categories.create({ name });
    const sinceCategory = await lastId();
    await expect(caller.admin.categories.create({ name: name.toUpperCase() })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await newRows(sinceCategory)).toEqual([]);
    expect((await newRows(since)).map((r) => r.action)).toEqual(["admin.categories.create"]);
  });

  it("rolls the change back when the audit table is gone", async () => {
    const before = (await first(db.select().from(settings).where(eq(settings.key, "winners_display_count"))))!.value;
    await sqlRun(db, "alter table audit_log rename to audit_log_away");
    try {
      await expect(
        audited(
          db,
          actor,
          async (tx) => {
            await tx.update(settings).set({ value: "42" }).where(eq(settings.key, "winners_display_count"));
          },
          () => ({ action: "admin.settings.update", targetId: "winners_display_count" }),
        ),
      ).rejects.toThrow(/audit_log/);
    } finally {
      await sqlRun(db, "alter table audit_log_away rename to audit_log");
    }
    expect((await first(db.select().from(settings).where(eq(settings.key, "winners_display_count"))))!.value).toBe(before);
  });

  // About SQLite's one connection: its transaction holds the connection's lease, and another request's read waits
  // for the commit. On PostgreSQL each request has a connection of its own (the test after this one).
  it.skipIf(TEST_ENGINE === "postgres")(
    "keeps other requests out of a change that awaits the database: they see the change and its row together, or neither",
    async () => {
      const rows = await count(db, "audit_log");
      const before = (await first(db.select().from(settings).where(eq(settings.key, "winners_display_count"))))!.value;
      const change = audited(
        db,
        actor,
        async (tx) => {
          await tx.update(settings).set({ value: "7" }).where(eq(settings.key, "winners_display_count"));
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
        () => ({ action: "admin.settings.update", targetId: "winners_display_count" }),
      );
      // Another request reads while the change waits between its statements.
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(db.$client.inTransaction).toBe(true);
      const seen = Promise.all([first(db.select().from(settings).where(eq(settings.key, "winners_display_count"))), db.$count(auditLog)]);
      await change;
      const [setting, n] = await seen;
      expect(before).not.toBe("7");
      // The reader waited for the commit: it saw the new value with its audit row, never the value alone.
      expect({ value: setting?.value, rows: n }).toEqual({ value: "7", rows: rows + 1 });
      expect(db.$client.inTransaction).toBe(false);
    },
  );

  // PostgreSQL's counterpart of the test above: another connection reads while the change waits between its statements.
  it.runIf(TEST_ENGINE === "postgres")("shows other requests the change and its row together, or neither, while the change awaits the database", async () => {
    const rows = await count(db, "audit_log");
    const before = (await first(db.select().from(settings).where(eq(settings.key, "winners_display_count"))))!.value;
    expect(before).not.toBe("6");
    const change = audited(
      db,
      actor,
      async (tx) => {
        await tx.update(settings).set({ value: "6" }).where(eq(settings.key, "winners_display_count"));
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
      () => ({ action: "admin.settings.update", targetId: "winners_display_count" }),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const seen = await first(
      db
        .select({ value: settings.value, rows: sql<number>`(select count(*) from ${auditLog})` })
        .from(settings)
        .where(eq(settings.key, "winners_display_count")),
    );
    await change;
    expect([
      { value: before, rows },
      { value: "6", rows: rows + 1 },
    ]).toContainEqual({ value: seen?.value, rows: Number(seen?.rows) });
  });
});
