import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { uuidv7 } from "../../../db/ids";
import { competitions, entries, orders, type Competition, type Order } from "../../../db/schema";
import { penceToDecimal } from "../../shared/money";
import { MAX_TICKETS, type OrderResult } from "../../shared/schemas/entry";
import { AppError } from "../errors";
import type { Mailer } from "../mail/mailer";
import { orderConfirmationMail } from "../mail/templates";
import type { CardFunding, ChargeResult, PaymentMethod, PaymentProvider } from "../payments/provider";
import { answerIsCorrect } from "./competitions";
import { assertMayBuy, recordRefusal } from "./protection";
import { inGroupCommit } from "./group-commit";
import type { PurchaseGuard } from "./purchase-guard";
import { statements } from "./statements";
import { allocateTickets, releaseTickets, ticketNumbersByEntry } from "./tickets";

export const PAYMENT_FAILED_MESSAGE = "Your payment could not be processed. Please try again.";
/** How long a pending order keeps its ticket numbers. Far longer than any payment call may take. */
export const HOLD_MS = 10 * 60 * 1000;

export interface OrderDeps {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  now?: () => Date;
  /** How long a pending order holds its numbers; HOLD_MS unless configured. */
  holdMs?: number;
  /** Limits on failed payments and holds at once; none when absent (server-side callers, tests). */
  guard?: PurchaseGuard;
}

export interface OrderLineRequest {
  competitionId: string;
  quantity: number;
  answer?: string | null;
}

export interface PlaceOrderArgs {
  userId: string | null;
  customerName: string;
  customerEmail: string;
  lines: OrderLineRequest[];
  method: PaymentMethod;
  idempotencyKey?: string | null;
  /** The buyer's address, for the purchase guard. */
  ip?: string;
}

/** Why an entry may not be taken, checked against the competition as it is inside the write. */
function refuseLine(c: Competition, line: OrderLineRequest, now: Date, heldByPerson: number): void {
  if (c.status !== "active" || now < c.startDate || now >= c.endDate) {
    throw new AppError("COMPETITION_CLOSED", `"${c.title}" is not open for entries`);
  }
  if (c.maxTickets !== null) {
    const left = c.maxTickets - c.soldTickets - c.heldTickets;
    if (left <= 0) throw new AppError("SOLD_OUT", `"${c.title}" has sold out`);
    if (line.quantity > left) {
      throw new AppError("NOT_ENOUGH_TICKETS", `Only ${left} ${left === 1 ? "ticket is" : "tickets are"} left for "${c.title}"`);
    }
  }
  if (c.maxTicketsPerPerson !== null && heldByPerson + line.quantity > c.maxTicketsPerPerson) {
    const left = Math.max(0, c.maxTicketsPerPerson - heldByPerson);
    throw new AppError(
      "PER_PERSON_LIMIT",
      `You can have at most ${c.maxTicketsPerPerson} tickets for "${c.title}"; ${left === 0 ? "you have reached that limit" : `you can buy ${left} more`}`,
    );
  }
  if (!answerIsCorrect(c, line.answer)) {
    throw new AppError("WRONG_ANSWER", `Incorrect answer to the qualifying question for "${c.title}"`);
  }
}

/**
 * Tickets a person already has (paid, held or by post) in a competition. A signed-in buyer is
 * counted by account, plus postal entries sent with the account's email before they were matched to
 * it; only entries without an account are counted by email, so nobody can use up another person's
 * cap by typing their address.
 */
export function ticketsOfPerson(tx: Db, competitionId: string, userId: string | null, email: string): number {
  const who = userId
    ? or(eq(entries.userId, userId), and(isNull(entries.userId), eq(entries.entryMethod, "postal"), eq(entries.customerEmail, email)))
    : eq(entries.customerEmail, email);
  const row = tx
    .select({ n: sql<number>`coalesce(sum(${entries.ticketCount}), 0)` })
    .from(entries)
    .where(
      and(
        eq(entries.competitionId, competitionId),
        who,
        or(eq(entries.paymentStatus, "paid"), eq(entries.paymentStatus, "pending"), eq(entries.entryMethod, "postal")),
      ),
    )
    .get();
  return Number(row?.n ?? 0);
}

function mergeLines(lines: OrderLineRequest[]): OrderLineRequest[] {
  const merged = new Map<string, OrderLineRequest>();
  for (const line of lines) {
    const prev = merged.get(line.competitionId);
    merged.set(line.competitionId, prev ? { ...prev, quantity: prev.quantity + line.quantity } : { ...line });
  }
  return [...merged.values()];
}

