import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { auditLog, instantPrizes, notifications, orders, prizeClaims, walletEntries, winners, type User } from "../../db/schema";
import type { PaymentEvent } from "../../src/server/payments/provider";
import type { Actor } from "../../src/server/services/audit";
import { submitClaim } from "../../src/server/services/claims";
import { listWinners } from "../../src/server/services/content/storefront";
import { listUserWins } from "../../src/server/services/entries";
import { instantWinsProof, unitsOf } from "../../src/server/services/competitions/instant-wins";
import { handlePaymentEvent, placeOrder, refundOrder, type PlaceOrderArgs } from "../../src/server/services/purchase";
import { addGoodwillCredit, walletOf } from "../../src/server/services/wallet";
import { decimalToPence } from "../../src/shared/money";
import { verifyInstantProof } from "../../src/shared/instant-wins";
import { campaignPayload, createCompetition } from "../factories/competitions";
import { createUser } from "../factories/users";
import { CLEAN_LEDGER, ledgerProblems } from "../helpers/assertions";
import { callerAs } from "../helpers/caller";
import { allowGuestCheckout, createTestDb } from "../helpers/db";
import { creditDeps, creditOrderArgs, RecordingProvider } from "../helpers/site-credit";

/**
 * Issue #28: a refunded (or disputed) order's instant prizes are void. What is left of the credit is
 * taken back, what was spent is owed (and paid from the next credit), the claim of a cash prize is
 * void, the unit is forfeited and stays provable, and the ledger always balances.
 */
const db = createTestDb();
await allowGuestCheckout(db);
// Plenty of plain competitions on sale, so instant-win ones stay under half of the catalogue.
for (let i = 0; i < 12; i++) await createCompetition(db, { title: `Plain Prize ${i}` });

const payments = new RecordingProvider(0);
const deps = creditDeps(db, payments);
const admin = await createUser(db, { role: "admin" });
const actor: Actor = { id: admin.id, email: admin.email };
const REASON = "The customer asked for their money back";

/** The competition: 100 tickets at £3.50, 10 × £5 credit and 2 × £50 cash. */
async function instantCompetition(title: string) {
  const { caller } = await callerAs(db, "admin");
  return caller.admin.competitions.create(
    campaignPayload({
      title,
      maxTickets: 100,
      pickNumbers: true,
      instantPrizes: [
        { name: "£5 site credit", kind: "credit", value: "5.00", count: 10 },
        { name: "£50 cash", kind: "cash", value: "50.00", count: 2 },
      ],
    }),
  );
}

function buy(buyer: User, competitionId: string, numbers: string[], over: Partial<PlaceOrderArgs> = {}): PlaceOrderArgs {
  return {
    userId: buyer.id,
    customerName: "Cerys Morgan",
    customerEmail: buyer.email,
    lines: [{ competitionId, quantity: numbers.length, answer: "Four", numbers }],
    method: { token: "sim_approve" },
    returnUrl: "/checkout/complete",
    ...over,
  };
}

const units = async (competitionId: string, kind: "credit" | "cash") => (await unitsOf(db, competitionId)).filter((u) => u.kind === kind);
const plainNumbers = async (competitionId: string, count: number, skip: readonly string[] = []) => {
  const winning = new Set((await unitsOf(db, competitionId)).map((u) => u.ticketNumber));
  return Array.from({ length: 100 }, (_, i) => String(i + 1))
    .filter((n) => !winning.has(n) && !skip.includes(n))
    .slice(0, count);
};
const pence = (amount: string) => decimalToPence(amount.replace("-", ""))! * (amount.startsWith("-") ? -1 : 1);
const rows = (user: User) => db.select().from(walletEntries).where(eq(walletEntries.userId, user.id));

/** The ledger balances: its rows add up to what may be spent less what is owed (no credit here lapses). */
async function ledgerBalances(user: User): Promise<{ sum: number; balanceLessOwed: number }> {
  const wallet = await walletOf(db, user);
  return { sum: (await rows(user)).reduce((s, r) => s + r.amountPence, 0), balanceLessOwed: pence(wallet.balance) - pence(wallet.owed) };
}

