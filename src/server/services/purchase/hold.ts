import { and, eq, isNull, or, sql } from "drizzle-orm";
import { first, hasRowLocks, lockRow, type Tx } from "../../../../db/client";
import { uuidv7 } from "../../../../db/ids";
import { entries, users, type Competition, type Order } from "../../../../db/schema";
import { priceOrder, type DiscountRule } from "../../../shared/pricing";
import { MIN_CARD_CHARGE_PENCE } from "../../../shared/site-credit";
import { BILLING_REQUIRED, MAX_TICKETS } from "../../../shared/schemas/entry";
import { AppError } from "../../errors";
import type { CardFunding } from "../../payments/provider";
import { answerIsCorrect } from "../competitions/catalogue";
import { assertMayBuy } from "../protection";
import { refuseStaff } from "../competitions/instant-wins";
import { allocateTickets } from "../competitions/tickets";
import { recordRedemption, takeDiscountCode } from "../promotions/discount-codes";
import { spendCredit } from "../wallet";
import { buyerOfOrder, type HeldLimit, type PurchaseGuard } from "./guard";
import type { OrderLineRequest, PlaceOrderArgs } from "./types";

/*
 * Step 1 of a purchase, one short write: check every rule against the competitions as they are
 * inside the write, create the pending order and hold its ticket numbers.
 */

/** What one buyer has of a competition (heldOf statements): per-person count, and tickets held unpaid by the buyer and by the address. */
interface Holdings {
  person: number;
  buyer: number;
  address: number;
}

const NOTHING: Holdings = { person: 0, buyer: 0, address: 0 };

/** Why an entry may not be taken, checked against the competition as it is inside the write. */
function refuseLine(c: Competition, line: OrderLineRequest, now: Date, has: Holdings, held: HeldLimit | null): void {
  const heldByPerson = has.person;
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
  if (held) refuseHold(c, line.quantity, has, held);
  if (line.numbers?.length) refuseNumbers(c, line.numbers);
  if (!answerIsCorrect(c, line.answer)) {
    throw new AppError("WRONG_ANSWER", `Incorrect answer to the qualifying question for "${c.title}"`, { competitionId: c.id });
  }
}

/**
 * Unpaid holds are capped per buyer and per address (guard.ts, heldLimit): numbers held while a card
 * is charged, or while the bank asks the cardholder, are off sale, so one buyer (or one network's
 * fresh accounts) could otherwise hold a small competition "sold out" without paying.
 */
function refuseHold(c: Competition, quantity: number, has: Holdings, held: HeldLimit): void {
  const why = held.percent !== null ? ` (${held.percent}% of its ${c.maxTickets} tickets)` : "";
  const choose = (waiting: number) => Math.max(0, held.limit - waiting);
  if (has.buyer + quantity > held.limit) {
    const left = choose(has.buyer);
    throw new AppError(
      "HOLD_LIMIT",
      `At most ${held.limit} tickets for "${c.title}" can wait on payment for one buyer at once${why}` +
        (has.buyer === 0
          ? `. Choose ${left} or fewer; once they are paid you may buy more.`
          : `; you have ${has.buyer} waiting. ${left > 0 ? `Choose ${left} or fewer, or complete` : "Complete"} those payments (or let them expire) and try again.`),
      { limit: held.limit, waiting: has.buyer },
    );
  }
  if (has.address + quantity > held.limit) {
    const left = choose(has.address);
    throw new AppError(
      "HOLD_LIMIT",
      `At most ${held.limit} tickets for "${c.title}" can wait on payment from one network at once${why}; ${has.address} ${has.address === 1 ? "is" : "are"} waiting. ` +
        `${left > 0 ? `Choose ${left} or fewer, or try` : "Please try"} again in a few minutes.`,
      { limit: held.limit, waiting: has.address },
    );
  }
}

/**
 * The buyer's holdings of a competition in one indexed read, or none when no rule needs them (no
 * per-person cap, and no guard: a server-side caller).
 */
