import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first } from "../../db/client";
import { competitions, entries, mailOutbox, orders, tickets } from "../../db/schema";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import type { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest } from "../../src/server/payments/provider";
import { noopMailer } from "../../src/server/mail/mailer";
import { HOLD_MS, placeOrder, type PlaceOrderArgs } from "../../src/server/services/purchase";
import { sweepPendingOrders } from "../../src/server/services/purchase";
import { createCompetition } from "../factories/competitions";
import { createUser } from "../factories/users";
import { eventually, ledgerProblems, refusal } from "../helpers/assertions";
import { allowGuestCheckout, createTestDb, sqlRows } from "../helpers/db";

const db = createTestDb();
await allowGuestCheckout(db);
const approve = { token: "sim_approve" } as const;

class CountingProvider implements PaymentProvider {
  readonly name = "counting";
  calls: ChargeRequest[] = [];
  refunds: string[] = [];
  constructor(private readonly inner: PaymentProvider = new SimulatedPaymentProvider(0)) {}
  async charge(r: ChargeRequest): Promise<ChargeResult> {
    this.calls.push(r);
    return this.inner.charge(r);
  }
  async refund(r: RefundRequest) {
    this.refunds.push(r.paymentId);
    return this.inner.refund(r);
  }
  cardFunding(method: Parameters<PaymentProvider["cardFunding"]>[0]) {
    return this.inner.cardFunding(method);
  }
  retrieve(paymentId: string) {
    return this.inner.retrieve(paymentId);
  }
  cancel(paymentId: string) {
    return this.inner.cancel(paymentId);
  }
  lookup(orderId: string) {
    return this.inner.lookup(orderId);
  }
}

function deps(payments: PaymentProvider = new SimulatedPaymentProvider(0), now?: () => Date) {
  return { db, payments, mailer: noopMailer, now };
}

function args(competitionId: string, over: Partial<PlaceOrderArgs> = {}): PlaceOrderArgs {
  return {
    userId: null,
    customerName: "Jo Field",
    customerEmail: `jo-${crypto.randomUUID().slice(0, 6)}@example.test`,
    lines: [{ competitionId, quantity: 2, answer: "green" }],
    method: approve,
    returnUrl: "/checkout/complete",
    ...over,
  };
}

describe("pricing and the answer", () => {
  it("charges the database price times the tickets, whatever the client believes", async () => {
    const c = await createCompetition(db, { pricePence: 499 });
    const payments = new CountingProvider();
    const result = await placeOrder(deps(payments), args(c.id, { lines: [{ competitionId: c.id, quantity: 3, answer: "Green" }] }));
    expect(result.status).toBe("paid");
    expect(result.amount).toBe("14.97");
    expect(payments.calls[0]!.amountPence).toBe(1497);
    expect(result.lines[0]!.ticketNumbers).toHaveLength(3);
  });

  it("accepts the answer trimmed and in any case, and refuses a wrong one without charging", async () => {
    const c = await createCompetition(db, { qualifyingAnswer: "Carbon Dioxide" });
    const payments = new CountingProvider();
    const ok = await placeOrder(deps(payments), args(c.id, { lines: [{ competitionId: c.id, quantity: 1, answer: "  carbon DIOXIDE " }] }));
    expect(ok.status).toBe("paid");
    const wrong = await refusal(placeOrder(deps(payments), args(c.id, { lines: [{ competitionId: c.id, quantity: 1, answer: "oxygen" }] })));
    expect(wrong.code).toBe("WRONG_ANSWER");
    expect(wrong.message).toContain("Incorrect answer");
    expect(payments.calls).toHaveLength(1);
  });

  it("lets any answer pass when the competition stores none", async () => {
    const c = await createCompetition(db, { qualifyingQuestion: null, qualifyingAnswer: null });
    const result = await placeOrder(deps(), args(c.id, { lines: [{ competitionId: c.id, quantity: 1, answer: null }] }));
    expect(result.status).toBe("paid");
  });
});

