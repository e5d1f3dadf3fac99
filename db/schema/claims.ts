import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp, updatedAt } from "./columns";
import { competitions } from "./competitions";
import { entries, winners } from "./entries";
import { users } from "./users";

/**
 * notified: the winner has been told (urgent notification and mail with the claim link);
 * claimed: they confirmed who they are, chose the prize or its cash alternative and gave an address;
 * fulfilled: delivered (carrier reference) or paid (payment reference);
 * expired: not claimed within the claim window, or expired by an admin with a reason;
 * void: the winning entry was refunded in full or disputed (an instant prize), so there is no prize to claim.
 */
export const CLAIM_STATUSES = ["notified", "claimed", "fulfilled", "expired", "void"] as const;
export const CLAIM_CHOICES = ["prize", "cash"] as const;

export interface ClaimAddress {
  line1: string;
  line2?: string;
  city: string;
  postcode: string;
  country: string;
}

/** A winner's claim on their prize: one per winner linked to an entry. */
export const prizeClaims = sqliteTable(
  "prize_claims",
  {
    id: id(),
    winnerId: text("winner_id")
      .notNull()
      .references(() => winners.id, { onDelete: "cascade" }),
    competitionId: text("competition_id")
      .notNull()
      .references(() => competitions.id, { onDelete: "cascade" }),
    entryId: text("entry_id").references(() => entries.id, { onDelete: "set null" }),
    /** The winning entry's account; null for a guest entry (then a verified account with the entry's email may claim). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The entry's email, lower-cased: where the claim link and reminders go. */
    customerEmail: text("customer_email").notNull(),
    customerName: text("customer_name").notNull(),
    ticketNumber: text("ticket_number"),
    status: text("status", { enum: CLAIM_STATUSES }).notNull().default("notified"),
    notifiedAt: timestamp("notified_at").notNull(),
    /** notifiedAt + claim_window_days at the time of the draw. */
    expiresAt: timestamp("expires_at").notNull(),
    reminder48hAt: timestamp("reminder_48h_at"),
    reminder7dAt: timestamp("reminder_7d_at"),
    /** An admin reached the winner (by phone) before they claimed online. */
    contactedAt: timestamp("contacted_at"),
    contactNote: text("contact_note"),
    choice: text("choice", { enum: CLAIM_CHOICES }),
    phone: text("phone"),
    address: text("address", { mode: "json" }).$type<ClaimAddress>(),
    /** Inside the UK mainland or Ireland: delivered free; elsewhere the operator arranges it. */
    deliverable: integer("deliverable", { mode: "boolean" }),
    termsAcceptedAt: timestamp("terms_accepted_at"),
    claimedAt: timestamp("claimed_at"),
    fulfilledAt: timestamp("fulfilled_at"),
    /** "delivered" (prize) or "paid" (cash alternative). */
    fulfilment: text("fulfilment", { enum: ["delivered", "paid"] }),
    reference: text("reference"),
    /** When and why it ended unfulfilled: expired, or void (the reason says which). */
    expiredAt: timestamp("expired_at"),
    expiryReason: text("expiry_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("prize_claims_winner_idx").on(t.winnerId),
    index("prize_claims_user_idx").on(t.userId),
    index("prize_claims_status_idx").on(t.status, t.notifiedAt),
  ],
);

export type PrizeClaim = typeof prizeClaims.$inferSelect;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
