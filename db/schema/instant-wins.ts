import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamp } from "./columns";
import { competitions } from "./competitions";
import { entries } from "./entries";

export const INSTANT_PRIZE_KINDS = ["cash", "credit", "physical"] as const;
export type InstantPrizeKind = (typeof INSTANT_PRIZE_KINDS)[number];

/**
 * One unit of an instant-win prize (20 × £10 credit is 20 rows), fixed before the first sale: its
 * winning number and salt stay secret until the unit is won or sales close; the commitment is public
 * from the start (src/shared/instant-wins.ts). The unique index on (competition, number) makes the
 * check of a sold ticket one look-up.
 */
export const instantPrizes = sqliteTable(
  "instant_prizes",
  {
    id: id(),
    competitionId: text("competition_id")
      .notNull()
      .references(() => competitions.id, { onDelete: "cascade" }),
    /** The unit's place in the published list (the root hashes the commitments in this order). */
    unitIndex: integer("unit_index").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: INSTANT_PRIZE_KINDS }).notNull(),
    valuePence: integer("value_pence").notNull(),
    ticketNumber: text("ticket_number").notNull(),
    salt: text("salt").notNull(),
    commitment: text("commitment").notNull(),
    wonEntryId: text("won_entry_id").references(() => entries.id, { onDelete: "set null" }),
    /** "First L., County" as published. */
    winnerDisplayName: text("winner_display_name"),
    wonAt: timestamp("won_at"),
    /**
     * The winning entry was refunded in full or disputed: the unit is forfeited (nobody has it, its
     * number goes back on sale as an ordinary number) and its prize taken back (decision 011).
     */
    voidedAt: timestamp("voided_at"),
  },
  (t) => [
    uniqueIndex("instant_prizes_number_uq").on(t.competitionId, t.ticketNumber),
    uniqueIndex("instant_prizes_unit_uq").on(t.competitionId, t.unitIndex),
    index("instant_prizes_entry_idx").on(t.wonEntryId),
  ],
);

export type InstantPrize = typeof instantPrizes.$inferSelect;
