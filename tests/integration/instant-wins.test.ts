import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { auditLog, competitions, instantPrizes, mailOutbox, notifications, prizeClaims, winners } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import { freezePool } from "../../src/server/services/draws/lifecycle";
import { commitInstantPrizes, instantWinsProof, unitsOf } from "../../src/server/services/competitions/instant-wins";
import { recordPostalEntry } from "../../src/server/services/postal";
import { placeOrder, type PlaceOrderArgs } from "../../src/server/services/purchase";
import { claimGuestCredit, walletOf } from "../../src/server/services/wallet";
import { verifyInstantProof } from "../../src/shared/instant-wins";
import { campaignPayload, createCompetition } from "../factories/competitions";
import { createUser } from "../factories/users";
import { ledgerProblems, refusal } from "../helpers/assertions";
import { callerAs } from "../helpers/caller";
import { allowGuestCheckout, createTestDb } from "../helpers/db";

const db = createTestDb();
await allowGuestCheckout(db);
// Plenty of plain competitions on sale, so instant-win ones stay under half of the catalogue.
for (let i = 0; i < 12; i++) await createCompetition(db, { title: `Plain Prize ${i}` });

const deps = () => ({ db, payments: new SimulatedPaymentProvider(0), mailer: noopMailer });
const PRIZES: Array<{ name: string; kind: "cash" | "credit" | "physical"; value: string; count: number }> = [
  { name: "£10 site credit", kind: "credit", value: "10.00", count: 3 },
  { name: "£100 cash", kind: "cash", value: "100.00", count: 1 },
];

async function instantCompetition(over: Record<string, unknown> = {}) {
  const { caller: admin } = await callerAs(db, "admin");
  return admin.admin.competitions.create(campaignPayload({ title: "Instant Quad", maxTickets: 200, pickNumbers: true, instantPrizes: PRIZES, ...over }));
}

function order(competitionId: string, numbers: string[], over: Partial<PlaceOrderArgs> = {}): PlaceOrderArgs {
  return {
    userId: null,
    customerName: "Gwen Ellis",
    customerEmail: `gwen-${crypto.randomUUID().slice(0, 8)}@example.test`,
    lines: [{ competitionId, quantity: numbers.length, answer: "Four", numbers }],
    method: { token: "sim_approve" },
    returnUrl: "/checkout/complete",
    ...over,
  };
}

const winningNumbers = async (competitionId: string) => (await unitsOf(db, competitionId)).map((u) => u.ticketNumber);

