import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Tx } from "../../../../db/client";
import { uuidv7 } from "../../../../db/ids";
import { entries, type Competition, type Order } from "../../../../db/schema";
import { priceLine } from "../../../shared/pricing";
import { BILLING_REQUIRED, MAX_TICKETS } from "../../../shared/schemas/entry";
import { AppError } from "../../errors";
import type { CardFunding } from "../../payments/provider";
import { answerIsCorrect } from "../competitions";
import { assertMayBuy } from "../protection";
import { refuseStaff } from "../instant-wins";
import { allocateTickets } from "../tickets";
import { spendCredit } from "../wallet";
import type { OrderLineRequest, PlaceOrderArgs } from "./types";

/*
 * Step 1 of a purchase, one short write: check every rule against the competitions as they are
 * inside the write, create the pending order and hold its ticket numbers.
 */

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
  if (line.numbers?.length) refuseNumbers(c, line.numbers);
  if (!answerIsCorrect(c, line.answer)) {
    throw new AppError("WRONG_ANSWER", `Incorrect answer to the qualifying question for "${c.title}"`, { competitionId: c.id });
  }
}

/** Chosen numbers: only where the competition lets buyers choose, each once, within 1..maxTickets. */
export function refuseNumbers(c: Competition, numbers: readonly string[]): void {
  if (!c.pickNumbers || c.allocation !== "random" || c.maxTickets === null) {
    throw new AppError("NUMBERS_NOT_ALLOWED", `Numbers for "${c.title}" are given out at random; they cannot be chosen`);
  }
  const max = c.maxTickets;
  if (numbers.some((n) => !/^[1-9]\d*$/.test(n) || Number(n) > max)) {
    throw new AppError("NUMBERS_NOT_ALLOWED", `Ticket numbers for "${c.title}" run from 1 to ${max}`);
  }
  if (new Set(numbers).size !== numbers.length) throw new AppError("NUMBERS_NOT_ALLOWED", "Each number can be chosen only once");
}

/**
 * Tickets a person already has (paid, held or by post) in a competition. A signed-in buyer is
 * counted by account, plus postal entries sent with the account's email before they were matched to
 * it; only entries without an account are counted by email, so nobody can use up another person's
 * cap by typing their address.
 */
export function ticketsOfPerson(tx: Tx, competitionId: string, userId: string | null, email: string): number {
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

/** An order's lines, one per competition; refused when one competition's tickets exceed the per-order limit. */
export function mergeLines(lines: OrderLineRequest[]): OrderLineRequest[] {
  const merged = new Map<string, OrderLineRequest>();
  for (const line of lines) {
    const prev = merged.get(line.competitionId);
    merged.set(
      line.competitionId,
      prev ? { ...prev, quantity: prev.quantity + line.quantity, numbers: [...(prev.numbers ?? []), ...(line.numbers ?? [])] } : { ...line },
    );
  }
  for (const line of merged.values()) {
    // The per-order limit holds per competition, however the cart split it into lines.
    if (line.quantity > MAX_TICKETS) throw new AppError("ORDER_LIMIT", `At most ${MAX_TICKETS} entries per competition in one order`);
  }
  return [...merged.values()];
}

/**
 * Runs inside a transaction (its own savepoint of a group commit): a refusal undoes all of it. An
 * order already placed under the same idempotency key is returned as it is.
 */
export function holdOrder(
  tx: Tx,
  args: PlaceOrderArgs,
  scopedKey: string | null,
  now: Date,
  funding: CardFunding,
  holdMs: number,
): { order: Order; existing: boolean } {
  const st = tx.statements;
  if (scopedKey) {
    const existing = st.orderByKey.get({ key: scopedKey });
    if (existing) return { order: existing, existing: true };
  }
  const lines = mergeLines(args.lines);
  // The buyer's account, read once for every check of this hold.
  const user = args.userId ? st.userById.get({ id: args.userId }) : undefined;
  const priced: Array<{ line: OrderLineRequest; competition: Competition }> = [];
  for (const line of lines) {
    const competition = st.competitionById.get({ id: line.competitionId });
    if (!competition) throw new AppError("NOT_FOUND", "Competition not found");
    const mine = competition.maxTicketsPerPerson !== null ? ticketsOfPerson(tx, competition.id, args.userId, args.customerEmail) : 0;
    refuseLine(competition, line, now, mine);
    refuseStaff(tx, competition, args.userId, user);
    priced.push({ line, competition });
  }
  // The price of a line is its quantity's tier (src/shared/pricing.ts, as the page and the cart show it).
  const amounts = priced.map((p) => priceLine(p.competition.pricePence, p.competition.priceTiers, p.line.quantity));
  const totalPence = amounts.reduce((sum, a) => sum + a.totalPence, 0);
  const orderId = uuidv7();
  // Site credit first, taken now so that two orders cannot spend it twice; the card pays the rest.
  // A refusal below undoes the spending with the rest of the hold.
  const creditPence = args.useCredit && user ? spendCredit(tx, user, orderId, totalPence, now) : 0;
  // Spending limits count the whole order, site credit included; the credit-card cap only the card's part.
  const instantWin = priced.some((p) => p.competition.instantWin);
  assertMayBuy(tx, { userId: args.userId, user, totalPence, cardPence: totalPence - creditPence, funding, instantWin, now });
  if (totalPence - creditPence > 0 && !args.method) {
    throw new AppError("INVALID_INPUT", "Enter your card details", { fieldErrors: { paymentToken: ["Enter your card details"] } });
  }
  if (totalPence - creditPence > 0 && args.billingMissing) {
    throw new AppError("INVALID_INPUT", BILLING_REQUIRED, { fieldErrors: { billing: [BILLING_REQUIRED] } });
  }
  const order = st.insertOrder.get({
    id: orderId,
    userId: args.userId,
    customerName: args.customerName,
    customerEmail: args.customerEmail,
    totalPence,
    creditPence,
    idempotencyKey: scopedKey,
    cardFunding: funding,
    holdExpiresAt: now.getTime() + holdMs,
    createdAt: now.getTime(),
  })!;
  for (const [i, { line, competition }] of priced.entries()) {
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
      amountPence: amounts[i]!.totalPence,
      savingPence: amounts[i]!.savingPence,
      entryDate: now.getTime(),
    });
    allocateTickets(tx, competition, entryId, line.quantity, now, { picked: line.numbers });
    st.addHeld.run({ id: competition.id, count: line.quantity });
  }
  return { order, existing: false };
}
