import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { orders, refunds } from "../../db/schema";
import { noopMailer } from "../../src/server/mail/mailer";
import type { CardFunding, ChargeRequest, ChargeResult, PaymentProvider, RefundRequest } from "../../src/server/payments/provider";
import { placeOrder, refreshOrder, type PlaceOrderArgs } from "../../src/server/services/purchase";
import { createCompetition } from "../factories/competitions";
import { createUser } from "../factories/users";
import { CLEAN_LEDGER, ledgerProblems } from "../helpers/assertions";
import { createTestDb } from "../helpers/db";

/*
 * An acquirer whose card form comes after the order (Cashflows) says what the card is only once it
 * has taken or reserved the money. The shop's credit-card rules (none on instant wins, £250 a month)
 * are then applied at settlement: provider-neutral, shown here with a provider that does exactly that.
 */
const db = createTestDb();

interface Paid {
  funding: CardFunding;
  captured: boolean;
  amountPence?: number;
  currency?: string;
  paymentId?: string;
}

/** Opens a payment for the order and answers, when asked, what the test says the buyer paid with. */
class LateCardProvider implements PaymentProvider {
  readonly name = "late-card";
  readonly captures: string[] = [];
  readonly cancels: string[] = [];
  readonly refunds: RefundRequest[] = [];
  readonly paid = new Map<string, Paid>();
  readonly amounts = new Map<string, number>();

  cardFunding(): Promise<CardFunding> {
    return Promise.resolve("unknown");
  }
  charge(request: ChargeRequest): Promise<ChargeResult> {
    const paymentId = `job_${request.orderId}`;
    this.amounts.set(paymentId, request.amountPence);
    return Promise.resolve({
      status: "requires_action",
      paymentId,
      nextAction: { type: "embedded", provider: "cashflows", clientSecret: `tok_${request.orderId}` },
    });
  }
  retrieve(paymentId: string): Promise<ChargeResult> {
    const paid = this.paid.get(paymentId);
    if (!paid) return Promise.resolve({ status: "requires_action", paymentId, nextAction: { type: "redirect", url: "https://pay.example/finish" } });
    return Promise.resolve({
      status: "succeeded",
      paymentId: paid.paymentId ?? paymentId,
      captured: paid.captured,
      cardBrand: "visa",
      last4: "4444",
      funding: paid.funding,
      amountPence: paid.amountPence ?? this.amounts.get(paymentId),
      currency: paid.currency ?? "GBP",
    });
  }
  capture(paymentId: string): Promise<ChargeResult> {
    this.captures.push(paymentId);
    this.paid.set(paymentId, { ...this.paid.get(paymentId)!, captured: true });
    return this.retrieve(paymentId);
  }
  cancel(paymentId: string): Promise<void> {
    this.cancels.push(paymentId);
    return Promise.resolve();
  }
  refund(request: RefundRequest): Promise<{ refundId: string; amountPence: number }> {
    this.refunds.push(request);
    return Promise.resolve({ refundId: `re_${this.refunds.length}`, amountPence: request.amountPence });
  }
  lookup(): Promise<ChargeResult | null> {
    return Promise.resolve(null);
  }
}

function shop() {
  const payments = new LateCardProvider();
  return { payments, deps: { db, payments, mailer: noopMailer } };
}

async function order(deps: ReturnType<typeof shop>["deps"], userId: string, competitionId: string, quantity = 1) {
  const args: PlaceOrderArgs = {
    userId,
    customerName: "Jo Field",
    customerEmail: `jo-${crypto.randomUUID().slice(0, 6)}@example.test`,
    lines: [{ competitionId, quantity, answer: "green" }],
    method: { token: "cashflows" },
    returnUrl: "/checkout/complete",
    useSdk: true,
  };
  const view = await placeOrder(deps, args);
  expect(view).toMatchObject({ status: "requires_action", nextAction: { type: "embedded", provider: "cashflows" } });
  return view.id;
}

const orderRow = async (id: string) => (await first(db.select().from(orders).where(eq(orders.id, id))))!;

