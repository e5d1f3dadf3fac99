import { buyerFailureMessage } from "../protection";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { first, type Tx } from "../../../../db/client";
import { competitions, draws, entries, orders, refunds, users, type Entry, type Order } from "../../../../db/schema";
import { penceToDecimal } from "../../../shared/money";
import { orderReference } from "../../../shared/order-reference";
import type { AdminOrderView, NextActionView, OrderView, UserOrdersPage } from "../../../shared/schemas/order";
import { AppError } from "../../errors";
import { instantWinsByEntry } from "../competitions/instant-wins";
import { keysetChunks, keysetOf, type Keyset } from "../paging/keyset";
import { ticketNumbersByEntry } from "../competitions/tickets";
import { cardPenceOf } from "./charge";

/** Refunds of a part paid by site credit are recorded under an id of ours, not the card provider's. */
export const CREDIT_REFUND_PREFIX = "credit:";
export const isCreditRefund = (providerRefundId: string) => providerRefundId.startsWith(CREDIT_REFUND_PREFIX);

/** Orders as their buyers (and the back office) see them. */

/** One line of an order: an entry with its competition's title and (once paid) its numbers. */
export function orderLineView(entry: Entry, competitionTitle: string, ticketNumbers: string[]): OrderView["lines"][number] {
  return {
    entryId: entry.id,
    competitionId: entry.competitionId,
    competitionTitle,
    quantity: entry.ticketCount,
    amount: penceToDecimal(entry.amountPence),
    // The ticket's price (its multibuy tier), before any discount code.
    unitPrice: penceToDecimal(Math.round((entry.amountPence + entry.discountPence) / Math.max(1, entry.ticketCount))),
    saving: penceToDecimal(entry.savingPence),
    discount: penceToDecimal(entry.discountPence),
    ticketNumbers,
    status: entry.paymentStatus,
  };
}

async function viewsOf(db: Tx, rows: Order[]): Promise<OrderView[]> {
  if (!rows.length) return [];
  const ids = rows.map((o) => o.id);
  const lines = await db
    .select({ entry: entries, title: competitions.title })
    .from(entries)
    .innerJoin(competitions, eq(entries.competitionId, competitions.id))
    .where(inArray(entries.orderId, ids))
    .orderBy(asc(entries.entryDate), asc(entries.id));
  // Numbers are the buyer's only while paid: a pending order's may still go back on sale, and
  // voided ones (a full refund, a dispute) went back.
  const numbers = await ticketNumbersByEntry(
    db,
    lines.filter((l) => l.entry.paymentStatus === "paid").map((l) => l.entry.id),
  );
  const given = await db.select().from(refunds).where(inArray(refunds.orderId, ids)).orderBy(asc(refunds.createdAt));
  const won = await instantWinsByEntry(
    db,
    lines.map((l) => l.entry.id),
  );
  return rows.map((order) => ({
    id: order.id,
    orderId: order.id,
    reference: orderReference(order.id),
    status: order.status,
    amount: penceToDecimal(order.totalPence),
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    lines: lines.filter((l) => l.entry.orderId === order.id).map((l) => orderLineView(l.entry, l.title, numbers.get(l.entry.id) ?? [])),
    creditUsed: penceToDecimal(order.creditPence),
    discount: penceToDecimal(order.discountPence),
    discountCode: order.discountCode,
    payment:
      order.paymentId && cardPenceOf(order) > 0
        ? { provider: order.paymentProvider ?? "unknown", brand: order.cardBrand, last4: order.cardLast4, funding: order.cardFunding }
        : null,
    refunds: given
      .filter((r) => r.orderId === order.id)
      .map((r) => ({
        amount: penceToDecimal(r.amountPence),
        reason: r.reason,
        at: r.createdAt.toISOString(),
        to: isCreditRefund(r.providerRefundId) ? ("site_credit" as const) : ("card" as const),
      })),
    nextAction: null,
    failureMessage: order.status === "failed" ? buyerFailureMessage(order.failureReason) : null,
    instantWins: lines.filter((l) => l.entry.orderId === order.id).flatMap((l) => won.get(l.entry.id) ?? []),
  }));
}

/** One order as its buyer sees it; `nextAction` while the buyer must authenticate. */
export async function loadOrderView(db: Tx, orderId: string, nextAction: NextActionView | null = null): Promise<OrderView> {
  const order = await first(db.select().from(orders).where(eq(orders.id, orderId)));
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  const view = (await viewsOf(db, [order]))[0]!;
  return { ...view, nextAction: order.status === "requires_action" ? nextAction : null };
}

const orderKey = keysetOf("orders");