describe("when entries are taken", () => {
  it("refuses a competition that has not started, has ended or is closed", async () => {
    const day = 86_400_000;
    const future = await createCompetition(db, { startDate: new Date(Date.now() + day) });
    const ended = await createCompetition(db, { endDate: new Date(Date.now() - 1000), startDate: new Date(Date.now() - 5 * day) });
    const closed = await createCompetition(db, { status: "closed" });
    for (const c of [future, ended, closed]) {
      const err = await refusal(placeOrder(deps(), args(c.id)));
      expect(err.code).toBe("COMPETITION_CLOSED");
      expect(err.message).toContain("is not open for entries");
    }
  });

  it("refuses an unknown competition", async () => {
    const err = await refusal(placeOrder(deps(), args(crypto.randomUUID())));
    expect(err).toMatchObject({ code: "NOT_FOUND", message: "Competition not found" });
  });

  it("never sells past maxTickets and says so", async () => {
    const c = await createCompetition(db, { maxTickets: 5 });
    await placeOrder(deps(), args(c.id, { lines: [{ competitionId: c.id, quantity: 4, answer: "green" }] }));
    const tooMany = await refusal(placeOrder(deps(), args(c.id, { lines: [{ competitionId: c.id, quantity: 2, answer: "green" }] })));
    expect(tooMany).toMatchObject({ code: "NOT_ENOUGH_TICKETS", message: `Only 1 ticket is left for "${c.title}"` });
    await placeOrder(deps(), args(c.id, { lines: [{ competitionId: c.id, quantity: 1, answer: "green" }] }));
    const soldOut = await refusal(placeOrder(deps(), args(c.id, { lines: [{ competitionId: c.id, quantity: 1, answer: "green" }] })));
    expect(soldOut).toMatchObject({ code: "SOLD_OUT", message: `"${c.title}" has sold out` });
    const row = (await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!;
    expect(row.soldTickets).toBe(5);
    const numbers = (await db.select({ n: tickets.number }).from(tickets).where(eq(tickets.competitionId, c.id))).map((t) => Number(t.n)).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
  });

  it("caps one person's tickets across orders, matched by account and by email", async () => {
    const c = await createCompetition(db, { maxTicketsPerPerson: 5 });
    const user = await createUser(db);
    await placeOrder(deps(), args(c.id, { userId: user.id, customerEmail: user.email, lines: [{ competitionId: c.id, quantity: 3, answer: "green" }] }));
    const byAccount = await refusal(
      placeOrder(deps(), args(c.id, { userId: user.id, customerEmail: "other@example.test", lines: [{ competitionId: c.id, quantity: 3, answer: "green" }] })),
    );
    expect(byAccount.code).toBe("PER_PERSON_LIMIT");
    expect(byAccount.message).toContain("you can buy 2 more");
    const byEmail = await refusal(
      placeOrder(deps(), args(c.id, { userId: null, customerEmail: user.email, lines: [{ competitionId: c.id, quantity: 3, answer: "green" }] })),
    );
    expect(byEmail.code).toBe("PER_PERSON_LIMIT");
    const ok = await placeOrder(
      deps(),
      args(c.id, { userId: user.id, customerEmail: user.email, lines: [{ competitionId: c.id, quantity: 2, answer: "green" }] }),
    );
    expect(ok.status).toBe("paid");
  });
});

describe("payment outcomes", () => {
  it.each([
    ["sim_decline", "card_declined"],
    ["sim_insufficient_funds", "insufficient_funds"],
    ["sim_error", "error"],
  ])("%s fails the order, keeps no tickets and gives the numbers to the next buyer", async (token, reason) => {
    const c = await createCompetition(db, { maxTickets: 3 });
    const err = await refusal(placeOrder(deps(), args(c.id, { method: { token }, lines: [{ competitionId: c.id, quantity: 3, answer: "green" }] })));
    expect(err.code).toBe("PAYMENT_DECLINED");
    expect(err.message).toBe("Your payment could not be processed. Please try again.");
    expect(err.details).toMatchObject({ paymentStatus: "failed", reason });
    const order = (await first(
      db
        .select()
        .from(orders)
        .where(eq(orders.id, String(err.details!.orderId))),
    ))!;
    expect(order.status).toBe("failed");
    expect((await first(db.select().from(entries).where(eq(entries.orderId, order.id)).limit(1)))!.paymentStatus).toBe("failed");
    const next = await placeOrder(deps(), args(c.id, { lines: [{ competitionId: c.id, quantity: 3, answer: "green" }] }));
    expect(next.lines[0]!.ticketNumbers.sort()).toEqual(["1", "2", "3"]);
    expect(await ledgerProblems(db)).toMatchObject({ soldMismatch: [], heldMismatch: [], duplicates: [], failedWithTickets: [], oversold: [] });
  });

  it("keeps only the brand and last four digits of a card", async () => {
    const c = await createCompetition(db);
    const payments = new SimulatedPaymentProvider(0);
    // The provider's card form answers a token; only that reaches the order.
    const card = payments.tokenise({ number: "4111 1111 1111 1111", expiry: "12/39", cvc: "123" });
    expect(card).toMatchObject({ ok: true, brand: "visa", last4: "1111" });
    const result = await placeOrder(deps(payments), args(c.id, { method: { token: card.ok ? card.token : "" } }));
    const order = (await first(db.select().from(orders).where(eq(orders.id, result.orderId))))!;
    expect(order).toMatchObject({ cardBrand: "visa", cardLast4: "1111", status: "paid" });
    expect(JSON.stringify(await sqlRows(db, "select * from orders"))).not.toContain("4111111111111111");
  });
});

describe("idempotency", () => {
  it("answers a repeated submit with the first result and charges once", async () => {
    const c = await createCompetition(db);
    const payments = new CountingProvider(new SimulatedPaymentProvider(20));
    const a = args(c.id, { idempotencyKey: "checkout-abc-123" });
    const [first, second] = await Promise.all([placeOrder(deps(payments), a), placeOrder(deps(payments), a)]);
    expect(second.orderId).toBe(first.orderId);
    expect(second.lines[0]!.ticketNumbers).toEqual(first.lines[0]!.ticketNumbers);
    const third = await placeOrder(deps(payments), a);
    expect(third.orderId).toBe(first.orderId);
    expect(payments.calls).toHaveLength(1);
    expect(await db.select().from(orders).where(eq(orders.customerEmail, a.customerEmail))).toHaveLength(1);
  });

  it("repeats a failure as a failure", async () => {
    const c = await createCompetition(db);
    const a = args(c.id, { idempotencyKey: "checkout-dec-1", method: { token: "sim_decline" } });
    const first = await refusal(placeOrder(deps(), a));
    const again = await refusal(placeOrder(deps(), a));
    expect(again.code).toBe("PAYMENT_DECLINED");
    expect(again.details!.orderId).toBe(first.details!.orderId);
  });

  it("scopes keys to the buyer", async () => {
    const c = await createCompetition(db);
    const one = await placeOrder(deps(), args(c.id, { idempotencyKey: "shared-key-0001" }));
    const two = await placeOrder(deps(), args(c.id, { idempotencyKey: "shared-key-0001" }));
    expect(two.orderId).not.toBe(one.orderId);
  });
});

describe("holds and mail", () => {
  it("releases the numbers of an order whose hold expired, and refunds a payment that lands too late", async () => {
    const c = await createCompetition(db, { maxTickets: 2 });
    let release: () => void = () => {};
    const slow: PaymentProvider & { refunds: string[] } = {
      name: "slow",
      refunds: [],
      charge: () =>
        new Promise<ChargeResult>(
          (resolve) => (release = () => resolve({ status: "succeeded", paymentId: "late_1", cardBrand: "visa", last4: "4242", funding: "debit" })),
        ),
      cardFunding: async () => "debit",
      lookup: async () => null,
      retrieve: async (id) => {
        throw new Error(`no such payment ${id}`);
      },
      cancel: async () => {},
      async refund(r) {
        this.refunds.push(r.paymentId);
        return { refundId: `re_${r.paymentId}`, amountPence: r.amountPence };
      },
    };
    const pending = refusal(placeOrder(deps(slow), args(c.id)));
    // The hold is written while the payment call is out (waited for: on PostgreSQL it commits in its own time).
    await eventually(async () => (await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!.heldTickets === 2);
    expect((await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!.heldTickets).toBe(2);
    expect(await sweepPendingOrders({ db, payments: slow, mailer: noopMailer }, new Date(Date.now() + HOLD_MS + 1000))).toEqual({ settled: 0, failed: 1 });
    expect((await first(db.select().from(competitions).where(eq(competitions.id, c.id))))!.heldTickets).toBe(0);
    release();
    const err = await pending;
    expect(err.code).toBe("PAYMENT_DECLINED");
    expect(slow.refunds).toEqual(["late_1"]);
    expect((await ledgerProblems(db)).soldMismatch).toEqual([]);
  });

  it("queues a confirmation with the ticket numbers for a paid order, and none for a failed one", async () => {
    const c = await createCompetition(db, { title: "Mail Test Tractor" });
    const email = "mail-check@example.test";
    const paid = await placeOrder(deps(), args(c.id, { customerEmail: email }));
    const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("Your Harvest Draws entry is confirmed");
    for (const n of paid.lines[0]!.ticketNumbers) expect(mail[0]!.text).toContain(n);
    expect(mail[0]!.text).toContain("Mail Test Tractor");
    await refusal(placeOrder(deps(), args(c.id, { customerEmail: "declined@example.test", method: { token: "sim_decline" } })));
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, "declined@example.test"))).toHaveLength(0);
  });

  it("buys several competitions in one order with the question asked per line", async () => {
    const a = await createCompetition(db, { pricePence: 100, qualifyingAnswer: "Green" });
    const b = await createCompetition(db, { pricePence: 250, qualifyingAnswer: "Four" });
    const wrong = await refusal(
      placeOrder(
        deps(),
        args(a.id, {
          lines: [
            { competitionId: a.id, quantity: 1, answer: "green" },
            { competitionId: b.id, quantity: 2, answer: "three" },
          ],
        }),
      ),
    );
    expect(wrong.code).toBe("WRONG_ANSWER");
    expect(wrong.message).toContain(b.title);
    const ok = await placeOrder(
      deps(),
      args(a.id, {
        lines: [
          { competitionId: a.id, quantity: 1, answer: "green" },
          { competitionId: b.id, quantity: 2, answer: "four" },
        ],
      }),
    );
    expect(ok.amount).toBe("6.00");
    expect(ok.lines.map((l) => l.ticketNumbers.length).sort()).toEqual([1, 2]);
    expect(await ledgerProblems(db)).toMatchObject({ soldMismatch: [], heldMismatch: [], paidWithoutTickets: [], ticketsWithoutPaidOrder: [] });
  });
});
