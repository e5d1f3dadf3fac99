import { and, count, eq, lte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changed, first, type Tx } from "../../db/client";
import { openPostgres, type PgDb } from "../../db/postgres";
import { usePostgresCodecs, usingPostgresCodecs } from "../../db/postgres-codecs";
import { competitions, sessions, settings, users } from "../../db/schema";
import { createTestDb } from "../helpers/db";
import { startPostgres, type TestPostgres } from "../helpers/postgres";

// The services' queries are written once, against the description's (SQLite) tables. On PostgreSQL they
// run through Drizzle's PostgreSQL database, each column carrying its derived twin's codecs
// (db/postgres-codecs.ts, decision 015): the same queries give a service the same values on both engines.

const now = new Date("2026-11-27T20:00:00.123Z");

/** What a service does and reads, on one engine: the same calls, their answers as a service sees them. */
async function servicePatterns(db: Tx) {
  const user = await first(db.insert(users).values({ email: "jo@example.test", passwordHash: "h", firstName: "Jo", lastName: "Field" }).returning());
  const base = {
    description: "A tractor",
    image: "/images/tractor.jpg",
    category: "machinery",
    pricePence: 250,
    startDate: new Date(now.getTime() - 86_400_000),
    drawDate: new Date(now.getTime() + 86_400_000),
    qualifyingQuestion: "What colour is grass?",
    qualifyingAnswer: "green",
  };
  const ended = await first(
    db
      .insert(competitions)
      .values({ ...base, title: "Ended", endDate: new Date(now.getTime() - 1), maxTickets: 100, priceTiers: [{ minQuantity: 5, pricePence: 200 }] })
      .returning(),
  );
  const running = await first(
    db
      .insert(competitions)
      .values({ ...base, title: "Running", endDate: new Date(now.getTime() + 3_600_000), maxTickets: 2 })
      .returning(),
  );
  // A time compared in SQL, a flag, and a fragment of SQL over two columns.
  const ending = await db
    .select({ title: competitions.title, endDate: competitions.endDate })
    .from(competitions)
    .where(and(eq(competitions.status, "active"), lte(competitions.endDate, now), sql`${competitions.soldTickets} < ${competitions.maxTickets}`));
  const sold = changed(
    await db
      .update(competitions)
      .set({ soldTickets: sql`${competitions.soldTickets} + 2`, updatedAt: now })
      .where(and(eq(competitions.id, running!.id), sql`${competitions.soldTickets} + 2 <= ${competitions.maxTickets}`)),
  );
  const soldAgain = changed(
    await db
      .update(competitions)
      .set({ soldTickets: sql`${competitions.soldTickets} + 2` })
      .where(and(eq(competitions.id, running!.id), sql`${competitions.soldTickets} + 2 <= ${competitions.maxTickets}`)),
  );
  const firstWrite = changed(await db.insert(settings).values({ key: "guest", value: "true", category: "general" }).onConflictDoNothing());
  const secondWrite = changed(await db.insert(settings).values({ key: "guest", value: "false", category: "general" }).onConflictDoNothing());
  await db
    .insert(settings)
    .values({ key: "guest", value: "false", category: "general" })
    .onConflictDoUpdate({ target: settings.key, set: { value: "no" } });
  const withSessions = await db
    .select({ email: users.email, session: sessions.id })
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(eq(users.email, "jo@example.test"));
  const active = await db.select({ n: count() }).from(users).where(eq(users.isActive, true));
  const totals = await first(db.select({ pence: sql<number>`coalesce(sum(${competitions.pricePence}), 0)` }).from(competitions));
  const readBack = await first(db.select().from(competitions).where(eq(competitions.id, ended!.id)));
  await db.insert(sessions).values({ id: "s1", userId: user!.id, expiresAt: new Date(now.getTime() + 1000) });
  const live = await db.$count(sessions, lte(sessions.expiresAt, new Date(now.getTime() + 1000)));
  return {
    user: {
      email: user!.email,
      role: user!.role,
      isActive: user!.isActive,
      emailVerified: user!.emailVerified,
      country: user!.country,
      createdAtIsDate: user!.createdAt instanceof Date,
    },
    ending,
    sold,
    soldAgain,
    soldTickets: (await first(db.select({ n: competitions.soldTickets }).from(competitions).where(eq(competitions.id, running!.id))))!.n,
    writes: [firstWrite, secondWrite],
    setting: (await first(db.select({ value: settings.value }).from(settings).where(eq(settings.key, "guest"))))!.value,
    sessions: withSessions,
    active: Number(active[0]!.n),
    totalPence: Number(totals!.pence),
    priceTiers: readBack!.priceTiers,
    endDate: readBack!.endDate.getTime(),
    flags: { pickNumbers: readBack!.pickNumbers, featured: readBack!.featured, instantWin: readBack!.instantWin },
    live,
  };
}

let server: TestPostgres;
let pgDb: PgDb | undefined;

beforeAll(async () => {
  server = await startPostgres();
}, 60_000);

afterAll(async () => {
  await pgDb?.$client.end();
  server?.stop();
});

describe("the services' queries on PostgreSQL", () => {
  it("give a service the same values as on SQLite: times, flags, JSON, counts, conditional updates, upserts, joins", async () => {
    // SQLite first: the codecs are borrowed for the rest of this process.
    expect(usingPostgresCodecs()).toBe(false);
    const onSqlite = await servicePatterns(createTestDb());
    usePostgresCodecs();
    pgDb = await openPostgres(await server.createDatabase("queries"));
    const onPostgres = await servicePatterns(pgDb as unknown as Tx);
    expect(onPostgres).toEqual(onSqlite);
    // What the two engines agreed on, so that agreeing on nothing would not pass.
    expect(onSqlite).toMatchObject({
      ending: [{ title: "Ended", endDate: new Date(now.getTime() - 1) }],
      sold: 1,
      soldAgain: 0,
      soldTickets: 2,
      writes: [1, 0],
      setting: "no",
      sessions: [{ email: "jo@example.test", session: null }],
      active: 1,
      totalPence: 500,
      priceTiers: [{ minQuantity: 5, pricePence: 200 }],
      flags: { pickNumbers: false, featured: false, instantWin: false },
      live: 1,
    });
  });

  it("encodes a time as PostgreSQL takes it once the codecs are borrowed", () => {
    usePostgresCodecs();
    const query = (pgDb as unknown as Tx).select().from(competitions).where(lte(competitions.endDate, now)).toSQL();
    expect(query.sql).toContain("$1");
    expect(query.params).toEqual([now.toISOString()]);
  });
});