/** GET /api/user/orders without a page (and the customer record): the newest this many. */
export const USER_ORDERS_UNPAGED_CAP = 200;
/** The largest page of GET /api/user/orders?page=&pageSize=. */
export const USER_ORDERS_PAGE_MAX = 50;
export const USER_ORDERS_PAGE_DEFAULT = 10;
/** Orders read (with their lines, numbers and refunds) at a time, between which other requests are answered. */
const ORDER_CHUNK = 25;

/**
 * Every order of the customer (or the newest `limit`), newest first, a chunk at a time: each chunk
 * one range of the (buyer, time) index, the event loop turning between chunks (exports, lists).
 */
export async function* userOrderChunks(db: Tx, userId: string, size = ORDER_CHUNK, limit = Infinity): AsyncGenerator<OrderView[]> {
  const read = (after: Keyset | null) =>
    db
      .select({ order: orders, at: orderKey.at, rowid: orderKey.rowid })
      .from(orders)
      .where(and(eq(orders.userId, userId), orderKey.before(after)))
      .orderBy(...orderKey.newestFirst)
      .limit(Math.min(size, limit));
  let left = limit;
  for await (const rows of keysetChunks(read, Math.min(size, limit))) {
    yield await viewsOf(
      db,
      rows.slice(0, left).map((r) => r.order),
    );
    left -= rows.length;
    if (left <= 0) return;
  }
}

export async function countUserOrders(db: Tx, userId: string): Promise<number> {
  return (await first(db.select({ n: count() }).from(orders).where(eq(orders.userId, userId))))!.n;
}

/** GET /api/user/orders without a page: the newest USER_ORDERS_UNPAGED_CAP, read a chunk at a time, and how many there are. */
export async function newestUserOrders(db: Tx, userId: string): Promise<{ items: OrderView[]; total: number }> {
  const items: OrderView[] = [];
  for await (const chunk of userOrderChunks(db, userId, ORDER_CHUNK, USER_ORDERS_UNPAGED_CAP)) items.push(...chunk);
  return { items, total: await countUserOrders(db, userId) };
}

/** GET /api/user/orders?page=&pageSize=: one page (the skip walks the buyer's index only), with the total. */
export async function userOrdersPage(db: Tx, userId: string, page: number, pageSize: number): Promise<UserOrdersPage> {
  const size = Math.min(pageSize, USER_ORDERS_PAGE_MAX);
  const ids = db
    .select({ rowid: orderKey.rowid })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(...orderKey.newestFirst)
    .limit(size)
    .offset((page - 1) * size);
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orderKey.rowid, ids))
    .orderBy(...orderKey.newestFirst);
  return { items: await viewsOf(db, rows), page, pageSize: size, total: await countUserOrders(db, userId) };
}

/** The back office's order page: the buyer's view plus who bought, refunds and disputes, and the pools' state. */
export async function loadAdminOrderView(db: Tx, orderId: string): Promise<AdminOrderView> {
  const order = await first(db.select().from(orders).where(eq(orders.id, orderId)));
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  const view = (await viewsOf(db, [order]))[0]!;
  const competitionIds = [...new Set(view.lines.map((l) => l.competitionId))];
  const frozen = new Set(
    competitionIds.length
      ? (await db.select({ id: draws.competitionId }).from(draws).where(inArray(draws.competitionId, competitionIds))).map((d) => d.id)
      : [],
  );
  return {
    ...view,
    // An account's order shows the account's email as it is now (where its mail goes); a guest order its own.
    customer: { userId: order.userId, name: order.customerName, email: (await accountEmailOf(db, order.userId)) ?? order.customerEmail },
    failureReason: order.failureReason,
    refunded: penceToDecimal(order.refundedPence),
    refundable: penceToDecimal(refundableOf(order)),
    dispute: order.disputeId ? { id: order.disputeId, status: order.disputeStatus } : null,
    pools: competitionIds.map((id) => ({ competitionId: id, frozen: frozen.has(id) })),
  };
}

async function accountEmailOf(db: Tx, userId: string | null): Promise<string | null> {
  return userId ? ((await first(db.select({ email: users.email }).from(users).where(eq(users.id, userId))))?.email ?? null) : null;
}

/** What a refund may still give back: nothing on an unpaid, fully refunded or disputed order. */
export function refundableOf(order: Order): number {
  return order.status === "paid" || order.status === "partially_refunded" ? Math.max(0, order.totalPence - order.refundedPence) : 0;
}

/** The order ids of one buyer, for the entries filter by order status. */
export async function orderOwnedBy(db: Tx, orderId: string, userId: string): Promise<boolean> {
  return !!(await first(
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId))),
  ));
}
