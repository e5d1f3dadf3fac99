import { and, count, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { first, type Db, type Tx } from "../../../db/client";
import { competitions, entries, instantPrizes, orders, walletEntries, winners, type Competition, type Entry } from "../../../db/schema";
import { penceToDecimal } from "../../shared/money";
import { orderReference, parseOrderReference } from "../../shared/order-reference";
import type { cartCheckoutInput, CustomerEntry, CustomerWin, directCheckoutInput, restEntryInput, UserEntriesPage } from "../../shared/schemas/entry";
import { AppError } from "../errors";
import type { PaymentMethod } from "../payments/provider";
import { placeOrder, refreshOrder, type OrderDeps } from "./purchase";
import { keysetChunks, keysetOf, type Keyset } from "./paging/keyset";
import { ticketNumbersByEntry } from "./competitions/tickets";

/** Where a buyer comes back to from their bank's authentication page (the order id is added). */
export const CHECKOUT_COMPLETE_PATH = "/checkout/complete";

/** Who is buying: a signed-in account (whose email the order uses, whatever the form says) or a guest. */
export interface Buyer {
  account: { id: string; email: string } | null;
  ip: string;
  /** The shop's public origin, for the absolute return URL a provider needs ("" when unknown). */
  origin: string;
}

function buyerFields(buyer: Buyer, typedEmail: string) {
  return {
    userId: buyer.account?.id ?? null,
    customerEmail: (buyer.account?.email ?? typedEmail).toLowerCase(),
    ip: buyer.ip,
    returnUrl: `${buyer.origin}${CHECKOUT_COMPLETE_PATH}`,
  };
}

const tokenOf = (token: string | undefined): PaymentMethod | null => (token ? { token } : null);

export function checkoutDirect(deps: OrderDeps, buyer: Buyer, input: z.output<typeof directCheckoutInput>) {
  return placeOrder(deps, {
    ...buyerFields(buyer, input.customerEmail),
    customerName: input.customerName,
    lines: [{ competitionId: input.competitionId, quantity: input.tickets, answer: input.answer, numbers: input.numbers }],
    method: tokenOf(input.paymentToken),
    useCredit: input.useCredit,
    discountCode: input.discountCode,
    billingMissing: !input.billing,
    useSdk: true,
    idempotencyKey: input.idempotencyKey,
  });
}

export function checkoutCart(deps: OrderDeps, buyer: Buyer, input: z.output<typeof cartCheckoutInput>) {
  return placeOrder(deps, {
    ...buyerFields(buyer, input.email),
    customerName: `${input.firstName} ${input.lastName}`,
    lines: input.lines.map((l) => ({ competitionId: l.competitionId, quantity: l.quantity, answer: l.answer, numbers: l.numbers })),
    method: tokenOf(input.paymentToken),
    useCredit: input.useCredit,
    discountCode: input.discountCode,
    billingMissing: !input.billing,
    useSdk: true,
    idempotencyKey: input.idempotencyKey,
  });
}

export async function createRestEntry(deps: OrderDeps, buyer: Buyer, input: z.output<typeof restEntryInput>, headerKey: string | null) {
  const quantity = input.quantity ?? input.numbers?.length ?? input.ticketNumbers?.length;
  if (!quantity) throw new AppError("INVALID_INPUT", "Say how many tickets: send quantity or ticketNumbers");
  if (input.numbers && input.numbers.length !== quantity) throw new AppError("INVALID_INPUT", "Choose one number per ticket");
  if (headerKey && !/^[A-Za-z0-9_.:-]{8,100}$/.test(headerKey)) throw new AppError("INVALID_INPUT", "Invalid Idempotency-Key header");
  const result = await placeOrder(deps, {
    ...buyerFields(buyer, input.customerEmail),
    customerName: input.customerName,
    lines: [{ competitionId: input.competitionId, quantity, answer: input.answer, numbers: input.numbers }],
    // The spec's client sends no token (the simulated provider's approval stands in); one spending credit needs none for what credit pays.
    method: tokenOf(input.paymentToken ?? (input.useCredit ? undefined : "sim_approve")),
    useCredit: input.useCredit,
    discountCode: input.discountCode,
    idempotencyKey: headerKey ?? input.idempotencyKey,
  });
  const line = result.lines[0]!;
  return {
    entryId: line.entryId,
    orderId: result.id,
    reference: result.reference,
    status: result.status,
    // The spec's entry status: anything not yet paid (authenticating included) is still pending.
    paymentStatus: result.status === "paid" ? ("paid" as const) : result.status === "failed" ? ("failed" as const) : ("pending" as const),
    ticketNumbers: line.ticketNumbers,
    amount: result.amount,
    creditUsed: result.creditUsed,
    discount: result.discount,
    nextAction: result.nextAction,
    instantWins: result.instantWins,
  };
}

/** GET /api/user/entries without a page: the newest this many (X-Total-Count says how many there are). */
export const USER_ENTRIES_UNPAGED_CAP = 1000;
/** The largest page of GET /api/user/entries?page=&pageSize=. */
export const USER_ENTRIES_PAGE_MAX = 100;
export const USER_ENTRIES_PAGE_DEFAULT = 20;
/** Entries read (and turned into JSON) at a time by an export, between which other requests are answered. */
const ENTRY_CHUNK = 100;

const entryKey = keysetOf("entries");

/** Each competition of a list read once (its row is large: the same one joined to every entry would be parsed for every entry). */
async function competitionsOf(db: Tx, rows: Entry[]): Promise<Map<string, Competition>> {
  const map = new Map<string, Competition>();
  for (const { competitionId } of rows) {
    if (map.has(competitionId)) continue;
    const competition = await db.statements.competitionById.get({ id: competitionId });
    if (competition) map.set(competitionId, competition);
  }
  return map;
}

async function toCustomerEntries(db: Tx, entryRows: Entry[]): Promise<CustomerEntry[]> {
  const numbers = await ticketNumbersByEntry(
    db,
    entryRows.map((e) => e.id),
  );
  const byId = await competitionsOf(db, entryRows);
  const rows = entryRows.flatMap((entry) => {
    const competition = byId.get(entry.competitionId);
    return competition ? [{ entry, competition }] : [];
  });
  return rows.map(({ entry, competition }) => ({
    id: entry.id,
    competitionId: entry.competitionId,
    customerName: entry.customerName,
    customerEmail: entry.customerEmail,
    ticketNumbers: numbers.get(entry.id) ?? [],
    ticketCount: entry.ticketCount,
    amount: penceToDecimal(entry.amountPence),
    paymentStatus: entry.paymentStatus,
    entryMethod: entry.entryMethod,
    entryDate: entry.entryDate.toISOString(),
    competition: {
      id: competition.id,
      title: competition.title,
      category: competition.category,
      price: penceToDecimal(competition.pricePence),
      status: competition.status,
      endDate: competition.endDate.toISOString(),
      drawDate: competition.drawDate.toISOString(),
      image: competition.image,
    },
  }));
}

/** The user's entries newest first, `limit` of them after skipping `offset` (the skip walks the index only). */
async function listUserEntries(db: Tx, userId: string, limit: number, offset: number): Promise<CustomerEntry[]> {
  const page = db
    .select({ rowid: entryKey.rowid })
    .from(entries)
    .where(eq(entries.userId, userId))
    .orderBy(...entryKey.newestFirst)
    .limit(limit)
    .offset(offset);
  const rows = await db
    .select()
    .from(entries)
    .where(inArray(entryKey.rowid, page))
    .orderBy(...entryKey.newestFirst);
  return toCustomerEntries(db, rows);
}

export async function countUserEntries(db: Tx, userId: string): Promise<number> {
  return (await first(db.select({ n: count() }).from(entries).where(eq(entries.userId, userId))))!.n;
}

/** Entries in competitions still on sale (the account's Active Entries tile): one index range per such competition. */
async function countActiveUserEntries(db: Tx, userId: string): Promise<number> {
  const onSale = db.select({ id: competitions.id }).from(competitions).where(eq(competitions.status, "active"));
  return (await first(
    db
      .select({ n: count() })
      .from(entries)
      .where(and(eq(entries.userId, userId), inArray(entries.competitionId, onSale))),
  ))!.n;
}

/**
 * GET /api/user/entries without a page: the newest USER_ENTRIES_UNPAGED_CAP, read a chunk at a time
 * (the event loop turns between chunks), with how many there are in all.
 */
export async function newestUserEntries(db: Tx, userId: string): Promise<{ items: CustomerEntry[]; total: number }> {
  const items: CustomerEntry[] = [];
  for await (const chunk of userEntryChunks(db, userId, ENTRY_CHUNK, USER_ENTRIES_UNPAGED_CAP)) items.push(...chunk);
  return { items, total: await countUserEntries(db, userId) };
}

/** GET /api/user/entries?page=&pageSize=: one page, with the total (as the admin's paged lists answer) and how many are active. */
export async function userEntriesPage(db: Tx, userId: string, page: number, pageSize: number): Promise<UserEntriesPage> {
  const size = Math.min(pageSize, USER_ENTRIES_PAGE_MAX);
  return {
    items: await listUserEntries(db, userId, size, (page - 1) * size),
    page,
    pageSize: size,
    total: await countUserEntries(db, userId),
    active: await countActiveUserEntries(db, userId),
  };
}

/**
 * Every entry of the user, newest first, a chunk at a time: each chunk is one index range (no
 * list of ids, no sort of everything), and the event loop turns between chunks.
 */
export async function* userEntryChunks(db: Tx, userId: string, size = ENTRY_CHUNK, limit = Infinity): AsyncGenerator<CustomerEntry[]> {
  const read = (after: Keyset | null) =>
    db
      .select({ entry: entries, at: entryKey.at, rowid: entryKey.rowid })
      .from(entries)
      .where(and(eq(entries.userId, userId), entryKey.before(after)))
      .orderBy(...entryKey.newestFirst)
      .limit(size);
  let left = limit;
  for await (const rows of keysetChunks(read, size)) {
    yield await toCustomerEntries(
      db,
      rows.slice(0, left).map((r) => r.entry),
    );
    left -= rows.length;
    if (left <= 0) return;
  }
}

/**
 * The account's wins, newest first: main draws (and winners staff named) and instant prizes of every
 * kind (credit too, which has no claim), each with its prize. A guest entry's credit prize counts
 * once the account has it. An instant prize made void by a refund or a dispute is no win.
 */
export async function listUserWins(db: Db, userId: string): Promise<CustomerWin[]> {
  const drawnRows = await db
    .select({
      id: winners.id,
      competitionId: winners.competitionId,
      competitionTitle: competitions.title,
      prizeDetails: competitions.prizeDetails,
      winDate: winners.winDate,
      ticketNumber: winners.ticketNumber,
      source: winners.source,
    })
    .from(winners)
    .innerJoin(entries, eq(winners.entryId, entries.id))
    .innerJoin(competitions, eq(winners.competitionId, competitions.id))
    // `user_id || ''` (no index of user_id matches it): read from the (few) winners and look their entries up, never walk a long-time customer's every entry.
    .where(and(sql`${entries.userId} || '' = ${userId}`, ne(winners.source, "instant"), isNull(winners.voidedAt)));
  const drawn = drawnRows.map((w): CustomerWin => ({
    id: w.id,
    competitionId: w.competitionId,
    competitionTitle: w.competitionTitle,
    winDate: w.winDate.toISOString(),
    source: w.source,
    prize: w.prizeDetails?.trim() || w.competitionTitle,
    ticketNumber: w.ticketNumber,
    instantKind: null,
    value: null,
  }));
  // Two index reads rather than one OR across tables (which would scan every unit won): the account's
  // entries' units, and the units whose credit the account holds (a guest entry's, once verified).
  const unitsWhere = (which: SQL) =>
    db
      .select({ unit: instantPrizes, competitionTitle: competitions.title, winnerId: winners.id })
      .from(instantPrizes)
      .innerJoin(entries, eq(instantPrizes.wonEntryId, entries.id))
      .innerJoin(competitions, eq(instantPrizes.competitionId, competitions.id))
      .leftJoin(
        winners,
        and(eq(winners.entryId, instantPrizes.wonEntryId), eq(winners.ticketNumber, instantPrizes.ticketNumber), eq(winners.source, "instant")),
      )
      .where(and(which, isNotNull(instantPrizes.wonAt), isNull(instantPrizes.voidedAt)));
  const credited = db
    .select({ unitId: walletEntries.reference })
    .from(walletEntries)
    .where(and(eq(walletEntries.userId, userId), eq(walletEntries.kind, "prize")));
  // `user_id || ''` as above: from the units won to their entries, not from the account's entries (200,000 of them, for some).
  const [ofEntries, ofCredit] = await Promise.all([unitsWhere(sql`${entries.userId} || '' = ${userId}`), unitsWhere(inArray(instantPrizes.id, credited))]);
  const units = new Map([...ofEntries, ...ofCredit].map((r) => [r.unit.id, r] as const));
  const instant = [...units.values()].map(({ unit, competitionTitle, winnerId }): CustomerWin => ({
    // A cash or physical prize is a winner with a claim: the same id as the claim's, so the two are one win.
    id: winnerId ?? unit.id,
    competitionId: unit.competitionId,
    competitionTitle,
    winDate: unit.wonAt!.toISOString(),
    source: "instant",
    prize: unit.name,
    ticketNumber: unit.ticketNumber,
    instantKind: unit.kind,
    value: penceToDecimal(unit.valuePence),
  }));
  return [...drawn, ...instant].sort((a, b) => b.winDate.localeCompare(a.winDate));
}

/**
 * The order an id names or, failing that, the one order whose reference ("2A7FA99C", as the receipt
 * and the mails show it) it is: among the buyer's own orders, or any order for the back office.
 */
async function findOrder(db: OrderDeps["db"], idOrReference: string, buyerId: string | null) {
  const mine = buyerId === null ? undefined : eq(orders.userId, buyerId);
  const byId = await first(
    db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(and(eq(orders.id, idOrReference), mine)),
  );
  if (byId) return byId;
  const reference = parseOrderReference(idOrReference);
  if (!reference) return undefined;
  // One look-up in the reference index (the column is computed from the id), however many orders there are.
  const found = await db
    .select({ id: orders.id, userId: orders.userId })
    .from(orders)
    .where(and(eq(orders.reference, reference), mine))
    .limit(2);
  return found.length === 1 && orderReference(found[0]!.id) === reference ? found[0] : undefined;
}

/**
 * An order of the user's own (by id or reference), as the provider says it stands now (after
 * authentication, say); another user's is as unknown as one that does not exist.
 */
export async function getOwnOrder(deps: OrderDeps, userId: string, orderId: string) {
  const own = await findOrder(deps.db, orderId, userId);
  if (!own) throw new AppError("NOT_FOUND", "Order not found");
  return refreshOrder(deps, own.id);
}

/**
 * Any order, for the back office: the view its buyer has, except what the buyer must do to
 * authenticate (a Stripe client secret), which is the buyer's alone.
 */
export async function getAnyOrder(deps: OrderDeps, viewerId: string, orderId: string) {
  const order = await findOrder(deps.db, orderId, null);
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  const view = await refreshOrder(deps, order.id);
  return order.userId === viewerId ? view : { ...view, nextAction: null };
}
