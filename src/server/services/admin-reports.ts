import { and, desc, eq, gte, isNull, like, lte, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { competitions, contactMessages, entries, orders, users, winners } from "../../../db/schema";
import { penceToDecimal } from "../../shared/money";
import type { AdminEntry, entryFilters } from "../../shared/schemas/admin";
import { listOutbox } from "../mail/outbox";
import { nextTurn } from "./paging/batches";
import type { Download } from "./paging/download";
import { keysetOf, type Keyset } from "./paging/keyset";
import { ticketNumbersByEntry } from "./tickets";
import { creditOwed } from "./wallet";

const DAY = 24 * 60 * 60 * 1000;

function entryRows(db: Db, where: SQL | undefined, limit?: number, offset = 0): AdminEntry[] {
  const query = db
    .select({ e: entries, title: competitions.title, orderStatus: orders.status, accountEmail: users.email })
    .from(entries)
    .innerJoin(competitions, eq(entries.competitionId, competitions.id))
    .leftJoin(orders, eq(entries.orderId, orders.id))
    .leftJoin(users, eq(users.id, entries.userId))
    .where(where)
    .orderBy(...keysetOf("entries").newestFirst);
  const rows = limit === undefined ? query.all() : query.limit(limit).offset(offset).all();
  const numbers = ticketNumbersByEntry(
    db,
    rows.map((r) => r.e.id),
  );
  return rows.map(({ e, title, orderStatus, accountEmail }) => ({
    id: e.id,
    competitionId: e.competitionId,
    competitionTitle: title,
    orderId: e.orderId,
    userId: e.userId,
    customerName: e.customerName,
    // An account's entry shows the account's email as it is now; a guest's the one typed at checkout.
    customerEmail: accountEmail ?? e.customerEmail,
    ticketCount: e.ticketCount,
    ticketNumbers: numbers.get(e.id) ?? [],
    amount: penceToDecimal(e.amountPence),
    paymentStatus: e.paymentStatus,
    orderStatus: orderStatus ?? null,
    entryMethod: e.entryMethod,
    postalReference: e.postalReference,
    entryDate: e.entryDate.toISOString(),
  }));
}

function filterWhere(f: z.output<typeof entryFilters>): SQL | undefined {
  const parts: SQL[] = [];
  if (f.competitionId) parts.push(eq(entries.competitionId, f.competitionId));
  if (f.paymentStatus) parts.push(eq(entries.paymentStatus, f.paymentStatus));
  if (f.entryMethod) parts.push(eq(entries.entryMethod, f.entryMethod));
  if (f.orderStatus) parts.push(sql`${entries.orderId} in (select ${orders.id} from ${orders} where ${orders.status} = ${f.orderStatus})`);
  if (f.from && !Number.isNaN(Date.parse(f.from))) parts.push(gte(entries.entryDate, new Date(f.from)));
  if (f.to && !Number.isNaN(Date.parse(f.to))) parts.push(lte(entries.entryDate, new Date(Date.parse(f.to) + (f.to.length <= 10 ? DAY - 1 : 0))));
  if (f.search) {
    const term = `%${f.search.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    parts.push(
      or(
        sql`lower(${entries.customerName}) like ${term} escape '\\'`,
        like(entries.customerEmail, term),
        // The address an account uses now finds its entries made under an earlier one.
        sql`${entries.userId} in (select ${users.id} from ${users} where ${users.email} like ${term} escape '\\')`,
      )!,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

export function searchEntries(db: Db, f: z.output<typeof entryFilters>) {
  const where = filterWhere(f);
  const total = Number(
    db
      .select({ n: sql<number>`count(*)` })
      .from(entries)
      .where(where)
      .get()?.n ?? 0,
  );
  return { total, page: f.page, pageSize: f.pageSize, items: entryRows(db, where, f.pageSize, (f.page - 1) * f.pageSize) };
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? "" : String(v);
  // A leading =, +, - or @ would be run as a formula by spreadsheet software.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const ENTRIES_CSV_HEADER = ["Ticket", "Competition", "Name", "Email", "Method", "Payment", "Amount", "Entry date", "Entry id"].join(",");
/** Entries looked at per chunk of an export (matching or not), so a chunk's work is bounded whatever the filters. */
const EXPORT_WINDOW = 100;
const entryKey = keysetOf("entries");

/**
 * Every matching entry, newest first, a window of the index at a time: the window is the next
 * EXPORT_WINDOW entries of the competition (or of the shop), the filters are applied within it,
 * and the event loop turns between windows.
 */
async function* matchingEntryChunks(db: Db, f: z.output<typeof entryFilters>): AsyncGenerator<AdminEntry[]> {
  const scope = f.competitionId ? eq(entries.competitionId, f.competitionId) : undefined;
  const where = filterWhere(f);
  let after: Keyset | null = null;
  for (;;) {
    // The oldest entry of this window; none when fewer than a window are left.
    const edge = db
      .select({ at: entryKey.at, rowid: entryKey.rowid })
      .from(entries)
      .where(and(scope, entryKey.before(after)))
      .orderBy(...entryKey.newestFirst)
      .limit(1)
      .offset(EXPORT_WINDOW - 1)
      .get();
    const rows = entryRows(db, and(where, entryKey.before(after), entryKey.notBefore(edge ?? null)));
    if (rows.length) yield rows;
    if (!edge) return;
    after = edge;
    await nextTurn();
  }
}

/** Every matching entry, one row per ticket, for reading out at the live draw: all of them, written as they are read. */
export function entriesCsv(db: Db, f: z.output<typeof entryFilters>): Download {
  async function* body(): AsyncGenerator<string> {
    yield `${ENTRIES_CSV_HEADER}\n`;
    for await (const chunk of matchingEntryChunks(db, f)) {
      const lines: string[] = [];
      for (const r of chunk) {
        const rest = [r.competitionTitle, r.customerName, r.customerEmail, r.entryMethod, r.paymentStatus, r.amount, r.entryDate, r.id].map(csvCell).join(",");
        for (const t of r.ticketNumbers.length ? r.ticketNumbers : [""]) lines.push(`${csvCell(t)},${rest}`);
      }
      yield `${lines.join("\n")}\n`;
    }
  }
  return { filename: `entries-${new Date().toISOString().slice(0, 10)}.csv`, body: body() };
}

/** Instant prize credit spent before its winning entry was refunded or disputed, still owed (the dashboard shows the ten largest). */
function owedSummary(db: Db) {
  const owed = creditOwed(db);
  return {
    total: penceToDecimal(owed.totalPence),
    customerCount: owed.customers.length,
    customers: owed.customers.slice(0, 10).map((c) => ({ id: c.id, email: c.email, owed: penceToDecimal(c.owedPence) })),
  };
}

export function dashboard(db: Db) {
  const e = db
    .select({
      total: sql<number>`count(*)`,
      paid: sql<number>`sum(case when ${entries.paymentStatus} = 'paid' then 1 else 0 end)`,
      pending: sql<number>`sum(case when ${entries.paymentStatus} = 'pending' then 1 else 0 end)`,
      revenue: sql<number>`coalesce(sum(case when ${entries.paymentStatus} = 'paid' then ${entries.amountPence} else 0 end), 0)`,
    })
    .from(entries)
    .get()!;
  const c = db
    .select({
      active: sql<number>`sum(case when ${competitions.status} = 'active' then 1 else 0 end)`,
      closed: sql<number>`sum(case when ${competitions.status} = 'closed' then 1 else 0 end)`,
    })
    .from(competitions)
    .get()!;
  const w = db
    .select({ n: sql<number>`count(*)` })
    .from(winners)
    .where(isNull(winners.voidedAt))
    .get()!;
  return {
    totalEntries: Number(e.total),
    paidEntries: Number(e.paid ?? 0),
    pendingEntries: Number(e.pending ?? 0),
    totalRevenue: penceToDecimal(Number(e.revenue)),
    activeCompetitions: Number(c.active ?? 0),
    closedCompetitions: Number(c.closed ?? 0),
    totalWinners: Number(w.n),
    creditOwed: owedSummary(db),
    recentEntries: entryRows(db, undefined, 10),
  };
}

function windowStats(db: Db, since: Date) {
  const r = db
    .select({
      entries: sql<number>`count(*)`,
      paid: sql<number>`sum(case when ${entries.paymentStatus} = 'paid' then 1 else 0 end)`,
      revenue: sql<number>`coalesce(sum(case when ${entries.paymentStatus} = 'paid' then ${entries.amountPence} else 0 end), 0)`,
      tickets: sql<number>`coalesce(sum(case when ${entries.paymentStatus} = 'paid' then ${entries.ticketCount} else 0 end), 0)`,
    })
    .from(entries)
    .where(gte(entries.entryDate, since))
    .get()!;
  return { entries: Number(r.entries), paidEntries: Number(r.paid ?? 0), revenue: penceToDecimal(Number(r.revenue)), ticketsSold: Number(r.tickets) };
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * Every figure is an aggregate in SQL; no query loads every entry. Each aggregate reads every entry
 * of its window, so other requests are answered between them.
 */
export async function analytics(db: Db, now = new Date()) {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const all = db
    .select({
      entries: sql<number>`count(*)`,
      paid: sql<number>`sum(case when ${entries.paymentStatus} = 'paid' then 1 else 0 end)`,
      paidTickets: sql<number>`coalesce(sum(case when ${entries.paymentStatus} = 'paid' then ${entries.ticketCount} else 0 end), 0)`,
      revenue: sql<number>`coalesce(sum(case when ${entries.paymentStatus} = 'paid' then ${entries.amountPence} else 0 end), 0)`,
    })
    .from(entries)
    .get()!;
  const total = Number(all.entries);
  const paid = Number(all.paid ?? 0);
  await nextTurn();
  const top = db
    .select({
      competitionId: entries.competitionId,
      title: competitions.title,
      revenue: sql<number>`sum(${entries.amountPence})`,
      tickets: sql<number>`sum(${entries.ticketCount})`,
    })
    .from(entries)
    .innerJoin(competitions, eq(entries.competitionId, competitions.id))
    .where(eq(entries.paymentStatus, "paid"))
    .groupBy(entries.competitionId)
    .orderBy(desc(sql`sum(${entries.amountPence})`))
    .limit(5)
    .all();
  await nextTurn();
  const since30 = new Date(midnight.getTime() - 29 * DAY);
  const daily = db
    .select({
      day: sql<string>`strftime('%Y-%m-%d', ${entries.entryDate} / 1000, 'unixepoch', 'localtime')`,
      entries: sql<number>`count(*)`,
      revenue: sql<number>`coalesce(sum(case when ${entries.paymentStatus} = 'paid' then ${entries.amountPence} else 0 end), 0)`,
    })
    .from(entries)
    .where(gte(entries.entryDate, since30))
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .all();
  await nextTurn();
  const today = windowStats(db, midnight);
  await nextTurn();
  const last7Days = windowStats(db, new Date(now.getTime() - 7 * DAY));
  await nextTurn();
  const last30Days = windowStats(db, new Date(now.getTime() - 30 * DAY));
  await nextTurn();
  return {
    totalEntries: total,
    paidEntries: paid,
    totalRevenue: penceToDecimal(Number(all.revenue)),
    entriesToday: today.entries,
    last7Days,
    last30Days,
    conversionRate: total ? oneDecimal((paid / total) * 100) : 0,
    averageTicketsPerPaidEntry: paid ? oneDecimal(Number(all.paidTickets) / paid) : 0,
    topCampaigns: top.map((t) => ({
      competitionId: t.competitionId,
      title: t.title,
      revenue: penceToDecimal(Number(t.revenue)),
      ticketsSold: Number(t.tickets),
    })),
    recentActivity: entryRows(db, undefined, 10),
    daily: daily.map((d) => ({ day: d.day, entries: Number(d.entries), revenue: penceToDecimal(Number(d.revenue)) })),
  };
}

export function listMessages(db: Db) {
  return db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt))
    .limit(500)
    .all()
    .map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}

export function listMail(db: Db) {
  return listOutbox(db, 500).map((m) => ({
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: m.text,
    status: m.status,
    attempts: m.attempts,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
  }));
}
