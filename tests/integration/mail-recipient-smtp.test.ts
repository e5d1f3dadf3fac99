import { afterAll, describe, expect, it } from "vitest";
import type { User } from "../../db/schema";
import { silentLogger } from "../../src/server/logger";
import { createMailer } from "../../src/server/mail/mailer";
import { ensureDefaultSettings } from "../../src/server/services/settings";
import { createCompetition } from "../factories/competitions";
import { DEFAULT_PASSWORD } from "../factories/users";
import { anonCaller, linkToken, mailsTo, SHOP, tokenCaller } from "../helpers/account";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { startSmtpServer } from "../helpers/smtp";
import { account, buy, buyerOf, claimForm } from "../helpers/winners";
import { salesEnded } from "../helpers/close-early";
import { orderReference } from "../../src/shared/order-reference";

/**
 * Mail about an account's order, entry, prize or claim goes to the account's email as it is when the
 * mail leaves (a customer who changed and confirmed a new address hears at the new one); a guest
 * order's mail goes to the address typed at checkout. Delivered through a real SMTP server.
 */
const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const db = createTestDb();
await allowGuestCheckout(db);
await ensureDefaultSettings(db);
const mailer = createMailer(db, { smtpUrl: smtp.url, from: "Harvest Draws <no-reply@harvestdraws.test>", logger: silentLogger });
afterAll(() => mailer.stop());

const admin = await account(db, { role: "admin" });
const adminCaller = () => tokenCaller(db, admin.token);
const DOB = "1985-06-15"; // the factory's date of birth
let n = 0;
const fresh = (what: string) => `${what}-${++n}-${crypto.randomUUID().slice(0, 6)}@example.test`;

let seen = 0;
/** Delivers the outbox and answers who received each message with this subject since the last time this was asked. */
async function recipientsOf(subject: string): Promise<string[][]> {
  await mailer.flush();
  const arrived = smtp.received.slice(seen);
  seen = smtp.received.length;
  return arrived.filter((m) => m.subject === subject).map((m) => m.to);
}

/** The customer asks for a new address and uses the link that was mailed to it. */
async function changeEmail(token: string, newEmail: string): Promise<void> {
  await (await tokenCaller(db, token)).customer.account.changeEmail({ newEmail, password: DEFAULT_PASSWORD });
  const confirm = (await mailsTo(db, newEmail)).find((m) => m.kind === "email_change_confirm")!;
  await anonCaller(db).public.auth.verifyEmail({ token: linkToken(confirm.text, "/auth/verify") });
  expect((await (await tokenCaller(db, token)).public.auth.session())?.email).toBe(newEmail);
}

async function customer(): Promise<{ user: User; token: string; oldEmail: string; newEmail: string }> {
  const oldEmail = fresh("old");
  const { user, token } = await account(db, { email: oldEmail });
  return { user, token, oldEmail, newEmail: fresh("new") };
}

describe("mail about an account's prize follows the address the customer confirmed", () => {
  it("sends the winner's mail (with the claim link), Claim received and Prize paid to the new address, none to the old", async () => {
    const winner = await customer();
    const c = await createCompetition(db, { title: `Cash Quad ${n}`, cashAlternative: "£9,500" });
    // Entered with the old address; the order and entry keep it.
    await buy(db, c.id, buyerOf(winner.user));
    await changeEmail(winner.token, winner.newEmail);

    await salesEnded(db, c.id);
    await (await adminCaller()).admin.draws.run({ id: c.id });
    const [claim] = (await (await adminCaller()).admin.claims.list()).filter((x) => x.competitionId === c.id);
    expect(await recipientsOf(`You've won: ${c.title}`)).toEqual([[winner.newEmail]]);
    const won = smtp.received.find((m) => m.subject === `You've won: ${c.title}`)!;
    expect(won.text).toContain(`${SHOP}/account/claims/${claim!.id}`);

    await (await tokenCaller(db, winner.token)).customer.claims.submit({ id: claim!.id, ...claimForm(DOB, { choice: "cash" }) });
    expect(await recipientsOf(`Claim received: ${c.title}`)).toEqual([[winner.newEmail]]);

    await (await adminCaller()).admin.claims.update({ id: claim!.id, status: "fulfilled", reference: "BACS-2201" });
    expect(await recipientsOf(`Prize paid: ${c.title}`)).toEqual([[winner.newEmail]]);

    // The old address hears only of the change itself.
    expect(smtp.received.filter((m) => m.to.includes(winner.oldEmail)).map((m) => m.subject)).toEqual([
      "A change of email address was requested",
      "Your Harvest Draws email address was changed",
    ]);
  });

  it("staff see the account's current address on the claims table, the order page and the entries list", async () => {
    const winner = await customer();
    const c = await createCompetition(db, { title: `Staff Quad ${n}` });
    const order = await buy(db, c.id, buyerOf(winner.user));
    await changeEmail(winner.token, winner.newEmail);
    await salesEnded(db, c.id);
    await (await adminCaller()).admin.draws.run({ id: c.id });

    const claim = (await (await adminCaller()).admin.claims.list()).find((x) => x.competitionId === c.id)!;
    expect(claim.customerEmail).toBe(winner.newEmail);
    expect((await (await adminCaller()).admin.orders.get({ id: order.id })).customer.email).toBe(winner.newEmail);
    const listed = await (await adminCaller()).admin.reports.searchEntries({ competitionId: c.id });
    expect(listed.items.map((e) => e.customerEmail)).toEqual([winner.newEmail]);
    // Staff can find the entry by the address the customer uses now.
    expect((await (await adminCaller()).admin.reports.searchEntries({ search: winner.newEmail })).items.map((e) => e.orderId)).toEqual([order.id]);
  });
});

