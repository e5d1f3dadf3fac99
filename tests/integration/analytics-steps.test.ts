import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { analytics, dashboard } from "../../src/server/services/reports/reports";
import { penceToDecimal } from "../../src/shared/money";
import { createCompetition } from "../factories/competitions";
import { createTestDb } from "../helpers/db";

/*
 * The dashboard and analytics add the entries up in steps of a few thousand rows (so no step holds
 * the server at 200,000 entries). Their answers must be those of one query over every entry: here
 * each figure is recomputed with such a query, over 9,500 entries (more than two steps) of six
 * competitions, paid, pending and failed, spread over the last 45 days.
 */
const db = createTestDb();
const sqlite = db.$client;
const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const competitionIds: string[] = [];
for (let i = 0; i < 6; i++) competitionIds.push((await createCompetition(db, { title: `Steps Competition ${i}` })).id);
const insert = sqlite.prepare(
  "insert into entries (id, competition_id, customer_name, customer_email, ticket_count, amount_pence, payment_status, entry_method, created_at) values (?, ?, 'Step Buyer', 'step@example.test', ?, ?, ?, 'online', ?)",
);
sqlite.transaction(() => {
  for (let i = 0; i < 9_500; i++) {
    const status = i % 7 === 0 ? "failed" : i % 5 === 0 ? "pending" : "paid";
    const tickets = 1 + (i % 4);
    // Spread over 45 days, a few hours either side of midnight, so the local day and each window's edge matter.
    const at = now.getTime() - ((i * 7_919_993) % (45 * DAY)) - (i % 3) * 60_000;
    insert.run(randomUUID(), competitionIds[(i * 7) % 6], tickets, tickets * (100 + (i % 3) * 50), status, at);
  }
})();

/** The answers as single queries over every entry would give them. */
function expected() {
  const one = <T>(sql: string, ...args: unknown[]) => sqlite.prepare(sql).get(...args) as T;
  const all = one<{ n: number; paid: number; tickets: number; pence: number; pending: number }>(
    `select count(*) n, sum(payment_status = 'paid') paid, sum(payment_status = 'pending') pending,
       coalesce(sum(case when payment_status = 'paid' then ticket_count end), 0) tickets,
       coalesce(sum(case when payment_status = 'paid' then amount_pence end), 0) pence from entries`,
  );
  const windowOf = (since: number) => {
    const w = one<{ n: number; paid: number; tickets: number; pence: number }>(
      `select count(*) n, coalesce(sum(payment_status = 'paid'), 0) paid,
         coalesce(sum(case when payment_status = 'paid' then ticket_count end), 0) tickets,
         coalesce(sum(case when payment_status = 'paid' then amount_pence end), 0) pence from entries where created_at >= ?`,
      since,
    );
    return { entries: w.n, paidEntries: w.paid, revenue: penceToDecimal(w.pence), ticketsSold: w.tickets };
  };
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const top = sqlite
    .prepare(
      `select e.competition_id competitionId, c.title, sum(e.amount_pence) pence, sum(e.ticket_count) tickets from entries e
       join competitions c on c.id = e.competition_id where e.payment_status = 'paid' group by e.competition_id order by pence desc, e.competition_id limit 5`,
    )
    .all() as Array<{ competitionId: string; title: string; pence: number; tickets: number }>;
  const daily = sqlite
    .prepare(
      `select strftime('%Y-%m-%d', created_at / 1000, 'unixepoch', 'localtime') day, count(*) n,
         coalesce(sum(case when payment_status = 'paid' then amount_pence end), 0) pence from entries where created_at >= ? group by 1 order by 1`,
    )
    .all(midnight.getTime() - 29 * DAY) as Array<{ day: string; n: number; pence: number }>;
  return {
    all,
    analytics: {
      totalEntries: all.n,
      paidEntries: all.paid,
      totalRevenue: penceToDecimal(all.pence),
      entriesToday: windowOf(midnight.getTime()).entries,
      last7Days: windowOf(now.getTime() - 7 * DAY),
      last30Days: windowOf(now.getTime() - 30 * DAY),
      conversionRate: Math.round((all.paid / all.n) * 1000) / 10,
      averageTicketsPerPaidEntry: Math.round((all.tickets / all.paid) * 10) / 10,
      topCampaigns: top.map((t) => ({ competitionId: t.competitionId, title: t.title, revenue: penceToDecimal(t.pence), ticketsSold: t.tickets })),
      daily: daily.map((d) => ({ day: d.day, entries: d.n, revenue: penceToDecimal(d.pence) })),
    },
  };
}

describe("analytics and the dashboard, added up in steps", () => {
  it("give the same figures as one query over all 9,500 entries", async () => {
    const want = expected();
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
    });
  });

  it("count an entry bought after the last step began (rowids past the old end) on the next asking", async () => {
    const before = await analytics(db, now);
    insert.run(randomUUID(), competitionIds[0], 2, 500, "paid", now.getTime());
    const after = await analytics(db, now);
    expect(after.totalEntries).toBe(before.totalEntries + 1);
    expect(after.entriesToday).toBe(before.entriesToday + 1);
    expect(Number(after.totalRevenue)).toBeCloseTo(Number(before.totalRevenue) + 5, 2);
  });
});