describe("defining instant prizes", () => {
  it("draws a distinct winning number and salt per unit when the campaign is saved, and publishes only the commitments and their root", async () => {
    const c = await instantCompetition();
    expect(c.instantWin).toBe(true);
    expect(c.instantPrizes).toEqual(PRIZES);
    const units = await unitsOf(db, c.id);
    expect(units).toHaveLength(4);
    expect(new Set(units.map((u) => u.ticketNumber)).size).toBe(4);
    expect(units.every((u) => Number(u.ticketNumber) >= 1 && Number(u.ticketNumber) <= 200 && /^[0-9a-f]{64}$/.test(u.salt))).toBe(true);
    const { caller: anon } = await callerAs(db, null);
    const proof = await anon.public.competitions.instantWins({ id: c.id });
    expect(proof).toMatchObject({ competitionId: c.id, revealed: false, winnersStayInDraw: true });
    expect(proof.committedAt).not.toBeNull();
    expect(proof.prizes.map((p) => [p.name, p.kind, p.value, p.won, p.ticketNumber, p.salt])).toEqual([
      ["£10 site credit", "credit", "10.00", false, null, null],
      ["£10 site credit", "credit", "10.00", false, null, null],
      ["£10 site credit", "credit", "10.00", false, null, null],
      ["£100 cash", "cash", "100.00", false, null, null],
    ]);
    // Nothing secret in the public answer.
    for (const u of units) expect(JSON.stringify(proof)).not.toContain(u.salt);
    expect(await verifyInstantProof(c.id, proof.commitmentRoot!, proof.prizes)).toEqual({ rootMatches: true, mismatched: [], revealed: 0 });
  });

  it("draws the winning numbers uniformly (chi-square over 1..10 with a seeded source)", async () => {
    const c = await createCompetition(db, { maxTickets: 10, allocation: "random" });
    let seed = 7;
    const draw = (min: number, max: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return min + (seed % (max - min));
    };
    const seen = new Array<number>(11).fill(0);
    const rounds = 600;
    for (let i = 0; i < rounds; i++) {
      await commitInstantPrizes(db, c, [{ name: "£1", kind: "credit", valuePence: 100, count: 3 }], new Date(), draw);
      for (const u of await unitsOf(db, c.id)) seen[Number(u.ticketNumber)]! += 1;
    }
    const expected = (rounds * 3) / 10;
    expect(seen.slice(1).reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0)).toBeLessThan(27.88);
  });

  it("keeps the commitment when an edit does not change the prizes, and locks them once a ticket is out", async () => {
    const { caller: admin } = await callerAs(db, "admin");
    const c = await instantCompetition({ title: "Locked Quad" });
    const root = (await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!.instantCommitmentRoot;
    const fields = campaignPayload({ title: "Locked Quad", maxTickets: 200, pickNumbers: true });
    await admin.admin.competitions.update({ id: c.id, ...fields, instantPrizes: PRIZES });
    expect((await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!.instantCommitmentRoot).toBe(root);
    await admin.admin.competitions.update({ id: c.id, ...fields, instantPrizes: [PRIZES[0]!] });
    expect(await unitsOf(db, c.id)).toHaveLength(3);
    const winning = await winningNumbers(c.id);
    const free = Array.from({ length: 200 }, (_, i) => String(i + 1)).find((n) => !winning.includes(n))!;
    await placeOrder(deps(), order(c.id, [free]));
    await expect(admin.admin.competitions.update({ id: c.id, ...fields, instantPrizes: PRIZES })).rejects.toThrow("its instant prizes");
    await expect(admin.admin.competitions.update({ id: c.id, ...fields, instantWinnersInDraw: false })).rejects.toThrow("instant winners stay in the draw");
  });

  it("needs a maximum and random numbers", async () => {
    await expect(instantCompetition({ title: "Open Quad", maxTickets: null, pickNumbers: false })).rejects.toThrow(
      "need a maximum number of tickets and random numbers",
    );
    await expect(instantCompetition({ title: "Ordered Quad", allocation: "sequential", pickNumbers: false })).rejects.toThrow("random numbers");
  });
});

describe("winning one", () => {
  it("wins the prize on a winning number the moment it is paid for, once, and reveals that unit", async () => {
    const c = await instantCompetition({ title: "Winning Quad" });
    const [first, second] = await winningNumbers(c.id);
    const paid = await placeOrder(deps(), order(c.id, [first!, second!]));
    expect(paid.instantWins).toEqual([
      expect.objectContaining({ name: "£10 site credit", kind: "credit", value: "10.00", ticketNumber: first }),
      expect.objectContaining({ name: "£10 site credit", kind: "credit", value: "10.00", ticketNumber: second }),
    ]);
    const proof = await instantWinsProof(db, c.id);
    expect(proof.prizes.filter((p) => p.won).map((p) => [p.ticketNumber, p.winnerDisplayName])).toEqual([
      [first, "Gwen E."],
      [second, "Gwen E."],
    ]);
    expect(await verifyInstantProof(c.id, proof.commitmentRoot!, proof.prizes)).toEqual({ rootMatches: true, mismatched: [], revealed: 2 });
    // A ticket on no winning number wins nothing.
    const winning = await winningNumbers(c.id);
    const plain = Array.from({ length: 200 }, (_, i) => String(i + 1)).find((n) => !winning.includes(n))!;
    expect((await placeOrder(deps(), order(c.id, [plain]))).instantWins).toEqual([]);
  });

  it("lets a postal entry win exactly as a paid one", async () => {
    const c = await instantCompetition({
      title: "Postal Quad",
      maxTickets: 4,
      instantPrizes: [{ name: "£5 credit", kind: "credit", value: "5.00", count: 4 }],
    });
    await recordPostalEntry(deps(), c.id, {
      customerName: "Pat Postcard",
      customerEmail: "pat-postcard@example.test",
      address: "1 Lane\nTown",
      receivedAt: new Date(Date.now() - 60_000).toISOString(),
      postalReference: "PC-INSTANT-1",
      answer: "Four",
      dateOfBirth: "1970-05-01",
    });
    // Every number wins here, so the postal entry's one ticket must have won.
    const won = (await db.select().from(instantPrizes).where(eq(instantPrizes.competitionId, c.id))).filter((u) => u.wonAt);
    expect(won).toHaveLength(1);
    expect(won[0]!.winnerDisplayName).toBe("Pat P.");
  });

  it("never gives one unit to two buyers: 40 concurrent buyers of the same winning number", async () => {
    const c = await instantCompetition({ title: "Race Quad" });
    const target = (await winningNumbers(c.id)).at(-1)!;
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => placeOrder(deps(), order(c.id, [target]))));
    const wins = results.flatMap((r) => (r.status === "fulfilled" ? r.value.instantWins : []));
    expect(wins).toHaveLength(1);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await unitsOf(db, c.id)).filter((u) => u.wonAt)).toHaveLength(1);
    expect(await ledgerProblems(db)).toMatchObject({ soldMismatch: [], duplicates: [], oversold: [] });
  });

  it("refuses staff: an admin account cannot enter online or by post", async () => {
    const c = await instantCompetition({ title: "Staff Quad" });
    const admin = await createUser(db, { role: "admin" });
    const online = await refusal(placeOrder(deps(), order(c.id, ["1"], { userId: admin.id, customerEmail: admin.email })));
    expect([online.code, online.message]).toEqual([
      "STAFF_CANNOT_ENTER",
      "Staff accounts cannot enter instant-win competitions: they can see the winning numbers.",
    ]);
    const postal = await refusal(
      Promise.resolve().then(() =>
        recordPostalEntry(deps(), c.id, {
          customerName: "Staff Member",
          customerEmail: admin.email,
          address: "Office",
          receivedAt: new Date(Date.now() - 60_000).toISOString(),
          postalReference: "PC-STAFF-1",
          answer: "Four",
          dateOfBirth: "1970-05-01",
        }),
      ),
    );
    expect(postal.code).toBe("STAFF_CANNOT_ENTER");
  });

  it("leaves instant winners out of the main draw's pool where the competition says so", async () => {
    const c = await instantCompetition({ title: "Out Quad", instantWinnersInDraw: false });
    const numbers = await winningNumbers(c.id);
    const [winning] = numbers;
    const plain = Array.from({ length: 200 }, (_, i) => String(i + 1)).find((n) => !numbers.includes(n))!;
    await placeOrder(deps(), order(c.id, [winning!, plain]));
    await db.update(competitions).set({ status: "closed" }).where(eq(competitions.id, c.id));
    expect(await freezePool(db, c.id)).toBe(true);
    const { caller: anon } = await callerAs(db, null);
    const record = await anon.public.draws.record({ id: c.id });
    expect(record.pool?.map((t) => t.ticketNumber)).toEqual([plain]);
    // Sales closed: every unit's number and salt are now public, and they still verify.
    const proof = await instantWinsProof(db, c.id);
    expect(proof.revealed).toBe(true);
    expect(proof.prizes.every((p) => p.ticketNumber && p.salt)).toBe(true);
    expect(await verifyInstantProof(c.id, proof.commitmentRoot!, proof.prizes)).toEqual({ rootMatches: true, mismatched: [], revealed: 4 });
  });
});

