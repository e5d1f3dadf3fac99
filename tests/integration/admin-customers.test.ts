import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, customerNotes, mailOutbox } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { addCustomerNote } from "../../src/server/services/customers/records";
import type { Actor } from "../../src/server/services/audit";
import { placeOrder, refundOrder, type OrderDeps } from "../../src/server/services/purchase";
import { createCompetition } from "../factories/competitions";
import { createUser } from "../factories/users";
import { refusedWith } from "../helpers/account";
import { callerAs } from "../helpers/caller";
import { createTestDb, sqlRun, TEST_ENGINE } from "../helpers/db";
import { buyerOf, wonAt } from "../helpers/winners";

/** The back office's customer records: find, read everything, note, resend the tickets. */
const db = createTestDb();
const deps: OrderDeps = { db, payments: new SimulatedPaymentProvider(0), mailer: noopMailer };
const { caller: admin, user: adminUser } = await callerAs(db, "admin");
const actor: Actor = { id: adminUser!.id, email: adminUser!.email };
const tag = () => crypto.randomUUID().slice(0, 6);
const createdWithoutWins = await createUser(db);

const buy = (userId: string, email: string, competitionId: string, token = "sim_approve") =>
  placeOrder(deps, {
    userId,
    customerName: "Iolo Price",
    customerEmail: email,
    lines: [{ competitionId, quantity: 2, answer: "green" }],
    method: { token },
    returnUrl: "/checkout/complete",
  });

/** An error's text with its causes' (a database layer may wrap the driver's error in one of its own that names the query). */
function withCauses(err: unknown): string {
  const texts: string[] = [];
  for (let e = err; e; e = (e as { cause?: unknown }).cause) texts.push(String(e));
  return texts.join("\n");
}

describe("finding a customer", () => {
  it("matches name, email, postcode with or without its space, and phone with or without spaces", async () => {
    const t = tag();
    // Nobody else in this file's database has this postcode or phone.
    const postcode = "ZE2 9QX";
    const phone = "07700 912 345";
    const target = await createUser(db, { firstName: "Gwenllian", lastName: `Rhys${t}`, postcode, phone, email: `gwen.${t}@farm.example` });
    await createUser(db, { firstName: "Someone", lastName: `Else${t}` });
    const ids = async (search: string) => (await admin.admin.customers.list({ search })).customers.map((c) => c.id);
    expect(await ids(`gwenllian rhys${t}`)).toEqual([target.id]);
    expect(await ids(`RHYS${t}`)).toEqual([target.id]);
    expect(await ids(`gwen.${t}@FARM`)).toEqual([target.id]);
    expect(await ids(postcode)).toEqual([target.id]);
    expect(await ids("ze29qx")).toEqual([target.id]);
    expect(await ids(phone)).toEqual([target.id]);
    expect(await ids("07700912345")).toEqual([target.id]);
    expect(await ids("07700 912345")).toEqual([target.id]);
    expect(await ids(`nobody-${t}`)).toEqual([]);
    const [row] = (await admin.admin.customers.list({ search: `rhys${t}` })).customers;
    expect(row).toMatchObject({ email: target.email, postcode, phone, role: "user", emailVerified: false, isActive: true });
  });

  it("takes a search term's % and _ literally", async () => {
    const t = tag();
    await createUser(db, { lastName: `Under${t}` });
    expect((await admin.admin.customers.list({ search: "%" })).customers).toEqual([]);
    expect((await admin.admin.customers.list({ search: `_nder${t}` })).total).toBe(0);
  });

  it("pages 25 at a time with the total", async () => {
    const surname = `Pagewood${tag()}`;
    for (let i = 0; i < 30; i++) await createUser(db, { lastName: surname, firstName: `P${String(i).padStart(2, "0")}` });
    const first = await admin.admin.customers.list({ search: surname });
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.customers).toHaveLength(25);
    const second = await admin.admin.customers.list({ search: surname, page: 2 });
    expect(second).toMatchObject({ total: 30, page: 2 });
    expect(second.customers).toHaveLength(5);
    const all = new Set([...first.customers, ...second.customers].map((c) => c.id));
    expect(all.size).toBe(30);
  });
});