async function holdingsOf(tx: Tx, c: Competition, args: PlaceOrderArgs, held: HeldLimit | null): Promise<Holdings> {
  const capped = c.maxTicketsPerPerson !== null;
  if (!capped && !held) return NOTHING;
  const st = tx.statements;
  const params = { competitionId: c.id, capped: capped ? 1 : 0, email: args.customerEmail, ip: args.ip ?? null };
  const row = args.userId ? await st.heldOfUser.get({ ...params, userId: args.userId }) : await st.heldOfGuest.get(params);
  return row ? { person: Number(row.person), buyer: Number(row.buyer), address: args.ip ? Number(row.address) : 0 } : NOTHING;
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
export async function ticketsOfPerson(tx: Tx, competitionId: string, userId: string | null, email: string): Promise<number> {
  const who = userId
    ? or(eq(entries.userId, userId), and(isNull(entries.userId), eq(entries.entryMethod, "postal"), eq(entries.customerEmail, email)))
    : eq(entries.customerEmail, email);
  const row = await first(
    tx
      .select({ n: sql<number>`coalesce(sum(${entries.ticketCount}), 0)` })
      .from(entries)
      .where(
        and(
          eq(entries.competitionId, competitionId),
          who,
          or(eq(entries.paymentStatus, "paid"), eq(entries.paymentStatus, "pending"), eq(entries.entryMethod, "postal")),
        ),
      ),
  );
  return Number(row?.n ?? 0);
}

/** The tickets an order's lines ask for, in all. */
export function sumOfTickets(lines: readonly OrderLineRequest[]): number {
  return lines.reduce((n, l) => n + l.quantity, 0);
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
export async function holdOrder(
  tx: Tx,
  args: PlaceOrderArgs,
  scopedKey: string | null,
  now: Date,
  funding: CardFunding,
  holdMs: number,
  guard?: PurchaseGuard,
): Promise<{ order: Order; existing: boolean }> {
  const st = tx.statements;
  if (scopedKey) {
    const existing = await st.orderByKey.get({ key: scopedKey });
    if (existing) return { order: existing, existing: true };
  }
  const lines = mergeLines(args.lines);
  // Locked first where the engine has row locks: the account, whose credit and limits this hold spends.
  if (args.userId) await lockRow(tx, users, args.userId);
  // The buyer's account, read once for every check of this hold.
  const user = args.userId ? await st.userById.get({ id: args.userId }) : undefined;
  // Payments in progress, where the guard counts them from the orders (several processes): after the lock, so two cannot both pass.
  await guard?.checkHolding(tx, buyerOfOrder({ userId: args.userId, customerEmail: args.customerEmail, clientIp: args.ip ?? null }), now, sumOfTickets(lines));
  const priced: Array<{ line: OrderLineRequest; competition: Competition }> = [];
  for (const line of lines) {
    const competition = await st.competitionById.get({ id: line.competitionId });
    if (!competition) throw new AppError("NOT_FOUND", "Competition not found");
    const held = guard?.heldLimit(competition) ?? null;
    refuseLine(competition, line, now, await holdingsOf(tx, competition, args, held), held);
    await refuseStaff(tx, competition, args.userId, user);
    priced.push({ line, competition });
  }
  // The order's price (src/shared/pricing.ts priceOrder, as the page and the checkouts show it): each
  // line's multibuy tier, then the discount code, whose use is taken here (a refusal below gives it back).
  const toPrice = priced.map((p) => ({
    competitionId: p.competition.id,
    category: p.competition.category,
    basePence: p.competition.pricePence,
    tiers: p.competition.priceTiers,
    quantity: p.line.quantity,
  }));
  const price = (rule: DiscountRule | null) => priceOrder(toPrice, rule, MIN_CARD_CHARGE_PENCE);
  const codeUser = { userId: args.userId, email: args.customerEmail };
  const discount = args.discountCode ? await takeDiscountCode(tx, args.discountCode, codeUser, now, price) : null;
  const { lines: amounts, totalPence, discountPence } = discount?.price ?? price(null);
  const orderId = uuidv7();
  // Site credit first, taken now so that two orders cannot spend it twice; the card pays the rest.
  // A refusal below undoes the spending with the rest of the hold.
  const creditPence = args.useCredit && user ? await spendCredit(tx, user, orderId, totalPence, now) : 0;
  // Spending limits count the whole order, site credit included; the credit-card cap only the card's part.
  const instantWin = priced.some((p) => p.competition.instantWin);
  await assertMayBuy(tx, { userId: args.userId, user, totalPence, cardPence: totalPence - creditPence, funding, instantWin, now });
  if (totalPence - creditPence > 0 && !args.method) {
    throw new AppError("INVALID_INPUT", "Enter your card details", { fieldErrors: { paymentToken: ["Enter your card details"] } });
  }
  if (totalPence - creditPence > 0 && args.billingMissing) {
    throw new AppError("INVALID_INPUT", BILLING_REQUIRED, { fieldErrors: { billing: [BILLING_REQUIRED] } });
  }
  const order = (await st.insertOrder.get({
    id: orderId,
    userId: args.userId,
    customerName: args.customerName,
    customerEmail: args.customerEmail,
    totalPence,
    creditPence,
    discountPence,
    discountCode: discount?.code.code ?? null,
    idempotencyKey: scopedKey,
    cardFunding: funding,
    holdExpiresAt: now.getTime() + holdMs,
    clientIp: args.ip ?? null,
    createdAt: now.getTime(),
  }))!;
  if (discount) await recordRedemption(tx, discount.code, orderId, codeUser, discountPence, now);
  if (hasRowLocks(tx)) {
    // Where holds of one competition run side by side (PostgreSQL), each competition is locked, in id
    // order, only for the end of the hold: its tickets counted again as they are now, and taken. Every
    // other check above ran without holding up the competition's other buyers.
    for (const p of [...priced].sort((a, b) => (a.competition.id < b.competition.id ? -1 : 1))) {
      const current = (await st.lockedCompetition.get({ id: p.competition.id }))!;
      const held = guard?.heldLimit(current) ?? null;
      refuseLine(current, p.line, now, await holdingsOf(tx, current, args, held), held);
      p.competition = current;
    }
  }
  for (const [i, { line, competition }] of priced.entries()) {
    const entryId = uuidv7();
    await st.insertEntry.run({
      id: entryId,
      competitionId: competition.id,
      orderId: order.id,
      userId: args.userId,
      customerName: args.customerName,
      customerEmail: args.customerEmail,
      answer: line.answer?.trim() || null,
      ticketCount: line.quantity,
      amountPence: amounts[i]!.payPence,
      savingPence: amounts[i]!.savingPence,
      discountPence: amounts[i]!.discountPence,
      clientIp: args.ip ?? null,
      entryDate: now.getTime(),
    });
    await allocateTickets(tx, competition, entryId, line.quantity, now, { picked: line.numbers });
    await st.addHeld.run({ id: competition.id, count: line.quantity });
  }
  return { order, existing: false };
}
