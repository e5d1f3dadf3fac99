import { and, desc, eq, gte, isNull, like, lte, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { first, type Db } from "../../../../db/client";
import { dialectOf } from "../../../../db/dialect";
import { competitions, contactMessages, entries, orders, users, winners } from "../../../../db/schema";
import { penceToDecimal } from "../../../shared/money";
import type { AdminEntry, entryFilters } from "../../../shared/schemas/admin";
import { listOutbox } from "../../mail/outbox";
import { nextTurn } from "../paging/batches";
import type { Download } from "../paging/download";
import { keysetOf, type Keyset } from "../paging/keyset";
import { ticketNumbersByEntry } from "../competitions/tickets";
import { creditOwed } from "../wallet";

const DAY = 24 * 60 * 60 * 1000;

async function entryRows(db: Db, where: SQL | undefined, limit?: number, offset = 0): Promise<AdminEntry[]> {
  const query = db
    .select({ e: entries, title: competitions.title, orderStatus: orders.status, accountEmail: users.email })
    .from(entries)
    .innerJoin(competitions, eq(entries.competitionId, competitions.id))
    .leftJoin(orders, eq(entries.orderId, orders.id))
    .leftJoin(users, eq(users.id, entries.userId))
    .where(where)
    .orderBy(...keysetOf("entries").newestFirst);
  const rows = limit === undefined ? await query : await query.limit(limit).offset(offset);
  const numbers = await ticketNumbersByEntry(
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

export async function searchEntries(db: Db, f: z.output<typeof entryFilters>) {
  const where = filterWhere(f);
  const total = Number(
    (
      await first(
        db
          .select({ n: sql<number>`count(*)` })
          .from(entries)
          .where(where),
      )
    )?.n ?? 0,
  );
  return { total, page: f.page, pageSize: f.pageSize, items: await entryRows(db, where, f.pageSize, (f.page - 1) * f.pageSize) };
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
    const edge: Keyset | undefined = await first(
      db
        .select({ at: entryKey.at, rowid: entryKey.rowid })
        .from(entries)
        .where(and(scope, entryKey.before(after)))
        .orderBy(...entryKey.newestFirst)
        .limit(1)
        .offset(EXPORT_WINDOW - 1),
    );
    const rows = await entryRows(db, and(where, entryKey.before(after), entryKey.notBefore(edge ?? null)));
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
async function owedSummary(db: Db) {
  const owed = await creditOwed(db);
  return {
    total: penceToDecimal(owed.totalPence),
    customerCount: owed.customers.length,
    customers: owed.customers.slice(0, 10).map((c) => ({ id: c.id, email: c.email, owed: penceToDecimal(c.owedPence) })),
  };
}

/** Entries summed per step of the totals below: a range of the table's rowids, so one step reads at most this many rows. */
const TOTALS_STEP = 4_000;

interface Totals {
  entries: number;
  paid: number;
  pending: number;
  paidTickets: number;
  revenuePence: number;
  /** What discount codes took off the paid entries (revenue is after it). */
  discountPence: number;
}
const noTotals = (): Totals => ({ entries: 0, paid: 0, pending: 0, paidTickets: 0, revenuePence: 0, discountPence: 0 });

/** What the dashboard and analytics add up over every entry, with the windows analytics asks about. */
interface EntrySums {
  all: Totals;
  /** Paid revenue and tickets by competition. */
  byCompetition: Map<string, { revenuePence: number; tickets: number }>;
  /** From `dailySince` on, per local day (YYYY-MM-DD): entries and paid revenue. */
  daily: Map<string, { entries: number; revenuePence: number }>;
  /** Entries since each of `windows`' times. */
  windows: Totals[];
}

/**
 * Every entry summed, grouped in SQL. On SQLite, TOTALS_STEP rows at a time (each step one range of the
 * table's row numbers), the event loop turning between steps: the figures are those of one query over
 * everything, but no step holds the server for long however many entries there are (each step is one
 * synchronous statement on the connection). On PostgreSQL, which works in its own processes, one query.
 */
async function sumEntries(db: Db, { dailySince, windows }: { dailySince: Date | null; windows: Date[] }): Promise<EntrySums> {
  const sums: EntrySums = { all: noTotals(), byCompetition: new Map(), daily: new Map(), windows: windows.map(noTotals) };
  const { dayOf, rowNumber } = dialectOf(db);
  const fields: Record<string, SQL | SQLiteColumn> = {
    competitionId: entries.competitionId,
    status: entries.paymentStatus,
    day: dailySince ? sql<string | null>`case when ${gte(entries.entryDate, dailySince)} then ${dayOf(entries.entryDate)} end` : sql<null>`null`,
  };
  windows.forEach((w, i) => (fields[`w${i}`] = sql<boolean>`${gte(entries.entryDate, w)}`));
  const grouped = Object.keys(fields).length;
  fields.n = sql<number>`count(*)`;
  fields.tickets = sql<number>`coalesce(sum(${entries.ticketCount}), 0)`;
  fields.pence = sql<number>`coalesce(sum(${entries.amountPence}), 0)`;
  fields.discount = sql<number>`coalesce(sum(${entries.discountPence}), 0)`;
  // Grouped by position: the same expressions with their own parameters, on every engine.
  const groupBy = sql.raw(Array.from({ length: grouped }, (_, i) => i + 1).join(", "));
  const sumsOf = (where: SQL | undefined) =>
    db.select(fields).from(entries).where(where).groupBy(groupBy) as unknown as Promise<Array<Record<string, string | number | boolean | null>>>;
  const add = (t: Totals, n: number, status: string, tickets: number, pence: number, discount: number) => {
    t.entries += n;
    if (status === "pending") t.pending += n;
    if (status !== "paid") return;
    t.paid += n;
    t.paidTickets += tickets;
    t.revenuePence += pence;
    t.discountPence += discount;
  };
  // On SQLite, TOTALS_STEP rows at a time, each range one statement; elsewhere one query.
  const last = rowNumber ? Number((await first(db.select({ n: sql<number | null>`max(${rowNumber})` }).from(entries)))?.n ?? 0) : 0;
  const ranges = rowNumber ? Array.from({ length: Math.ceil(last / TOTALS_STEP) }, (_, i) => i * TOTALS_STEP) : [null];
  for (const from of ranges) {
    const rows = await sumsOf(from === null || !rowNumber ? undefined : sql`${rowNumber} > ${from} and ${rowNumber} <= ${from + TOTALS_STEP}`);
    for (const r of rows) {
      const n = Number(r.n);
      const status = String(r.status);
      const tickets = Number(r.tickets);
      const pence = Number(r.pence);
      const discount = Number(r.discount);
      add(sums.all, n, status, tickets, pence, discount);
      windows.forEach((_, i) => r[`w${i}`] && add(sums.windows[i]!, n, status, tickets, pence, discount));
      if (status === "paid") {
        const c = sums.byCompetition.get(String(r.competitionId)) ?? { revenuePence: 0, tickets: 0 };
        c.revenuePence += pence;
        c.tickets += tickets;
        sums.byCompetition.set(String(r.competitionId), c);
      }
      if (r.day !== null) {
        const d = sums.daily.get(String(r.day)) ?? { entries: 0, revenuePence: 0 };
        d.entries += n;
        if (status === "paid") d.revenuePence += pence;
        sums.daily.set(String(r.day), d);
      }
    }
    await nextTurn();
  }
  return sums;
}

export async function dashboard(db: Db) {
  const e = (await sumEntries(db, { dailySince: null, windows: [] })).all;
  const c = (await first(
    db
      .select({
        active: sql<number>`sum(case when ${competitions.status} = 'active' then 1 else 0 end)`,
        closed: sql<number>`sum(case when ${competitions.status} = 'closed' then 1 else 0 end)`,
      })
      .from(competitions),
  ))!;
  const w = (await first(
    db
      .select({ n: sql<number>`count(*)` })
      .from(winners)
      .where(isNull(winners.voidedAt)),
  ))!;
  return {
    totalEntries: e.entries,
    paidEntries: e.paid,
    pendingEntries: e.pending,
    totalRevenue: penceToDecimal(e.revenuePence),
    totalDiscounts: penceToDecimal(e.discountPence),
    activeCompetitions: Number(c.active ?? 0),
    closedCompetitions: Number(c.closed ?? 0),
    totalWinners: Number(w.n),
    creditOwed: await owedSummary(db),
    recentEntries: await entryRows(db, undefined, 10),
  };
}

const windowView = (t: Totals) => ({
  entries: t.entries,
  paidEntries: t.paid,
  revenue: penceToDecimal(t.revenuePence),
  discounts: penceToDecimal(t.discountPence),
  ticketsSold: t.paidTickets,
});

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * Every figure is a sum over the entries, made in steps of TOTALS_STEP rows (sumEntries), so no
 * query loads every entry and other requests are answered between steps.
 */
export async function analytics(db: Db, now = new Date()) {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const since30 = new Date(midnight.getTime() - 29 * DAY);
  const sums = await sumEntries(db, {
    dailySince: since30,
    windows: [midnight, new Date(now.getTime() - 7 * DAY), new Date(now.getTime() - 30 * DAY)],
  });
  const [today, last7Days, last30Days] = sums.windows as [Totals, Totals, Totals];
  const { entries: total, paid } = sums.all;
  // The five competitions that took the most (ties by id), with their titles.
  const ranked = [...sums.byCompetition.entries()].sort(([a, x], [b, y]) => y.revenuePence - x.revenuePence || (a < b ? -1 : a > b ? 1 : 0));
  const top: Array<{ competitionId: string; title: string; revenuePence: number; tickets: number }> = [];
  for (const [competitionId, t] of ranked) {
    if (top.length === 5) break;
    const title = (await first(db.select({ title: competitions.title }).from(competitions).where(eq(competitions.id, competitionId))))?.title;
    if (title !== undefined) top.push({ competitionId, title, ...t });
  }
  return {
    totalEntries: total,
    paidEntries: paid,
    totalRevenue: penceToDecimal(sums.all.revenuePence),
    totalDiscounts: penceToDecimal(sums.all.discountPence),
    entriesToday: today.entries,
    last7Days: windowView(last7Days),
    last30Days: windowView(last30Days),
    conversionRate: total ? oneDecimal((paid / total) * 100) : 0,
    averageTicketsPerPaidEntry: paid ? oneDecimal(sums.all.paidTickets / paid) : 0,
    topCampaigns: top.map((t) => ({ competitionId: t.competitionId, title: t.title, revenue: penceToDecimal(t.revenuePence), ticketsSold: t.tickets })),
    recentActivity: await entryRows(db, undefined, 10),
    daily: [...sums.daily.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, d]) => ({ day, entries: d.entries, revenue: penceToDecimal(d.revenuePence) })),
  };
}

export async function listMessages(db: Db) {
  return (await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(500)).map((m) => ({
    ...m,
    createdAt: m.createdAt.toISOString(),
  }));
}

export async function listMail(db: Db) {
  return (await listOutbox(db, 500)).map((m) => ({
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
