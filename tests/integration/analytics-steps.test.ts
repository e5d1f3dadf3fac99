import { randomUUID } from "node:crypto";
import { gte, sql, type AnyColumn } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { first, withTransaction } from "../../db/client";
import { entries } from "../../db/schema";
import { analytics, dashboard } from "../../src/server/services/reports/reports";
import { penceToDecimal } from "../../src/shared/money";
import { createCompetition } from "../factories/competitions";
import { createTestDb, sqlRows } from "../helpers/db";

/*
 * The dashboard and analytics add the entries up in steps of a few thousand rows (so no step holds
 * the server at 200,000 entries). Their answers must be those of one query over every entry: here
 * each figure is recomputed with such a query, over 9,500 entries (more than two steps) of six
 * competitions, paid, pending and failed, spread over the last 45 days.
 */
const db = createTestDb();
const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const competitionIds: string[] = [];
for (let i = 0; i < 6; i++) competitionIds.push((await createCompetition(db, { title: `Steps Competition ${i}` })).id);
const entryRow = (
  competitionId: string,
  ticketCount: number,
  amountPence: number,
  paymentStatus: "paid" | "pending" | "failed",
  at: number,
  discountPence = 0,
) => ({
  id: randomUUID(),
  competitionId,
  customerName: "Step Buyer",
  customerEmail: "step@example.test",
  ticketCount,
  amountPence,
  discountPence,
  paymentStatus,
  entryMethod: "online" as const,
  entryDate: new Date(at),
});
const rows = Array.from({ length: 9_500 }, (_, i) => {
  const status = i % 7 === 0 ? "failed" : i % 5 === 0 ? "pending" : "paid";
  const tickets = 1 + (i % 4);
  // Spread over 45 days, a few hours either side of midnight, so the local day and each window's edge matter.
  const at = now.getTime() - ((i * 7_919_993) % (45 * DAY)) - (i % 3) * 60_000;
  // Some bought with a discount code: what it took off is counted beside the revenue (which is after it).
  return entryRow(competitionIds[(i * 7) % 6]!, tickets, tickets * (100 + (i % 3) * 50), status, at, i % 11 === 0 ? 25 * tickets : 0);
});
await withTransaction(db, async (tx) => {
  for (let i = 0; i < rows.length; i += 500) await tx.insert(entries).values(rows.slice(i, i + 500));
});

const pad = (n: number) => String(n).padStart(2, "0");
/** The calendar day of a time in the server's time zone (YYYY-MM-DD). */
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The answers as single queries over every entry would give them. */
async function expected() {
  const paidOnly = (column: AnyColumn) => sql<number>`coalesce(sum(case when ${entries.paymentStatus} = 'paid' then ${column} end), 0)`;
  const countOf = (status: string) => sql<number>`coalesce(sum(case when ${entries.paymentStatus} = ${status} then 1 else 0 end), 0)`;
  const allRow = (await first(
    db
      .select({
        n: sql<number>`count(*)`,
        paid: countOf("paid"),
        pending: countOf("pending"),
        tickets: paidOnly(entries.ticketCount),
        pence: paidOnly(entries.amountPence),
        discount: paidOnly(entries.discountPence),
      })
      .from(entries),
  ))!;
  const all = {
    n: Number(allRow.n),
    paid: Number(allRow.paid),
    pending: Number(allRow.pending),
    tickets: Number(allRow.tickets),
    pence: Number(allRow.pence),
    discount: Number(allRow.discount),
  };
  const windowOf = async (since: number) => {
    const w = (await first(
      db
        .select({
          n: sql<number>`count(*)`,
          paid: countOf("paid"),
          tickets: paidOnly(entries.ticketCount),
          pence: paidOnly(entries.amountPence),
          discount: paidOnly(entries.discountPence),
        })
        .from(entries)
        .where(gte(entries.entryDate, new Date(since))),
    ))!;
    return {
      entries: Number(w.n),
      paidEntries: Number(w.paid),
      revenue: penceToDecimal(Number(w.pence)),
      discounts: penceToDecimal(Number(w.discount)),
      ticketsSold: Number(w.tickets),
    };
  };
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const top = await sqlRows<{ competitionId: string; title: string; pence: number; tickets: number }>(
    db,
    `select e.competition_id "competitionId", c.title, sum(e.amount_pence) pence, sum(e.ticket_count) tickets from entries e
       join competitions c on c.id = e.competition_id where e.payment_status = 'paid' group by e.competition_id, c.title order by pence desc, e.competition_id limit 5`,
  );
  // Every entry of the last 30 local days in one query, added up per local day.
  const recent = await db
    .select({ at: entries.entryDate, status: entries.paymentStatus, pence: entries.amountPence })
    .from(entries)
    .where(gte(entries.entryDate, new Date(midnight.getTime() - 29 * DAY)));
  const byDay = new Map<string, { n: number; pence: number }>();
  for (const r of recent) {
    const d = byDay.get(localDay(r.at)) ?? { n: 0, pence: 0 };
    d.n += 1;
    if (r.status === "paid") d.pence += r.pence;
    byDay.set(localDay(r.at), d);
  }
  const daily = [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, d]) => ({ day, ...d }));
  return {
    all,
    analytics: {
      totalEntries: all.n,
      paidEntries: all.paid,
      totalRevenue: penceToDecimal(all.pence),
      totalDiscounts: penceToDecimal(all.discount),
      entriesToday: (await windowOf(midnight.getTime())).entries,
      last7Days: await windowOf(now.getTime() - 7 * DAY),
      last30Days: await windowOf(now.getTime() - 30 * DAY),
      conversionRate: Math.round((all.paid / all.n) * 1000) / 10,
      averageTicketsPerPaidEntry: Math.round((all.tickets / all.paid) * 10) / 10,
      topCampaigns: top.map((t) => ({
        competitionId: t.competitionId,
        title: t.title,
        revenue: penceToDecimal(Number(t.pence)),
        ticketsSold: Number(t.tickets),
      })),
      daily: daily.map((d) => ({ day: d.day, entries: d.n, revenue: penceToDecimal(d.pence) })),
    },
  };
}

describe("analytics and the dashboard, added up in steps", () => {
  it("give the same figures as one query over all 9,500 entries", async () => {
    const want = await expected();
    expect(want.analytics.daily.length).toBeGreaterThanOrEqual(29);
    const got = await analytics(db, now);
    const { recentActivity, ...figures } = got;
    expect(figures).toEqual(want.analytics);
    expect(recentActivity).toHaveLength(10);
    const dash = await dashboard(db);
    expect(dash).toMatchObject({
      totalEntries: want.all.n,
      paidEntries: want.all.paid,
      pendingEntries: want.all.pending,
      totalRevenue: penceToDecimal(want.all.pence),
      totalDiscounts: penceToDecimal(want.all.discount),
    });
    expect(want.all.discount).toBeGreaterThan(0);
  });

  it("count an entry bought after the last step began (rowids past the old end) on the next asking", async () => {
    const before = await analytics(db, now);
    await db.insert(entries).values(entryRow(competitionIds[0]!, 2, 500, "paid", now.getTime()));
    const after = await analytics(db, now);
    expect(after.totalEntries).toBe(before.totalEntries + 1);
    expect(after.entriesToday).toBe(before.entriesToday + 1);
    expect(Number(after.totalRevenue)).toBeCloseTo(Number(before.totalRevenue) + 5, 2);
  });
});