describe("a card the hold could not check", () => {
  it("pays with a debit card: the reserved payment is captured and the order is paid, its funding recorded", async () => {
    const { payments, deps } = shop();
    const u = await createUser(db);
    const c = await createCompetition(db, { pricePence: 500 });
    const id = await order(deps, u.id, c.id, 2);
    expect((await orderRow(id)).cardFunding).toBe("unknown");
    payments.paid.set(`job_${id}`, { funding: "debit", captured: false });
    const view = await refreshOrder(deps, id);
    expect(view.status).toBe("paid");
    expect(view.lines[0]!.ticketNumbers).toHaveLength(2);
    expect(payments.captures).toEqual([`job_${id}`]);
    expect(await orderRow(id)).toMatchObject({ status: "paid", cardFunding: "debit" });
  });

  it("refuses a credit card on an instant-win competition: the reservation is cancelled, never captured, and the numbers go back", async () => {
    const { payments, deps } = shop();
    const u = await createUser(db);
    const c = await createCompetition(db, { instantWin: true, pricePence: 200 });
    const id = await order(deps, u.id, c.id);
    payments.paid.set(`job_${id}`, { funding: "credit", captured: false });
    const view = await refreshOrder(deps, id);
    expect(view.status).toBe("failed");
    expect(payments.captures).toEqual([]);
    expect(payments.cancels).toEqual([`job_${id}`]);
    expect(payments.refunds).toEqual([]);
    expect((await orderRow(id)).failureReason).toBe("Credit cards cannot be used for instant-win competitions. Please use a debit card.");
    // The buyer's view says why (the complete page shows it); other failures keep their reasons to the operator.
    expect(view.failureMessage).toBe("Credit cards cannot be used for instant-win competitions. Please use a debit card.");
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("refunds a credit card that was captured at once, when the rules refuse it", async () => {
    const { payments, deps } = shop();
    const u = await createUser(db);
    const c = await createCompetition(db, { instantWin: true, pricePence: 300 });
    const id = await order(deps, u.id, c.id, 3);
    payments.paid.set(`job_${id}`, { funding: "credit", captured: true });
    const view = await refreshOrder(deps, id);
    expect(view.status).toBe("refunded");
    expect(payments.refunds).toMatchObject([{ paymentId: `job_${id}`, amountPence: 900 }]);
    expect(await db.select().from(refunds).where(eq(refunds.orderId, id))).toHaveLength(1);
    expect(view.lines[0]!.ticketNumbers ?? []).toHaveLength(0);
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("holds a credit card to the £250 monthly cap, counting the credit-card orders already paid", async () => {
    const { payments, deps } = shop();
    const u = await createUser(db);
    const c = await createCompetition(db, { pricePence: 10_000, maxTickets: 100 });
    const first = await order(deps, u.id, c.id, 2);
    payments.paid.set(`job_${first}`, { funding: "credit", captured: false });
    expect((await refreshOrder(deps, first)).status).toBe("paid");
    const second = await order(deps, u.id, c.id, 1);
    payments.paid.set(`job_${second}`, { funding: "credit", captured: false });
    expect((await refreshOrder(deps, second)).status).toBe("failed");
    expect((await orderRow(second)).failureReason).toContain("Credit card payments are limited to £250.00 a month. You have £50.00");
    expect((await refreshOrder(deps, second)).failureMessage).toBe((await orderRow(second)).failureReason);
    // A debit card is not capped.
    const third = await order(deps, u.id, c.id, 1);
    payments.paid.set(`job_${third}`, { funding: "debit", captured: false });
    expect((await refreshOrder(deps, third)).status).toBe("paid");
  });

  it("sells nothing on an answer for another amount or currency, and refunds what was taken", async () => {
    const { payments, deps } = shop();
    const u = await createUser(db);
    const c = await createCompetition(db, { pricePence: 500 });
    const short = await order(deps, u.id, c.id, 2);
    payments.paid.set(`job_${short}`, { funding: "debit", captured: true, amountPence: 1 });
    expect((await refreshOrder(deps, short)).status).toBe("failed");
    expect((await orderRow(short)).failureReason).toBe("amount mismatch: the provider took 1 GBP for 1000 GBP");
    expect((await refreshOrder(deps, short)).failureMessage).toBeNull();
    expect(payments.refunds.at(-1)).toMatchObject({ paymentId: `job_${short}`, amountPence: 1 });
    const euros = await order(deps, u.id, c.id, 1);
    payments.paid.set(`job_${euros}`, { funding: "debit", captured: true, currency: "EUR" });
    // Refunded as taken (the whole card amount, in the provider's record): the order shows it.
    expect((await refreshOrder(deps, euros)).status).toBe("refunded");
    expect((await orderRow(euros)).failureReason).toContain("amount mismatch");
    expect(await ledgerProblems(db)).toEqual(CLEAN_LEDGER);
  });

  it("sells nothing on another payment's record and refunds none of it: that money is someone else's", async () => {
    const { payments, deps } = shop();
    const u = await createUser(db);
    const c = await createCompetition(db, { pricePence: 500 });
    const id = await order(deps, u.id, c.id);
    payments.paid.set(`job_${id}`, { funding: "debit", captured: true, paymentId: "job_of_another_order" });
    expect((await refreshOrder(deps, id)).status).toBe("failed");
    expect((await orderRow(id)).failureReason).toContain("payment mismatch");
    expect(payments.refunds).toEqual([]);
  });
});
