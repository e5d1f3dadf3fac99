import { and, asc, eq, inArray, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { RunResult } from "better-sqlite3";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import {
  competitions,
  entries,
  instantPrizes,
  mailOutbox,
  notifications,
  orders,
  releasedTicketNumbers,
  sessions,
  settings,
  ticketBlocks,
  tickets,
  users,
  walletEntries,
} from "./schema";
import type { Engine, schema } from "./client";

/**
 * The hot statements (every request's session look-up, the purchase path), prepared once for the
 * connection when the database is first used instead of built and compiled on every call. A
 * transaction shares its connection, so they run inside it too: `tx.statements` is the same set.
 */
export function prepareStatements(db: BaseSQLiteDatabase<"async", RunResult, typeof schema, ExtractTablesWithRelations<typeof schema>>, engine: Engine) {
  const prepared = statementsOf(db, engine === "postgres" ? postgresFragments : sqliteFragments);
  return engine === "postgres" ? onPostgres(prepared) : prepared;
}

/**
 * Where the SQL of the hot statements differs per engine. Their values travel through raw placeholders,
 * as SQLite stores them (times in milliseconds, JSON as text), which the columns' codecs do not see; on
 * PostgreSQL the SQL converts them.
 */
interface Fragments {
  /** A time given in milliseconds. */
  time: (value: Placeholder) => SQL;
  /** The numbers of a JSON array of numbers, as a subquery. */
  numbers: (json: Placeholder) => SQL;
  /** SQLite's INDEXED BY for the planner (nothing on PostgreSQL, whose planner needs no such hint). */
  indexedBy: (index: string) => SQL;
  /** A column kept off its index (SQLite's unary +; PostgreSQL plans it by itself). */
  unindexed: (column: SQL | AnyColumn) => SQL;
  /** The rows a select reads, locked until the transaction ends (PostgreSQL's FOR UPDATE; SQLite's transaction holds the whole database). */
  forUpdate: <Q>(query: Q) => Q;
}

const sqliteFragments: Fragments = {
  time: (value) => sql`${value}`,
  numbers: (json) => sql`(select value from json_each(${json}))`,
  indexedBy: (index) => sql.raw(`indexed by ${index}`),
  unindexed: (column) => sql`+${column}`,
  forUpdate: (query) => query,
};

const postgresFragments: Fragments = {
  time: (value) => sql`to_timestamp(cast(${value} as double precision) / 1000.0)`,
  numbers: (json) => sql`(select jsonb_array_elements_text(cast(${json} as jsonb)))`,
  indexedBy: () => sql``,
  unindexed: (column) => sql`${column}`,
  // The description's builders are SQLite's in their types; at run time they are PostgreSQL's, which have `for`.
  forUpdate: (query) => (query as unknown as { for(strength: "update"): unknown }).for("update") as typeof query,
};

type Runnable = { execute: (values?: Record<string, unknown>) => Promise<unknown> };

/**
 * PostgreSQL's prepared queries answer `execute`; the services call SQLite's `all`, `get` and `run` (with
 * `changes`), which this gives each of them.
 */
function onPostgres<T extends Record<string, unknown>>(prepared: T): T {
  const adapted: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(prepared)) {
    const q = query as unknown as Runnable;
    adapted[name] = {
      all: (values?: Record<string, unknown>) => q.execute(values).then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows)),
      get: (values?: Record<string, unknown>) => q.execute(values).then((r) => (Array.isArray(r) ? r[0] : (r as { rows: unknown[] }).rows[0])),
      run: (values?: Record<string, unknown>) =>
        q.execute(values).then((r) => ({ changes: Array.isArray(r) ? r.length : ((r as { rowCount: number | null }).rowCount ?? 0) })),
      execute: (values?: Record<string, unknown>) => q.execute(values),
    };
  }
  return adapted as T;
}