async function winTwoCredits(title: string) {
  const c = await instantCompetition(title);
  const buyer = await createUser(db, { emailVerified: true });
  const [first, second] = await units(c.id, "credit");
  const won = await placeOrder(deps, buy(buyer, c.id, [first!.ticketNumber, second!.ticketNumber, ...(await plainNumbers(c.id, 1))]));
  expect(won.status).toBe("paid");
  expect(won.instantWins.map((w) => w.value)).toEqual(["5.00", "5.00"]);
  expect((await walletOf(db, buyer)).balance).toBe("10.00");
  return { c, buyer, orderId: won.id, won: [first!, second!] };
}

/** Spends `quantity` £2.50 tickets of a plain competition with the buyer's credit. */
async function spendCredit(buyer: User, quantity: number) {
  const plain = await createCompetition(db, { title: `Spend ${crypto.randomUUID().slice(0, 6)}` });
  const spent = await placeOrder(deps, creditOrderArgs(buyer, plain.id, { useCredit: true }, quantity));
  expect(spent.status).toBe("paid");
  return spent.id;
}

describe("a refunded order's instant prizes", () => {
  it("the issue's case: sold out to four buyers, the order that won two credit units is refunded; the credit goes, the units are void and cannot be won again", async () => {
    const c = await instantCompetition("Refund Quad");
    const buyers = await Promise.all([0, 1, 2, 3].map(() => createUser(db, { emailVerified: true })));
    const credit = (await units(c.id, "credit")).map((u) => u.ticketNumber);
    const cash = (await units(c.id, "cash")).map((u) => u.ticketNumber);
    const plain = await plainNumbers(c.id, 88);
    // The first buyer's 25 numbers hold two credit units; the rest share the other ten units.
    const shares = [
      [...credit.slice(0, 2), ...plain.slice(0, 23)],
      [...credit.slice(2, 6), ...plain.slice(23, 44)],
      [...credit.slice(6, 10), cash[0]!, ...plain.slice(44, 64)],
      [cash[1]!, ...plain.slice(64, 88)],
    ];
    const orderIds: string[] = [];
    for (const [i, numbers] of shares.entries()) orderIds.push((await placeOrder(deps, buy(buyers[i]!, c.id, numbers!))).id);
    expect((await instantWinsProof(db, c.id)).prizes.every((p) => p.won)).toBe(true);
    expect((await walletOf(db, buyers[0]!)).balance).toBe("10.00");

    const refunded = await refundOrder(deps, actor, { id: orderIds[0]!, reason: REASON });
    expect(refunded.status).toBe("refunded");
    const wallet = await walletOf(db, buyers[0]!);
    expect(wallet).toMatchObject({ balance: "0.00", owed: "0.00" });
    expect(wallet.entries.filter((e) => e.kind === "reversal").map((e) => e.amount)).toEqual(["-5.00", "-5.00"]);
    expect(wallet.entries.find((e) => e.kind === "reversal")!.note).toContain("is void because the order was refunded");
    // Nothing left to spend: a credit-only order is refused its credit.
    const plainComp = await createCompetition(db, { title: "After the refund" });
    const after = await placeOrder(deps, creditOrderArgs(buyers[0]!, plainComp.id, { useCredit: true }));
    expect(after.creditUsed).toBe("0.00");
    expect(await ledgerBalances(buyers[0]!)).toEqual({ sum: 0, balanceLessOwed: 0 });

    // The proof: the two units are void (nobody has them), their numbers and salts still verify.
    const proof = await instantWinsProof(db, c.id);
    const voided = proof.prizes.filter((p) => p.voided);
    expect(voided.map((p) => p.ticketNumber).sort()).toEqual(credit.slice(0, 2).sort());
    expect(voided.every((p) => !p.won && p.winnerDisplayName === null && p.salt !== null && p.voidedAt !== null)).toBe(true);
    expect(proof.prizes.filter((p) => p.won)).toHaveLength(10);
    expect(await verifyInstantProof(c.id, proof.commitmentRoot!, proof.prizes)).toMatchObject({ rootMatches: true, mismatched: [] });

    // The numbers went back on sale as ordinary ones: the next buyer of one wins nothing.
    const next = await createUser(db, { emailVerified: true });
    const rebought = await placeOrder(deps, buy(next, c.id, [credit[0]!]));
    expect(rebought.status).toBe("paid");
    expect(rebought.instantWins).toEqual([]);
    expect((await walletOf(db, next)).balance).toBe("0.00");
    expect((await db.select().from(instantPrizes).where(eq(instantPrizes.ticketNumber, credit[0]!))).filter((u) => u.competitionId === c.id)).toMatchObject([
      { voidedAt: expect.any(Date), wonEntryId: refunded.lines[0]!.entryId },
    ]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, orderIds[0]!));
    expect(audit.find((a) => a.action === "admin.orders.refund")!.details).toMatchObject({
      instantPrizesVoided: 2,
      creditTakenBack: "10.00",
      creditOwed: "0.00",
    });
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("partly spent: takes back what is left, records the spent part as owed (customer record and dashboard) and the next credit pays it first", async () => {
    const { buyer, orderId } = await winTwoCredits("Partly Quad");
    await spendCredit(buyer, 2); // £5.00 of the £10.00
    expect((await walletOf(db, buyer)).balance).toBe("5.00");
    await refundOrder(deps, actor, { id: orderId, reason: REASON });

    const wallet = await walletOf(db, buyer);
    expect(wallet).toMatchObject({ balance: "0.00", owed: "5.00" });
    expect(wallet.entries.filter((e) => e.kind === "reversal" || e.kind === "owed").map((e) => [e.kind, e.amount])).toEqual(
      expect.arrayContaining([
        ["reversal", "-5.00"],
        ["owed", "-5.00"],
      ]),
    );
    expect(await ledgerBalances(buyer)).toEqual({ sum: -500, balanceLessOwed: -500 });

    // Staff see it on the customer record and on the dashboard, with who owes it.
    const { caller } = await callerAs(db, "admin");
    expect((await caller.admin.customers.wallet({ id: buyer.id })).owed).toBe("5.00");
    const dashboard = await caller.admin.reports.dashboard();
    expect(dashboard.creditOwed.customers).toContainEqual({ id: buyer.id, email: buyer.email, owed: "5.00" });
    const warned = await db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(warned.some((n) => n.title === "An instant prize was void after it was used" && n.message.includes("£5.00"))).toBe(true);

    // The next credit pays the debt first.
    await addGoodwillCredit(db, actor, buyer.id, "8.00", "Sorry for the wait");
    expect(await walletOf(db, buyer)).toMatchObject({ balance: "3.00", owed: "0.00" });
    expect(await ledgerBalances(buyer)).toEqual({ sum: 300, balanceLessOwed: 300 });
    expect((await caller.admin.reports.dashboard()).creditOwed.customers.map((c) => c.id)).not.toContain(buyer.id);
  });

  it("fully spent: all of it is owed, and a refund of what it paid for settles the debt", async () => {
    const { buyer, orderId } = await winTwoCredits("Spent Quad");
    const spentOrder = await spendCredit(buyer, 4); // all £10.00
    expect((await walletOf(db, buyer)).balance).toBe("0.00");
    await refundOrder(deps, actor, { id: orderId, reason: REASON });
    expect(await walletOf(db, buyer)).toMatchObject({ balance: "0.00", owed: "10.00" });
    expect((await rows(buyer)).filter((r) => r.kind === "reversal")).toEqual([]);
    expect(await ledgerBalances(buyer)).toEqual({ sum: -1000, balanceLessOwed: -1000 });

    // What the credit bought is refunded to site credit: it pays what is owed, nothing is spendable.
    await refundOrder(deps, actor, { id: spentOrder, reason: REASON });
    expect(await walletOf(db, buyer)).toMatchObject({ balance: "0.00", owed: "0.00" });
    expect(await ledgerBalances(buyer)).toEqual({ sum: 0, balanceLessOwed: 0 });
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("takes a prize back once, and a partial refund keeps it", async () => {
    const { buyer, orderId } = await winTwoCredits("Partial Quad");
    await refundOrder(deps, actor, { id: orderId, amount: "1.00", reason: "Goodwill part refund" });
    expect((await walletOf(db, buyer)).balance).toBe("10.00");
    await refundOrder(deps, actor, { id: orderId, reason: REASON });
    expect((await walletOf(db, buyer)).balance).toBe("0.00");
    expect((await rows(buyer)).filter((r) => r.kind === "reversal")).toHaveLength(2);
  });
});

describe("a disputed order's instant prizes", () => {
  it("voids the claim of a cash unit and takes back the credit: the winner is no longer published", async () => {
    const c = await instantCompetition("Dispute Quad");
    const buyer = await createUser(db, { emailVerified: true, city: "Tenby" });
    const cash = (await units(c.id, "cash"))[0]!;
    const credit = (await units(c.id, "credit"))[0]!;
    const won = await placeOrder(deps, buy(buyer, c.id, [cash.ticketNumber, credit.ticketNumber]));
    const claim = (await first(db.select().from(prizeClaims).where(eq(prizeClaims.competitionId, c.id))))!;
    expect(claim.status).toBe("notified");
    expect((await listWinners(db)).some((w) => w.id === claim.winnerId)).toBe(true);
    await spendCredit(buyer, 1); // £2.50 of the £5.00

    const paymentId = (await first(db.select().from(orders).where(eq(orders.id, won.id))))!.paymentId!;
    const event: PaymentEvent = {
      id: `evt_${crypto.randomUUID()}`,
      type: "dispute.created",
      paymentId,
      disputeId: "dp_iw",
      disputeStatus: "needs_response",
      amountPence: 700,
    };
    expect(await handlePaymentEvent(deps, event)).toBe("disputed");

    expect(await first(db.select().from(prizeClaims).where(eq(prizeClaims.id, claim.id)))).toMatchObject({
      status: "void",
      expiryReason: expect.stringContaining("the payment was disputed"),
    });
    expect((await first(db.select().from(winners).where(eq(winners.id, claim.winnerId))))!.voidedAt).not.toBeNull();
    expect((await listWinners(db)).some((w) => w.id === claim.winnerId)).toBe(false);
    const told = await db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(told.map((n) => n.title)).toContain("Your prize claim is void");
    // The winner can no longer claim it.
    await expect(
      submitClaim(
        db,
        buyer,
        claim.id,
        {
          choice: "prize",
          dateOfBirth: "1980-01-01",
          phone: "07700900123",
          address: { line1: "1 Quay St", city: "Tenby", postcode: "SA70 7AA", country: "United Kingdom" },
          acceptTerms: true,
        },
        new Date(),
        "",
      ),
    ).rejects.toThrow("can no longer be claimed");
    expect(await walletOf(db, buyer)).toMatchObject({ balance: "0.00", owed: "2.50" });
    expect(await ledgerBalances(buyer)).toEqual({ sum: -250, balanceLessOwed: -250 });
    const audit = await db.select().from(auditLog).where(eq(auditLog.action, "provider.dispute.created"));
    expect(audit.find((a) => a.targetId === won.id)!.details).toMatchObject({ instantPrizesVoided: 2, claimsVoided: [claim.id], creditOwed: "2.50" });
    // Its wins are gone from GET /user/wins.
    expect((await listUserWins(db, buyer.id)).filter((w) => w.competitionId === c.id)).toEqual([]);
  });
});