describe("mail about an account's order follows the address the customer confirmed", () => {
  it("sends the refund mail to the new address", async () => {
    const buyer = await customer();
    const c = await createCompetition(db, { title: `Refund Quad ${n}` });
    const order = await buy(db, c.id, buyerOf(buyer.user), 2);
    await changeEmail(buyer.token, buyer.newEmail);
    await (await adminCaller()).admin.orders.refund({ id: order.id, reason: "The customer asked for their money back" });
    const subject = `Your refund of £${order.amount} from Harvest Draws`;
    expect(await recipientsOf(subject)).toEqual([[buyer.newEmail]]);
  });

  it("sends a confirmation queued before the change to the address the account has when it leaves", async () => {
    const buyer = await customer();
    const c = await createCompetition(db, { title: `Queued Quad ${n}` });
    const order = await buy(db, c.id, buyerOf(buyer.user));
    expect((await mailsTo(db, buyer.oldEmail)).map((m) => m.kind)).toContain("order_confirmation");
    await changeEmail(buyer.token, buyer.newEmail);
    await mailer.flush();
    const confirmations = smtp.received.filter((m) => m.subject === "Your Harvest Draws entry is confirmed" && m.text.includes(orderReference(order.id)));
    expect(confirmations.map((m) => m.to)).toEqual([[buyer.newEmail]]);
    // The outbox records where it went.
    expect((await mailsTo(db, buyer.newEmail)).find((m) => m.kind === "order_confirmation")).toMatchObject({ status: "sent" });
  });
});

describe("a guest order keeps its own address", () => {
  it("sends the confirmation, the winner's mail and the refund mail to the address typed at checkout", async () => {
    const guest = fresh("guest");
    const c = await createCompetition(db, { title: `Guest Quad ${n}` });
    const order = await buy(db, c.id, { userId: null, email: guest, name: "Gwen Guest" });
    await salesEnded(db, c.id);
    await (await adminCaller()).admin.draws.run({ id: c.id });
    expect(await recipientsOf(`You've won: ${c.title}`)).toEqual([[guest]]);

    const other = await buy(db, (await createCompetition(db, { title: `Guest Refund ${n}` })).id, { userId: null, email: guest, name: "Gwen Guest" }, 2);
    await (await adminCaller()).admin.orders.refund({ id: other.id, reason: "The customer asked for their money back" });
    expect(await recipientsOf(`Your refund of £${other.amount} from Harvest Draws`)).toEqual([[guest]]);
    const confirmations = smtp.received.filter(
      (m) => m.subject === "Your Harvest Draws entry is confirmed" && (m.text.includes(orderReference(order.id)) || m.text.includes(orderReference(other.id))),
    );
    expect(confirmations.map((m) => m.to)).toEqual([[guest], [guest]]);
    expect((await (await adminCaller()).admin.orders.get({ id: order.id })).customer.email).toBe(guest);
  });
});