describe("a customer's record", () => {
  it("has the orders with their refunds, the entries with tickets, the notes and the audit", async () => {
    const customer = await createUser(db);
    const c = await createCompetition(db, { title: "Record Baler" });
    const order = await buy(customer.id, customer.email, c.id);
    await refundOrder(deps, actor, { id: order.id, amount: "1.00", reason: "Goodwill for a late mail" });
    const note = await admin.admin.customers.addNote({ id: customer.id, text: "Rang about tickets; resent." });
    expect(note).toMatchObject({ text: "Rang about tickets; resent.", authorEmail: adminUser!.email });

    const record = await admin.admin.customers.get({ id: customer.id });
    expect(record.profile).toMatchObject({ id: customer.id, email: customer.email, isActive: true });
    expect(record.orders).toHaveLength(1);
    expect(record.orders[0]!.refunds).toEqual([expect.objectContaining({ amount: "1.00" })]);
    expect(record.entries).toEqual([expect.objectContaining({ ticketNumbers: order.lines[0]!.ticketNumbers })]);
    expect(record.notes).toEqual([expect.objectContaining({ id: note.id, text: "Rang about tickets; resent." })]);
    expect(record.audit.map((a) => a.action)).toContain("admin.customers.addNote");
    expect(JSON.stringify(record)).not.toContain(customer.passwordHash);
  });

  it("has the customer's prize claims, and not anyone else's", async () => {
    const winner = await createUser(db, { emailVerified: true });
    const other = await createUser(db, { emailVerified: true });
    const { claim } = await wonAt(db, new Date(), buyerOf(winner));
    await wonAt(db, new Date(), buyerOf(other));
    const record = await admin.admin.customers.get({ id: winner.id });
    expect(record.claims).toEqual([expect.objectContaining({ id: claim.id, status: "notified", customerEmail: winner.email, userId: winner.id })]);
    expect((await admin.admin.customers.get({ id: createdWithoutWins.id })).claims).toEqual([]);
  });

  it("answers 404 for an unknown customer", async () => {
    expect(await refusedWith(admin.admin.customers.get({ id: crypto.randomUUID() }))).toMatchObject({ code: "NOT_FOUND", appCode: "NOT_FOUND" });
    expect(await refusedWith(admin.admin.customers.addNote({ id: crypto.randomUUID(), text: "x" }))).toMatchObject({ appCode: "NOT_FOUND" });
  });

  it("writes a note and its audit row in one transaction: if the audit fails, there is no note", async () => {
    const customer = await createUser(db);
    await admin.admin.customers.addNote({ id: customer.id, text: "First note" });
    const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, customer.id));
    expect(audits).toEqual([expect.objectContaining({ action: "admin.customers.addNote", actorEmail: adminUser!.email })]);

    // A trigger that refuses the note's audit row, written in each engine's SQL.
    if (TEST_ENGINE === "postgres") {
      await sqlRun(db, "create function refuse_note_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$");
      await sqlRun(
        db,
        "create trigger refuse_note_audit before insert on audit_log for each row when (new.action = 'admin.customers.addNote') execute function refuse_note_audit()",
      );
    } else {
      await sqlRun(
        db,
        "create trigger refuse_note_audit before insert on audit_log when new.action = 'admin.customers.addNote' begin select raise(abort, 'audit refused'); end",
      );
    }
    try {
      const refused = await addCustomerNote(db, actor, customer.id, "Second note").then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused, "the note must fail with its audit row").toBeInstanceOf(Error);
      expect(withCauses(refused)).toContain("audit refused");
    } finally {
      if (TEST_ENGINE === "postgres") {
        await sqlRun(db, "drop trigger refuse_note_audit on audit_log");
        await sqlRun(db, "drop function refuse_note_audit()");
      } else {
        await sqlRun(db, "drop trigger refuse_note_audit");
      }
    }
    expect((await db.select().from(customerNotes).where(eq(customerNotes.userId, customer.id))).map((n) => n.text)).toEqual(["First note"]);
  });
});

describe("resending an order confirmation", () => {
  it("queues the confirmation with the ticket numbers to the buyer, audited", async () => {
    const customer = await createUser(db);
    const c = await createCompetition(db, { title: "Resend Quad" });
    const order = await buy(customer.id, customer.email, c.id);
    const before = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email))).length;
    expect(await admin.admin.customers.resendConfirmation({ id: order.id })).toEqual({ ok: true, to: customer.email });
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email));
    expect(mails).toHaveLength(before + 1);
    const mail = mails.find((m) => m.kind === "order_confirmation" && m.text.includes("Resend Quad"))!;
    expect(mail).toBeDefined();
    for (const n of order.lines[0]!.ticketNumbers) expect(mail.text).toContain(n);
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, order.id));
    expect(audit.map((a) => a.action)).toContain("admin.customers.resendConfirmation");
    expect((await admin.admin.customers.get({ id: customer.id })).audit.map((a) => a.action)).toContain("admin.customers.resendConfirmation");
  });

  it("refuses an unpaid order with 409 INVALID_STATE and an unknown one with 404", async () => {
    const customer = await createUser(db);
    const c = await createCompetition(db);
    const waiting = await buy(customer.id, customer.email, c.id, "sim_3ds_required");
    expect(waiting.status).not.toBe("paid");
    const before = (await db.select().from(mailOutbox)).length;
    expect(await refusedWith(admin.admin.customers.resendConfirmation({ id: waiting.id }))).toMatchObject({
      code: "CONFLICT",
      appCode: "INVALID_STATE",
      message: "Only a paid order has a confirmation to send again.",
    });
    expect(await refusedWith(admin.admin.customers.resendConfirmation({ id: crypto.randomUUID() }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await db.select().from(mailOutbox)).toHaveLength(before);
  });
});