describe("what a win gives", () => {
  it("puts credit in the winner's wallet with an urgent notification and a mail, and opens a claim for cash", async () => {
    const c = await instantCompetition({ title: "Wallet Quad" });
    const buyer = await createUser(db, { emailVerified: true, city: "Ludlow" });
    const units = await unitsOf(db, c.id);
    const credit = units.find((u) => u.kind === "credit")!;
    const cash = units.find((u) => u.kind === "cash")!;
    const paid = await placeOrder(deps(), order(c.id, [credit.ticketNumber, cash.ticketNumber], { userId: buyer.id, customerEmail: buyer.email }));
    expect(paid.instantWins.map((w) => [w.kind, w.ticketNumber])).toEqual([
      ["credit", credit.ticketNumber],
      ["cash", cash.ticketNumber],
    ]);
    expect(await walletOf(db, buyer)).toMatchObject({ balance: "10.00", entries: [{ amount: "10.00", kind: "prize", reference: credit.id }] });
    const note = await db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(note.map((n) => n.title).sort()).toEqual(["You've won instantly!", "You've won!"]);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails.map((m) => m.kind).sort()).toEqual(["instant_win", "order_confirmation", "winner"]);
    expect(mails.find((m) => m.kind === "instant_win")!.text).toContain(`£10 site credit on ticket ${credit.ticketNumber}`);
    const claim = (await first(db.select().from(prizeClaims).where(eq(prizeClaims.competitionId, c.id))))!;
    expect(claim).toMatchObject({ ticketNumber: cash.ticketNumber, userId: buyer.id, status: "notified" });
    expect(await first(db.select().from(winners).where(eq(winners.id, claim.winnerId)))).toMatchObject({ source: "instant", customerName: "Gwen E., Ludlow" });
  });

  it("holds a guest's credit against the email until an account with it is verified", async () => {
    const c = await instantCompetition({ title: "Guest Quad" });
    const credit = (await unitsOf(db, c.id)).find((u) => u.kind === "credit")!;
    const email = `guest-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await placeOrder(deps(), order(c.id, [credit.ticketNumber], { customerEmail: email }));
    const unverified = await createUser(db, { email, emailVerified: false });
    expect((await walletOf(db, unverified)).balance).toBe("0.00");
    await claimGuestCredit(db, { ...unverified, emailVerified: true });
    expect((await walletOf(db, unverified)).balance).toBe("10.00");
  });
});

describe("goodwill credit", () => {
  it("is added by staff with a reason, audited, and adds to the balance; customers cannot add it", async () => {
    const player = await createUser(db, { emailVerified: true });
    const { caller: admin } = await callerAs(db, "admin");
    const wallet = await admin.admin.customers.addCredit({ id: player.id, amount: "2.50", reason: "Sorry for the slow delivery" });
    expect(wallet).toMatchObject({ balance: "2.50", entries: [{ amount: "2.50", kind: "goodwill", note: "Sorry for the slow delivery" }] });
    expect((await admin.admin.customers.wallet({ id: player.id })).balance).toBe("2.50");
    const audit = (await db.select().from(auditLog).where(eq(auditLog.action, "admin.customers.addCredit"))).at(-1)!;
    expect(audit).toMatchObject({ targetId: player.id });
    await expect(admin.admin.customers.addCredit({ id: player.id, amount: "0", reason: "Nothing" })).rejects.toThrow("above zero");
    await expect(admin.admin.customers.addCredit({ id: player.id, amount: "600.00", reason: "Too much" })).rejects.toThrow("at most 500.00");
    await expect(admin.admin.customers.addCredit({ id: player.id, amount: "1.00", reason: "" })).rejects.toThrow("Give the reason");
    await expect(admin.admin.customers.addCredit({ id: "nobody", amount: "1.00", reason: "Missing" })).rejects.toThrow("Customer not found");
    const { caller: customer } = await callerAs(db, "customer");
    await expect(customer.admin.customers.addCredit({ id: player.id, amount: "1.00", reason: "Myself" })).rejects.toThrow();
    expect((await walletOf(db, player)).balance).toBe("2.50");
  });
});

describe("the code of practice's share of instant wins", () => {
  it("refuses an instant-win competition that would make them half or more of the competitions on sale", async () => {
    const solo = createTestDb();
    const { caller: admin } = await callerAs(solo, "admin");
    await createCompetition(solo, { title: "Plain A" });
    await createCompetition(solo, { title: "Plain B" });
    // 1 of 3 is fine; a second would be 2 of 4.
    await admin.admin.competitions.create(campaignPayload({ title: "Instant 1", instantWin: true }));
    await expect(admin.admin.competitions.create(campaignPayload({ title: "Instant 2", instantWin: true }))).rejects.toThrow(
      "Instant-win competitions would be 2 of the 4 competitions on sale. The code of practice keeps them under half",
    );
    // Paused ones do not count, but reopening one is checked the same way.
    const paused = await admin.admin.competitions.create(campaignPayload({ title: "Instant 3", instantWin: true, status: "closed" }));
    await expect(admin.admin.competitions.update({ id: paused.id, status: "active" })).rejects.toThrow("would be 2 of the 4");
    await createCompetition(solo, { title: "Plain C" });
    expect((await admin.admin.competitions.update({ id: paused.id, status: "active" })).status).toBe("active");
  });
});