/**
 * Step 1, one short write: check every rule, create the pending order and hold its numbers. Runs
 * inside a transaction (its own savepoint of a group commit): a refusal undoes all of it.
 */
function holdOrder(tx: Db, args: PlaceOrderArgs, scopedKey: string | null, now: Date, funding: CardFunding, holdMs: number): { order: Order; existing: boolean } {
  const st = statements(tx);
  if (scopedKey) {
    const existing = st.orderByKey.get({ key: scopedKey });
    if (existing) return { order: existing, existing: true };
  }
  const lines = mergeLines(args.lines);
  for (const line of lines) {
    // The per-order limit holds per competition, however the cart split it into lines.
    if (line.quantity > MAX_TICKETS) throw new AppError("ORDER_LIMIT", `At most ${MAX_TICKETS} entries per competition in one order`);
  }
  const priced: Array<{ line: OrderLineRequest; competition: Competition }> = [];
  for (const line of lines) {
    const competition = st.competitionById.get({ id: line.competitionId });
    if (!competition) throw new AppError("NOT_FOUND", "Competition not found");
    const mine = competition.maxTicketsPerPerson !== null ? ticketsOfPerson(tx, competition.id, args.userId, args.customerEmail) : 0;
    refuseLine(competition, line, now, mine);
    priced.push({ line, competition });
  }
  const totalPence = priced.reduce((sum, p) => sum + p.competition.pricePence * p.line.quantity, 0);
  assertMayBuy(tx, { userId: args.userId, totalPence, funding, instantWin: priced.some((p) => p.competition.instantWin), now });
  const order = st.insertOrder.get({
    id: uuidv7(),
    userId: args.userId,
    customerName: args.customerName,
    customerEmail: args.customerEmail,
    totalPence,
    idempotencyKey: scopedKey,
    cardFunding: funding,
    holdExpiresAt: now.getTime() + holdMs,
    createdAt: now.getTime(),
  })!;
  for (const { line, competition } of priced) {
    const entryId = uuidv7();
    st.insertEntry.run({
      id: entryId,
      competitionId: competition.id,
      orderId: order.id,
      userId: args.userId,
      customerName: args.customerName,
      customerEmail: args.customerEmail,
      answer: line.answer?.trim() || null,
      ticketCount: line.quantity,
      amountPence: competition.pricePence * line.quantity,
      entryDate: now.getTime(),
    });
    allocateTickets(tx, competition.id, entryId, line.quantity, now);
    st.addHeld.run({ id: competition.id, count: line.quantity });
  }
  return { order, existing: false };
}

/** Step 3, one short write: turn held numbers into sold ones, or give them back. */
type Settled = { outcome: "paid"; result: OrderResult } | { outcome: "failed" | "gone" };

/** Runs inside a transaction, like holdOrder. */

function settleOrder(tx: Db, orderId: string, result: ChargeResult, now: Date): Settled {
  const st = statements(tx);
  const order = st.orderById.get({ id: orderId });
  if (!order || order.status !== "pending") return { outcome: "gone" };
  const lines = st.entriesByOrder.all({ orderId });
  if (result.status === "succeeded") {
    st.markOrderPaid.run({ id: orderId, paymentId: result.paymentId, cardBrand: result.cardBrand, cardLast4: result.last4, updatedAt: now.getTime() });
    st.markEntriesPaid.run({ orderId, paymentId: result.paymentId });
    for (const e of lines) st.heldToSold.run({ id: e.competitionId, count: e.ticketCount });
    const numbers = ticketNumbersByEntry(tx, lines.map((l) => l.id));
    const titles = new Map([...new Set(lines.map((l) => l.competitionId))].map((id) => [id, st.competitionById.get({ id })?.title ?? ""]));
    const paid: OrderResult = {
      orderId: order.id,
      status: "paid",
      amount: penceToDecimal(order.totalPence),
      lines: lines.map((l) => ({
        entryId: l.id,
        competitionId: l.competitionId,
        competitionTitle: titles.get(l.competitionId) ?? "",
        ticketNumbers: numbers.get(l.id) ?? [],
        amount: penceToDecimal(l.amountPence),
      })),
    };
    const mail = orderConfirmationMail({
        to: order.customerEmail,
        name: order.customerName,
        orderId: order.id,
        total: paid.amount,
        lines: paid.lines.map((l) => ({ title: l.competitionTitle, ticketNumbers: l.ticketNumbers, amount: l.amount })),
    });
    st.queueMail.run({ id: uuidv7(), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, createdAt: now.getTime() });
    return { outcome: "paid", result: paid };
  }
  failOrderInTx(tx, order, lines, result.status === "declined" ? result.reason : `error: ${result.message}`, now);
  return { outcome: "failed" };
}

