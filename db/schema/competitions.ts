import { randomBytes } from "node:crypto";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, flag, id, timestamp, updatedAt } from "./columns";

export const COMPETITION_STATUSES = ["active", "closed", "drawn"] as const;

export const categories = sqliteTable("categories", {
  id: id(),
  name: text("name").notNull().unique(),
  description: text("description"),
  isActive: flag("is_active", true),
  createdAt: createdAt(),
});

export const competitions = sqliteTable(
  "competitions",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    image: text("image").notNull(),
    category: text("category").notNull(),
    /** Price per entry in integer pence. */
    pricePence: integer("price_pence").notNull().default(0),
    status: text("status", { enum: COMPETITION_STATUSES }).notNull().default("active"),
    startDate: timestamp("start_date").notNull(),
    endDate: timestamp("end_date").notNull(),
    drawDate: timestamp("draw_date").notNull(),
    /** Null means unlimited. */
    maxTickets: integer("max_tickets"),
    soldTickets: integer("sold_tickets").notNull().default(0),
    /** Tickets held by pending orders, released if their payment fails or the hold expires. */
    heldTickets: integer("held_tickets").notNull().default(0),
    /** The next never-issued ticket number; released numbers are reused first. */
    nextTicketNumber: integer("next_ticket_number").notNull().default(1),
    /**
     * How numbers are handed out: "sequential" (1, 2, 3…, given-back numbers first) or "random"
     * (uniform over the numbers still free in 1..maxTickets; capped competitions only). In random
     * mode nextTicketNumber - 1 is how many numbers are out (held or sold).
     */
    allocation: text("allocation", { enum: ["sequential", "random"] })
      .notNull()
      .default("sequential"),
    /** Buyers may choose their numbers from a grid (random allocation only: a lucky dip fills the rest). */
    pickNumbers: flag("pick_numbers", false),
    /**
     * Multibuy prices on top of pricePence: a line of at least minQuantity tickets costs pricePence
     * each (the tier with the largest minQuantity that applies). Ascending, each cheaper than the last.
     */
    priceTiers: text("price_tiers", { mode: "json" }).$type<Array<{ minQuantity: number; pricePence: number }>>().notNull().default([]),
    /** Optional cap across all of one person's orders (matched by account and by email). */
    maxTicketsPerPerson: integer("max_tickets_per_person"),
    featured: flag("featured", false),
    showOnHero: flag("show_on_hero", false),
    qualifyingQuestion: text("qualifying_question"),
    /** Never leaves the server. */
    qualifyingAnswer: text("qualifying_answer"),
    allowPostalEntry: flag("allow_postal_entry", true),
    postalAddress: text("postal_address"),
    prizeDetails: text("prize_details"),
    rules: text("rules"),
    faq: text("faq"),
    privacyPolicyUrl: text("privacy_policy_url"),
    termsOfUseUrl: text("terms_of_use_url"),
    /**
     * The draw's secret: 32 random bytes as hex, drawn when the competition is created. Only its
     * SHA-256 (the commitment) is public until the draw; then the seed is revealed.
     */
    drawSeed: text("draw_seed")
      .notNull()
      .$defaultFn(() => randomBytes(32).toString("hex")),
    numberOfWinners: integer("number_of_winners").notNull().default(1),
    /** Shown with the prize: what the winner may take instead. */
    cashAlternative: text("cash_alternative"),
    /** Instant-win competitions may not be paid for by credit card (code of practice 1.3). */
    instantWin: flag("instant_win", false),
    /** Instant wins: the root of the prize units' commitments and when they were fixed (null without instant prizes). */
    instantCommitmentRoot: text("instant_commitment_root"),
    instantCommittedAt: timestamp("instant_committed_at"),
    /** Whether a ticket that won an instant prize stays in the main draw. */
    instantWinnersInDraw: flag("instant_winners_in_draw", true),
    /** "auto": the scheduler draws at the draw date; "live": an admin presses Run draw on the stream. */
    drawMode: text("draw_mode", { enum: ["auto", "live"] })
      .notNull()
      .default("auto"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("competitions_status_idx").on(t.status, t.endDate)],
);

/** Numbers given back by failed or expired holds, handed out again before new ones. */
export const releasedTicketNumbers = sqliteTable(
  "released_ticket_numbers",
  {
    competitionId: text("competition_id")
      .notNull()
      .references(() => competitions.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.number] })],
);

/**
 * How many numbers of each block of TICKET_BLOCK_SIZE (numbers 1..1000 are block 0) a
 * random-allocation competition has out, held or sold. A random number is drawn by rejection (a
 * uniform guess in 1..maxTickets, kept when free); when the competition is nearly full the blocks
 * let the server pick the k-th free number at once instead of guessing for long.
 */
export const ticketBlocks = sqliteTable(
  "ticket_blocks",
  {
    competitionId: text("competition_id")
      .notNull()
      .references(() => competitions.id, { onDelete: "cascade" }),
    block: integer("block").notNull(),
    taken: integer("taken").notNull(),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.block] })],
);
export const TICKET_BLOCK_SIZE = 1000;

/**
 * The public record of a draw: the frozen pool at close, then the revealed seed and winners.
 * One row per competition, written once at close and once at the draw.
 */
export const draws = sqliteTable("draws", {
  competitionId: text("competition_id")
    .primaryKey()
    .references(() => competitions.id, { onDelete: "cascade" }),
  /** Ticket numbers in ascending numeric order, as JSON. */
  pool: text("pool", { mode: "json" }).$type<string[]>().notNull(),
  poolHash: text("pool_hash").notNull(),
  poolSize: integer("pool_size").notNull(),
  closedAt: timestamp("closed_at").notNull(),
  beacon: text("beacon"),
  /** [{ k, index, ticketNumber, displayName, entryId }] once drawn. */
  winners: text("winners", { mode: "json" }).$type<Array<{ k: number; index: number; ticketNumber: string; displayName: string; entryId: string }>>(),
  drawnAt: timestamp("drawn_at"),
});

export type Competition = typeof competitions.$inferSelect;
export type CompetitionStatus = (typeof COMPETITION_STATUSES)[number];
