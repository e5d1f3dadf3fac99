import { and, asc, count, desc, eq, gt, like, or, sql } from "drizzle-orm";
import { first, type Db } from "../../../../db/client";
import { auditLog, contactMessages, customerNotes, orders, sessions, users } from "../../../../db/schema";
import { penceToDecimal } from "../../../shared/money";
import { AppError } from "../../errors";
import { confirmationLine, orderConfirmationMail } from "../../mail/templates";
import { enqueueMail } from "../../mail/outbox";
import { audited, type Actor } from "../audit";
import { listCustomerClaims } from "../claims";
import { toCustomerProfile } from "../auth";
import { listUserWins, newestUserEntries } from "../entries";
import { nextTurn } from "../paging/batches";
import { getLimits } from "../protection/limits";
import { loadOrderView, newestUserOrders } from "../purchase";

export const CUSTOMERS_PAGE_SIZE = 25;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** `%term%` for LIKE, with the wildcards a person might type taken literally. */
function likeTerm(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Staff find a customer by name, email, postcode or phone. A postcode or phone matches with or
 * without its spaces ("SY23 1AB" and "sy231ab" alike).
 */
export async function listCustomers(db: Db, args: { search?: string; page?: number }) {
  const search = args.search?.trim() ?? "";
  const page = Math.max(1, args.page ?? 1);
  let where = undefined;
  if (search) {
    const term = likeTerm(search);
    const compact = likeTerm(search.replace(/\s+/g, ""));
    where = or(
      sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${term} escape '\\'`,
      like(users.email, term),
      sql`lower(replace(coalesce(${users.postcode}, ''), ' ', '')) like ${compact} escape '\\'`,
      sql`replace(coalesce(${users.phone}, ''), ' ', '') like ${compact} escape '\\'`,
    );
  }
  const total = (await first(db.select({ n: count() }).from(users).where(where)))!.n;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(CUSTOMERS_PAGE_SIZE)
    .offset((page - 1) * CUSTOMERS_PAGE_SIZE);
  return {
    customers: rows.map((u) => ({
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: u.phone,
      postcode: u.postcode,
      city: u.city,
      role: u.role,
      emailVerified: u.emailVerified,
      isActive: u.isActive,
      createdAt: u.createdAt.toISOString(),
    })),
    total,
    page,
    pageSize: CUSTOMERS_PAGE_SIZE,
  };
}

/** The whole record staff need to answer "where are my tickets?" in one read. */
/**
 * Orders: the newest 200; entries: the newest 1,000 (each read a chunk at a time, other requests
 * answered between chunks); the customer's own export and the admin entries search have every one.
 */
export async function getCustomer(db: Db, userId: string, now = new Date()) {
  const user = await first(db.select().from(users).where(eq(users.id, userId)));
  if (!user) throw new AppError("NOT_FOUND", "Customer not found");
  const activeSessions = (await first(
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now))),
  ))!.n;
  const complaints = (await db.select().from(contactMessages).where(eq(contactMessages.email, user.email)).orderBy(desc(contactMessages.createdAt))).map(
    (m) => ({ id: m.id, kind: m.kind, reference: m.reference, subject: m.subject, status: m.status, createdAt: m.createdAt.toISOString() }),
  );
  const audit = (
    await db
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.targetId, userId), sql`${auditLog.details} ->> 'userId' = ${userId}`))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(100)
  ).map((a) => ({ id: a.id, action: a.action, actorEmail: a.actorEmail, reason: a.reason, createdAt: a.createdAt.toISOString() }));
  const notes = (
    await db.select().from(customerNotes).where(eq(customerNotes.userId, userId)).orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
  ).map((n) => ({ id: n.id, text: n.text, authorEmail: n.authorEmail, createdAt: n.createdAt.toISOString() }));
  const orderList = (await newestUserOrders(db, userId)).items;
  const entryList = (await newestUserEntries(db, userId)).items;
  // Other requests are answered between the record's larger reads (a long-time customer's wins, then their spending).
  await nextTurn();
  const wins = await listUserWins(db, userId);
  await nextTurn();
  const limits = await getLimits(db, userId, now);
  const claims = await listCustomerClaims(db, user, now);
  return {
    profile: toCustomerProfile(user),
    orders: orderList,
    entries: entryList,
    wins,
    claims,
    protection: {
      ...limits,
      restricted: user.restrictedAt !== null,
      restrictionReason: user.restrictionReason,
      suspendedUntil: iso(user.suspendedUntil),
      suspensionKind: user.suspensionKind,
    },
    complaints,
    activeSessions,
    audit,
    notes,
  };
}

export function addCustomerNote(db: Db, actor: Actor, userId: string, text: string, now = new Date()) {
  return audited(
    db,
    actor,
    async (tx) => {
      if (!(await first(tx.select({ id: users.id }).from(users).where(eq(users.id, userId))))) throw new AppError("NOT_FOUND", "Customer not found");
      const row = (await first(tx.insert(customerNotes).values({ userId, authorId: actor.id, authorEmail: actor.email, text, createdAt: now }).returning()))!;
      return { id: row.id, text: row.text, authorEmail: row.authorEmail, createdAt: row.createdAt.toISOString() };
    },
    (note) => ({ action: "admin.customers.addNote", targetType: "user", targetId: userId, details: { userId, noteId: note.id, text } }),
  );
}

/** "I never got my tickets": the paid order's confirmation, with its ticket numbers, sent again to the buyer. */
export function resendOrderConfirmation(db: Db, actor: Actor, orderId: string) {
  return audited(
    db,
    actor,
    async (tx) => {
      const order = await first(tx.select().from(orders).where(eq(orders.id, orderId)));
      if (!order) throw new AppError("NOT_FOUND", "Order not found");
      if (order.status !== "paid" && order.status !== "partially_refunded") {
        throw new AppError("INVALID_STATE", "Only a paid order has a confirmation to send again.");
      }
      const view = await loadOrderView(tx, order.id);
      // An account's order goes to the account's email as it is now; a guest order to its own.
      const to = (order.userId && (await first(tx.select({ email: users.email }).from(users).where(eq(users.id, order.userId))))?.email) || order.customerEmail;
      await enqueueMail(tx, {
        ...orderConfirmationMail({
          to,
          name: order.customerName,
          orderId: order.id,
          total: penceToDecimal(order.totalPence),
          creditUsed: view.creditUsed,
          ...(order.discountPence > 0 ? { discount: view.discount, discountCode: order.discountCode } : {}),
          lines: view.lines.map(confirmationLine),
        }),
        userId: order.userId,
      });
      return { ok: true as const, to, userId: order.userId };
    },
    (r) => ({ action: "admin.customers.resendConfirmation", targetType: "order", targetId: orderId, details: { orderId, to: r.to, userId: r.userId } }),
  );
}