function failOrderInTx(tx: Db, order: Order, lines: Array<{ id: string; competitionId: string; ticketCount: number }>, reason: string, now: Date): void {
  tx.update(orders).set({ status: "failed", failureReason: reason, holdExpiresAt: null, updatedAt: now }).where(eq(orders.id, order.id)).run();
  tx.update(entries).set({ paymentStatus: "failed" }).where(eq(entries.orderId, order.id)).run();
  for (const e of lines) {
    releaseTickets(tx, e.competitionId, e.id);
    tx.update(competitions)
      .set({ heldTickets: sql`${competitions.heldTickets} - ${e.ticketCount}` })
      .where(eq(competitions.id, e.competitionId))
      .run();
  }
}

export function loadOrderResult(db: Db, orderId: string): OrderResult {
  const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  const lines = db
    .select({ entry: entries, title: competitions.title })
    .from(entries)
    .innerJoin(competitions, eq(entries.competitionId, competitions.id))
    .where(eq(entries.orderId, orderId))
    .all();
  // Numbers are the buyer's only once paid: a pending order's may still go back on sale.
  const numbers = order.status === "paid" ? ticketNumbersByEntry(db, lines.map((l) => l.entry.id)) : new Map<string, string[]>();
  return {
    orderId: order.id,
    status: order.status,
    amount: penceToDecimal(order.totalPence),
    lines: lines.map((l) => ({
      entryId: l.entry.id,
      competitionId: l.entry.competitionId,
      competitionTitle: l.title,
      ticketNumbers: numbers.get(l.entry.id) ?? [],
      amount: penceToDecimal(l.entry.amountPence),
    })),
  };
}

function paymentFailed(orderId: string, reason?: string | null): AppError {
  return new AppError("PAYMENT_DECLINED", PAYMENT_FAILED_MESSAGE, { orderId, paymentStatus: "failed", reason: reason ?? null });
}

/**
 * Orders of this process between hold and settlement, and approved payments whose settlement could
 * not be written (a full disk, say) that the sweep must record. Per database, like group commit.
 */
interface InFlight {
  running: Map<string, Promise<OrderResult>>;
  unsettled: Map<string, Extract<ChargeResult, { status: "succeeded" }>>;
}
const inFlightByDb = new WeakMap<Db, InFlight>();
export function inFlight(db: Db): InFlight {
  let found = inFlightByDb.get(db);
  if (!found) inFlightByDb.set(db, (found = { running: new Map(), unsettled: new Map() }));
  return found;
}

/**
 * A repeated submit answers what the first one answers: it waits on the first attempt when that is
 * still running in this process, and otherwise reads the order as stored. An order still pending
 * (its payment answer not yet recorded, e.g. after a restart) is answered as pending, never as a
 * success: its numbers are not the buyer's until it is paid.
 */
async function replay(db: Db, order: Order): Promise<OrderResult> {
  const running = inFlight(db).running.get(order.id);
  if (running) return running;
  const current = statements(db).orderById.get({ id: order.id }) ?? order;
  if (current.status === "failed") throw paymentFailed(current.id, current.failureReason);
  return loadOrderResult(db, current.id);
}

/**
 * Hold → charge → settle. The database write lock is held only for the two short transactions,
 * never across the payment call. Both steps go through group commit: at a peak, the holds (and the
 * settlements) of the buyers who arrive together share one commit, each in its own savepoint.
 */
export async function placeOrder(deps: OrderDeps, args: PlaceOrderArgs): Promise<OrderResult> {
  const { db, payments } = deps;
  const now = deps.now?.() ?? new Date();
  const scopedKey = args.idempotencyKey ? `${args.userId ?? args.customerEmail.toLowerCase()}:${args.idempotencyKey}` : null;
  const buyer = { key: args.userId ?? args.customerEmail.toLowerCase(), ip: args.ip ?? "unknown" };

  if (scopedKey) {
    // A retry of an order already placed answers from that order, whatever the guard says now.
    const existing = statements(db).orderByKey.get({ key: scopedKey });
    if (existing) return replay(db, existing);
  }
  deps.guard?.check(buyer, now.getTime());
  const funding = await payments.cardFunding(args.method).catch((): CardFunding => "unknown");
  let held: { order: Order; existing: boolean };
  try {
    held = await inGroupCommit(db, () => holdOrder(db, args, scopedKey, now, funding, deps.holdMs ?? HOLD_MS));
  } catch (err) {
    recordRefusal(db, args.userId, err, now);
    // Two identical submits raced past the look-up; the loser answers with the winner's result.
    if (scopedKey && err instanceof Error && /UNIQUE constraint failed: orders\.idempotency_key/.test(err.message)) {
      const first = db.select().from(orders).where(eq(orders.idempotencyKey, scopedKey)).get();
      if (first) return replay(db, first);
    }
    throw err;
  }
  if (held.existing) return replay(db, held.order);

  const order = held.order;
  const release = deps.guard?.hold(buyer);
  const registry = inFlight(db);
  const running = chargeAndSettle(deps, order, args, buyer).finally(() => {
    release?.();
    registry.running.delete(order.id);
  });
  registry.running.set(order.id, running);
  return running;
}