function statementsOf(db: BaseSQLiteDatabase<"async", RunResult, typeof schema, ExtractTablesWithRelations<typeof schema>>, f: Fragments) {
  const p = sql.placeholder;
  /** Tickets of the competition held in unpaid orders from the client's address (heldOfUser and heldOfGuest alike). */
  const heldFromAddress = () =>
    sql<number>`(select coalesce(sum(e.ticket_count), 0) from entries e ${f.indexedBy("entries_held_ip_idx")}
      where e.competition_id = ${p("competitionId")} and e.payment_status = 'pending' and e.client_ip = ${p("ip")})`;
  return {
    /**
     * Every request's session, then its user (userById): two lookups by key. One statement joining
     * them costs better-sqlite3 13 about four times as much per call (about 30 µs against 7 µs,
     * measured on the shop's schema), which every signed-in request pays.
     */
    sessionById: db
      .select()
      .from(sessions)
      .where(eq(sessions.id, p("id")))
      .prepare(),
    competitionById: db
      .select()
      .from(competitions)
      .where(eq(competitions.id, p("id")))
      .prepare(),
    /** The competition, its row locked until the transaction ends where the engine has row locks. */
    lockedCompetition: f
      .forUpdate(
        db
          .select()
          .from(competitions)
          .where(eq(competitions.id, p("id"))),
      )
      .prepare(),
    userById: db
      .select()
      .from(users)
      .where(eq(users.id, p("id")))
      .prepare(),
    /** Settings the purchase gate reads on every order (guest checkout, verified email, the credit cap). */
    settingByKey: db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, p("key")))
      .prepare(),
    orderById: db
      .select()
      .from(orders)
      .where(eq(orders.id, p("id")))
      .prepare(),
    entriesByOrder: db
      .select()
      .from(entries)
      .where(eq(entries.orderId, p("orderId")))
      .prepare(),
    ticketsOfEntry: db
      .select({ number: tickets.number })
      .from(tickets)
      .where(eq(tickets.entryId, p("entryId")))
      .orderBy(asc(tickets.id))
      .prepare(),
    releasedNumbers: db
      .select({ number: releasedTicketNumbers.number })
      .from(releasedTicketNumbers)
      .where(eq(releasedTicketNumbers.competitionId, p("competitionId")))
      .orderBy(asc(releasedTicketNumbers.number))
      .limit(p("limit"))
      .prepare(),
    bumpNextNumber: db
      .update(competitions)
      .set({ nextTicketNumber: sql`${competitions.nextTicketNumber} + ${p("count")}` })
      .where(eq(competitions.id, p("id")))
      .returning({ next: competitions.nextTicketNumber })
      .prepare(),
    /** Random allocation and picked numbers: takes a number unless it is out already (0 changes then). */
    claimTicket: db
      .insert(tickets)
      .values({ competitionId: sql`${p("competitionId")}`, entryId: sql`${p("entryId")}`, number: sql`${p("number")}`, createdAt: f.time(p("createdAt")) })
      .onConflictDoNothing({ target: [tickets.competitionId, tickets.number] })
      .prepare(),
    /** Which of a JSON array of numbers (as strings) are out in a competition. */
    takenOf: db
      .select({ number: tickets.number })
      .from(tickets)
      .where(and(eq(tickets.competitionId, p("competitionId")), inArray(tickets.number, f.numbers(p("numbers")))))
      .prepare(),
    /** The grid: which of a JSON array of numbers are out, with their entry's payment status (pending: held). */
    numberStates: db
      .select({ number: tickets.number, status: entries.paymentStatus })
      .from(tickets)
      .innerJoin(entries, eq(entries.id, tickets.entryId))
      .where(and(eq(tickets.competitionId, p("competitionId")), inArray(tickets.number, f.numbers(p("numbers")))))
      .prepare(),
    /** Instant wins: the prize unit on a ticket number, if any (one index look-up per ticket sold). */
    instantPrizeAt: db
      .select()
      .from(instantPrizes)
      .where(and(eq(instantPrizes.competitionId, p("competitionId")), eq(instantPrizes.ticketNumber, p("number"))))
      .prepare(),
    /** Random allocation: how many numbers of a block are out, changed by `count` (negative to give back). */
    countInBlock: db
      .insert(ticketBlocks)
      .values({ competitionId: sql`${p("competitionId")}`, block: sql`${p("block")}`, taken: sql`${p("count")}` })
      .onConflictDoUpdate({ target: [ticketBlocks.competitionId, ticketBlocks.block], set: { taken: sql`${ticketBlocks.taken} + excluded.taken` } })
      .prepare(),
    blocksOf: db
      .select({ block: ticketBlocks.block, taken: ticketBlocks.taken })
      .from(ticketBlocks)
      .where(eq(ticketBlocks.competitionId, p("competitionId")))
      .prepare(),
    /** Random allocation: `count` numbers given back. */
    unbumpNextNumber: db
      .update(competitions)
      .set({ nextTicketNumber: sql`${competitions.nextTicketNumber} - ${p("count")}` })
      .where(eq(competitions.id, p("id")))
      .returning({ next: competitions.nextTicketNumber })
      .prepare(),
    allocationOf: db
      .select({ allocation: competitions.allocation })
      .from(competitions)
      .where(eq(competitions.id, p("id")))
      .prepare(),
    insertTicket: db
      .insert(tickets)
      .values({ competitionId: sql`${p("competitionId")}`, entryId: sql`${p("entryId")}`, number: sql`${p("number")}`, createdAt: f.time(p("createdAt")) })
      .prepare(),
    addHeld: db
      .update(competitions)
      .set({ heldTickets: sql`${competitions.heldTickets} + ${p("count")}` })
      .where(eq(competitions.id, p("id")))
      .prepare(),
    heldToSold: db
      .update(competitions)
      .set({ heldTickets: sql`${competitions.heldTickets} - ${p("count")}`, soldTickets: sql`${competitions.soldTickets} + ${p("count")}` })
      .where(eq(competitions.id, p("id")))
      .prepare(),
    /** A buyer's orders waiting on their bank (3-D Secure) whose hold has not ended, soonest first. */
    /**
     * A buyer's orders waiting on their bank, through the status index (few orders wait at once; the
     * unary + keeps the planner off the buyer's whole history in orders_user_idx). The caller keeps the
     * unexpired ones: a bound range on the expiry costs better-sqlite3 13 three times an equality.
     */
    awaitingByUser: db
      .select({ expires: orders.holdExpiresAt })
      .from(orders)
      .where(and(eq(orders.status, "requires_action"), sql`${f.unindexed(orders.userId)} = ${p("userId")}`))
      .prepare(),
    awaitingByEmail: db
      .select({ expires: orders.holdExpiresAt })
      .from(orders)
      .where(and(eq(orders.status, "requires_action"), sql`${f.unindexed(orders.customerEmail)} = ${p("email")}`))
      .prepare(),
    /**
     * What one buyer has of a competition, in one read (the hold's checks): `person`, the tickets the
     * per-person cap counts (paid, held or by post; only when `capped` is 1, so a competition without a
     * cap skips it); `buyer` and `address`, the tickets held in unpaid orders by the account and by the
     * address (the partial indexes entries_held_user_idx and entries_held_ip_idx hold only those).
     */
    heldOfUser: db
      .select({
        person: sql<number>`case when ${p("capped")} = 1 then (select coalesce(sum(e.ticket_count), 0) from entries e
          where e.competition_id = ${p("competitionId")}
            and (e.user_id = ${p("userId")} or (e.user_id is null and e.entry_method = 'postal' and e.customer_email = ${p("email")}))
            and (e.payment_status in ('paid', 'pending') or e.entry_method = 'postal')) else 0 end`,
        // INDEXED BY: the planner would otherwise take entries_user_competition_idx and read every entry the
        // buyer ever made in the competition (paid ones too), which grows with each purchase of a flash sale.
        buyer: sql<number>`(select coalesce(sum(e.ticket_count), 0) from entries e ${f.indexedBy("entries_held_user_idx")}
          where e.competition_id = ${p("competitionId")} and e.payment_status = 'pending' and e.user_id = ${p("userId")})`,
        address: heldFromAddress(),
      })
      .from(competitions)
      .where(eq(competitions.id, p("competitionId")))
      .prepare(),
    /** The same for a guest, counted by email (only entries without an account, as the per-person cap counts them). */
    heldOfGuest: db
      .select({
        person: sql<number>`case when ${p("capped")} = 1 then (select coalesce(sum(e.ticket_count), 0) from entries e
          where e.competition_id = ${p("competitionId")} and e.customer_email = ${p("email")}
            and (e.payment_status in ('paid', 'pending') or e.entry_method = 'postal')) else 0 end`,
        buyer: sql<number>`(select coalesce(sum(e.ticket_count), 0) from entries e ${f.indexedBy("entries_held_user_idx")}
          where e.competition_id = ${p("competitionId")} and e.payment_status = 'pending' and e.user_id is null and e.customer_email = ${p("email")})`,
        address: heldFromAddress(),
      })
      .from(competitions)
      .where(eq(competitions.id, p("competitionId")))
      .prepare(),
    orderByKey: db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, p("key")))
      .prepare(),
    insertOrder: db
      .insert(orders)
      .values({
        id: sql`${p("id")}`,
        userId: sql`${p("userId")}`,
        customerName: sql`${p("customerName")}`,
        customerEmail: sql`${p("customerEmail")}`,
        status: "pending",
        totalPence: sql`${p("totalPence")}`,
        creditPence: sql`${p("creditPence")}`,
        discountPence: sql`${p("discountPence")}`,
        discountCode: sql`${p("discountCode")}`,
        idempotencyKey: sql`${p("idempotencyKey")}`,
        cardFunding: sql`${p("cardFunding")}`,
        holdExpiresAt: f.time(p("holdExpiresAt")),
        clientIp: sql`${p("clientIp")}`,
        createdAt: f.time(p("createdAt")),
        updatedAt: f.time(p("createdAt")),
      })
      .returning()
      .prepare(),
    insertEntry: db
      .insert(entries)
      .values({
        id: sql`${p("id")}`,
        competitionId: sql`${p("competitionId")}`,
        orderId: sql`${p("orderId")}`,
        userId: sql`${p("userId")}`,
        customerName: sql`${p("customerName")}`,
        customerEmail: sql`${p("customerEmail")}`,
        answer: sql`${p("answer")}`,
        ticketCount: sql`${p("ticketCount")}`,
        amountPence: sql`${p("amountPence")}`,
        savingPence: sql`${p("savingPence")}`,
        discountPence: sql`${p("discountPence")}`,
        paymentStatus: "pending",
        entryMethod: "online",
        clientIp: sql`${p("clientIp")}`,
        entryDate: f.time(p("entryDate")),
      })
      .prepare(),
    markOrderPaid: db
      .update(orders)
      .set({
        status: "paid",
        paymentProvider: sql`${p("provider")}`,
        paymentId: sql`${p("paymentId")}`,
        cardBrand: sql`${p("cardBrand")}`,
        cardLast4: sql`${p("cardLast4")}`,
        cardFunding: sql`coalesce(${p("cardFunding")}, ${orders.cardFunding})`,
        cardFingerprint: sql`${p("cardFingerprint")}`,
        holdExpiresAt: null,
        updatedAt: f.time(p("updatedAt")),
      })
      .where(eq(orders.id, p("id")))
      .prepare(),
    markEntriesPaid: db
      .update(entries)
      .set({ paymentStatus: "paid", paymentId: sql`${p("paymentId")}` })
      .where(eq(entries.orderId, p("orderId")))
      .prepare(),
    /** An instant prize won by a sale (the rare path of the purchase: one in thirty or so on an instant-win competition). */
    markInstantWon: db
      .update(instantPrizes)
      .set({ wonEntryId: sql`${p("entryId")}`, winnerDisplayName: sql`${p("name")}`, wonAt: f.time(p("wonAt")) })
      .where(eq(instantPrizes.id, p("id")))
      .prepare(),
    insertWalletEntry: db
      .insert(walletEntries)
      .values({
        id: sql`${p("id")}`,
        userId: sql`${p("userId")}`,
        email: sql`${p("email")}`,
        amountPence: sql`${p("amountPence")}`,
        kind: sql`${p("kind")}`,
        reference: sql`${p("reference")}`,
        note: sql`${p("note")}`,
        expiresAt: f.time(p("expiresAt")),
        createdAt: f.time(p("createdAt")),
      })
      .prepare(),
    insertNotification: db
      .insert(notifications)
      .values({
        id: sql`${p("id")}`,
        userId: sql`${p("userId")}`,
        type: sql`${p("type")}`,
        priority: sql`${p("priority")}`,
        competitionId: sql`${p("competitionId")}`,
        link: sql`${p("link")}`,
        title: sql`${p("title")}`,
        message: sql`${p("message")}`,
        createdAt: f.time(p("createdAt")),
      })
      .prepare(),
    queueMail: db
      .insert(mailOutbox)
      .values({
        id: sql`${p("id")}`,
        to: sql`${p("to")}`,
        userId: sql`${p("userId")}`,
        subject: sql`${p("subject")}`,
        text: sql`${p("text")}`,
        html: sql`${p("html")}`,
        kind: sql`${p("kind")}`,
        data: sql`${p("data")}`,
        createdAt: f.time(p("createdAt")),
      })
      .prepare(),
  };
}

export type Statements = ReturnType<typeof statementsOf>;
