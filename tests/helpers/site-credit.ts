import type { Db } from "../../db/client";
import type { User } from "../../db/schema";
import { AppError } from "../../src/server/errors";
import { noopMailer } from "../../src/server/mail/mailer";
import type { ChargeRequest, ChargeResult, RefundRequest } from "../../src/server/payments/provider";
import { SimulatedPaymentProvider } from "../../src/server/payments/simulated";
import type { Actor } from "../../src/server/services/audit";
import type { OrderDeps, PlaceOrderArgs } from "../../src/server/services/purchase";
import { addGoodwillCredit } from "../../src/server/services/wallet";
import { createUser } from "../factories/users";
import { sqlRows } from "./db";

/** What the site-credit tests share: a provider that records what it was asked, the order's arguments, the ledger's checks. */

/** The simulated provider, recording every charge and refund asked of it. */
export class RecordingProvider extends SimulatedPaymentProvider {
  charges: ChargeRequest[] = [];
  refunds: RefundRequest[] = [];
  override async charge(r: ChargeRequest): Promise<ChargeResult> {
    this.charges.push(r);
    return super.charge(r);
  }
  override async refund(r: RefundRequest) {
    this.refunds.push(r);
    return super.refund(r);
  }
  /** What the card really got back: one refund per idempotency key (the provider makes a repeat once). */
  refundedPence(): number {
    return [...new Map(this.refunds.map((r) => [r.idempotencyKey, r.amountPence])).values()].reduce((a, b) => a + b, 0);
  }
}

/** A provider whose charge call never answers until the test says so (a lost connection); it then reports that answer. */
export class SilentProvider extends RecordingProvider {
  private answers: Array<(r: ChargeResult) => void> = [];
  private answered: ChargeResult | null = null;
  override charge(r: ChargeRequest): Promise<ChargeResult> {
    this.charges.push(r);
    return new Promise((resolve) => this.answers.push(resolve));
  }
  answer(result: ChargeResult): void {
    this.answered = result;
    for (const a of this.answers.splice(0)) a(result);
  }
  override async retrieve(paymentId: string): Promise<ChargeResult> {
    if (this.answered && "paymentId" in this.answered && this.answered.paymentId === paymentId) return this.answered;
    return super.retrieve(paymentId);
  }
}

export const creditDeps = (db: Db, payments: SimulatedPaymentProvider, now?: Date): OrderDeps => ({
  db,
  payments,
  mailer: noopMailer,
  now: now ? () => now : undefined,
});

/** A customer, with goodwill credit of `amount` when given. */
export async function customerWithCredit(db: Db, by: Actor, amount: string | null, over: Partial<Parameters<typeof createUser>[1]> = {}): Promise<User> {
  const user = await createUser(db, over);
  if (amount) await addGoodwillCredit(db, by, user.id, amount, "Sorry for the delay");
  return user;
}

/** One line of `quantity` tickets (answer "green") paid with the approving test card; a guest when `buyer` is null. */
export function creditOrderArgs(buyer: User | null, competitionId: string, over: Partial<PlaceOrderArgs> = {}, quantity = 1): PlaceOrderArgs {
  return {
    userId: buyer?.id ?? null,
    customerName: "Nia Price",
    customerEmail: buyer?.email ?? `guest-${crypto.randomUUID().slice(0, 8)}@example.test`,
    lines: [{ competitionId, quantity, answer: "green" }],
    method: { token: "sim_approve" },
    returnUrl: "/checkout/complete",
    ...over,
  };
}

/** Every prefix of the customer's ledger (in the order it was written) adds up to zero or more. */
export async function neverNegative(db: Db, user: Pick<User, "id">): Promise<boolean> {
  // The order the rows were written in: SQLite's rowid; on PostgreSQL their ids, time-ordered UUIDs made in
  // turn by the one process (writes of one customer's credit take their account's row lock first, so they are
  // made and committed in the same order). A row's place in the table (ctid) is not that order: space freed
  // by a rolled-back write is used again.
  const written = db.engine === "postgres" ? "id" : "rowid";
  const rows = await sqlRows<{ amount_pence: number }>(db, `select amount_pence from wallet_entries where user_id = ? order by ${written}`, [user.id]);
  let running = 0;
  for (const a of rows.map((r) => r.amount_pence)) {
    running += a;
    if (running < 0) return false;
  }
  return true;
}

/** The application's own error code of a refusal (tRPC, whose BAD_REQUEST says less, or a service). */
export async function appCodeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    if (err && typeof err === "object" && "cause" in err && err.cause instanceof AppError) return err.cause.code;
    if (err && typeof err === "object" && "code" in err) return String(err.code);
    throw err;
  }
  throw new Error("expected the call to be refused, but it succeeded");
}