async function chargeAndSettle(deps: OrderDeps, order: Order, args: PlaceOrderArgs, buyer: { key: string; ip: string }): Promise<OrderResult> {
  const { db, payments } = deps;
  let result: ChargeResult;
  if (order.totalPence === 0) {
    result = { status: "succeeded", paymentId: `free_${order.id}`, cardBrand: null, last4: null, funding: "unknown" };
  } else {
    try {
      result = await payments.charge({
        amountPence: order.totalPence,
        currency: "gbp",
        orderId: order.id,
        idempotencyKey: order.id,
        description: `Harvest Draws order ${order.id}`,
        method: args.method,
        email: args.customerEmail,
      });
    } catch (err) {
      result = { status: "error", message: err instanceof Error ? err.message : "payment call failed" };
    }
  }
  const settledAt = deps.now?.() ?? new Date();
  // A processing error counts like a decline: a card that always errors holds tickets just the same.
  if (result.status !== "succeeded") deps.guard?.failedPayment(buyer, settledAt.getTime());

  let settled: Settled;
  try {
    settled = await inGroupCommit(db, () => settleOrder(db, order.id, result, settledAt));
  } catch (err) {
    // The answer could not be written (a full disk, say). An approved payment is kept to be
    // recorded by the sweep once writes work again, and the buyer is told it is still processing;
    // a refused one leaves the hold to expire.
    if (result.status !== "succeeded") throw paymentFailed(order.id, result.status === "declined" ? result.reason : "error");
    inFlight(db).unsettled.set(order.id, result);
    return loadOrderResult(db, order.id);
  }
  if (settled.outcome === "gone") {
    // The hold expired while the provider was answering: the numbers may be someone else's now.
    if (result.status === "succeeded") await payments.refund(result.paymentId, order.totalPence).catch(() => {});
    throw paymentFailed(order.id, "hold expired");
  }
  deps.mailer.poke();
  if (settled.outcome !== "paid") throw paymentFailed(order.id, result.status === "declined" ? result.reason : "error");
  return settled.result;
}

/**
 * A provider's own report of a payment (a webhook, or the sweep asking), for orders whose answer
 * never reached us or could not be written. A success for an order already failed is refunded: its
 * numbers may be resold.
 */
export async function settleFromProvider(deps: OrderDeps, orderId: string, result: ChargeResult): Promise<"paid" | "failed" | "gone"> {
  const order = deps.db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order) return "gone";
  if (order.status === "paid" && result.status === "succeeded" && order.paymentId === result.paymentId) return "paid";
  const at = deps.now?.() ?? new Date();
  const { outcome } = deps.db.transaction((tx) => settleOrder(tx as unknown as Db, orderId, result, at), { behavior: "immediate" });
  if (outcome === "gone" && result.status === "succeeded" && order.paymentId !== result.paymentId) {
    await deps.payments.refund(result.paymentId, order.totalPence).catch(() => {});
  }
  if (outcome === "paid") deps.mailer.poke();
  return outcome;
}

/** Gives back the numbers of a pending order that will never be paid. */
export function failPendingOrder(db: Db, orderId: string, reason: string, now: Date): boolean {
  return db.transaction(
    (tx) => {
      const current = tx.select().from(orders).where(eq(orders.id, orderId)).get();
      if (!current || current.status !== "pending") return false;
      const lines = tx.select().from(entries).where(eq(entries.orderId, orderId)).all();
      failOrderInTx(tx as unknown as Db, current, lines, reason, now);
      return true;
    },
    { behavior: "immediate" },
  );
}

/** Pending orders whose hold has expired, oldest first. */
export function expiredPendingOrders(db: Db, now: Date): Order[] {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "pending"), lt(orders.holdExpiresAt, now)))
    .all();
}
