import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp, updatedAt } from "./columns";
import { competitions } from "./competitions";
import { users } from "./users";

/** An entry's tickets: "refunded" and "disputed" ones were voided (taken out of the pool) by a refund or a dispute. */
export const PAYMENT_STATUSES = ["paid", "pending", "failed", "refunded", "disputed", "other"] as const;
/**
 * pending: tickets held, the provider not yet answered; requires_action: held while the buyer
 * authenticates (3-D Secure); paid; failed (numbers given back); refunded / partially_refunded;
 * disputed: the cardholder's bank opened a dispute (chargeback).
 */
export const ORDER_STATUSES = ["pending", "requires_action", "paid", "failed", "refunded", "partially_refunded", "disputed"] as const;
export const ENTRY_METHODS = ["online", "postal"] as const;

/** One checkout: a payment for one or more entries. */
export const orders = sqliteTable(
  "orders",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    /** What the order's tickets cost, however paid: site credit first (creditPence), the rest by card. */
    totalPence: integer("total_pence").notNull(),
    /** Site credit spent on the order (taken from the wallet when its numbers were held, given back if it fails). */
    creditPence: integer("credit_pence").notNull().default(0),
    /** What a discount code took off the order (already out of totalPence), and the code as typed in capitals. */
    discountPence: integer("discount_pence").notNull().default(0),
    discountCode: text("discount_code"),
    /** The currency the order is priced and charged in (ISO 4217). Pounds only today. */
    currency: text("currency", { enum: ["GBP"] })
      .notNull()
      .default("GBP"),
    /** Sent by the client so a retried submit returns the first result. */
    idempotencyKey: text("idempotency_key").unique(),
    paymentProvider: text("payment_provider"),
    paymentId: text("payment_id"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    cardFunding: text("card_funding"),
    /** The provider's fingerprint of the card (the same card gives the same one), where it gives one. */
    cardFingerprint: text("card_fingerprint"),
    failureReason: text("failure_reason"),
    /** Sum of the refunds recorded (ours and the provider's own), never above totalPence. */
    refundedPence: integer("refunded_pence").notNull().default(0),
    /** The provider's dispute (chargeback) id and its status as last reported (needs_response, won, lost…). */
    disputeId: text("dispute_id"),
    disputeStatus: text("dispute_status"),
    /** Held ticket numbers are released when a pending order passes this time. */
    holdExpiresAt: timestamp("hold_expires_at"),
    /** The buyer's address when the order was placed: its failed payments count against that address too. */
    clientIp: text("client_ip"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The reference people see and quote ("2A7FA99C", src/shared/order-reference.ts): the id's last 8
     * hex digits in capitals, computed by SQLite from the id (never written), for every order old or new.
     */
    reference: text("reference").generatedAlwaysAs(sql`upper(substr(id, -8))`, { mode: "virtual" }),
  },
  // A buyer's orders newest first (lists and exports page through them by this index).
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.holdExpiresAt),
    index("orders_payment_idx").on(t.paymentId),
    // An order is found by the reference people quote through this index, not a scan of every id.
    index("orders_reference_idx").on(t.reference),
  ],
);

export const entries = sqliteTable(
  "entries",
  {
    id: id(),
    competitionId: text("competition_id")
      .notNull()
      .references(() => competitions.id, { onDelete: "cascade" }),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    answer: text("answer"),
    ticketCount: integer("ticket_count").notNull(),
    amountPence: integer("amount_pence").notNull().default(0),
    /** What a multibuy price took off the line against the ticket price when it was bought. */
    savingPence: integer("saving_pence").notNull().default(0),
    /** The line's share of the order's discount code (already out of amountPence). */
    discountPence: integer("discount_pence").notNull().default(0),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    paymentId: text("payment_id"),
    entryMethod: text("entry_method", { enum: ENTRY_METHODS }).notNull().default("online"),
    postalReference: text("postal_reference"),
    /** Postal entries: the sender's address and the day the card arrived. */
    postalAddress: text("postal_address"),
    postalReceivedAt: timestamp("postal_received_at"),
    /** The buyer's address (online entries): unpaid holds are capped per address as well as per buyer. */
    clientIp: text("client_ip"),
    entryDate: createdAt(),
  },
  (t) => [
    // With the date, so a competition's or a buyer's entries page newest first without sorting them all (exports, lists).
    index("entries_competition_idx").on(t.competitionId, t.entryDate),
    index("entries_user_idx").on(t.userId, t.entryDate),
    // How many of a buyer's entries are in competitions still on sale (the account's tiles), without reading them all.
    index("entries_user_competition_idx").on(t.userId, t.competitionId),
    index("entries_email_idx").on(t.customerEmail),
    index("entries_order_idx").on(t.orderId),
    index("entries_date_idx").on(t.entryDate),
    // Tickets held in unpaid orders, by buyer and by address, for the hold's share cap (src/server/services/purchase/hold.ts).
    index("entries_held_user_idx")
      .on(t.competitionId, t.userId)
      .where(sql`${t.paymentStatus} = 'pending'`),
    index("entries_held_ip_idx")
      .on(t.competitionId, t.clientIp)
      .where(sql`${t.paymentStatus} = 'pending'`),
  ],
);

/** Ticket numbers are allocated by the server; one row per ticket, unique within a competition. */
export const tickets = sqliteTable(
  "tickets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    competitionId: text("competition_id")
      .notNull()
      .references(() => competitions.id, { onDelete: "cascade" }),
    entryId: text("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tickets_competition_number_uq").on(t.competitionId, t.number), index("tickets_entry_idx").on(t.entryId)],
);

export const winners = sqliteTable(
  "winners",
  {
    id: id(),
    competitionId: text("competition_id")
      .notNull()
      .references(() => competitions.id, { onDelete: "cascade" }),
    entryId: text("entry_id").references(() => entries.id, { onDelete: "set null" }),
    ticketNumber: text("ticket_number"),
    customerName: text("customer_name").notNull(),
    photo: text("photo"),
    testimonial: text("testimonial"),
    /** "manual" when typed in by an admin, "draw" when chosen by the verifiable draw. */
    source: text("source", { enum: ["manual", "draw", "instant"] })
      .notNull()
      .default("manual"),
    /**
     * The winner's answers on the claim form: may the gallery show their name, their photo? Null until
     * asked; a draw or instant winner not yet asked is shown as "A lucky winner", an admin's own entry as entered.
     */
    publishName: integer("publish_name", { mode: "boolean" }),
    publishPhoto: integer("publish_photo", { mode: "boolean" }),
    winDate: createdAt(),
    /** An instant winner whose entry was refunded in full or disputed: no longer a winner (kept for the record). */
    voidedAt: timestamp("voided_at"),
    updatedAt: updatedAt(),
  },
  (t) => [index("winners_competition_idx").on(t.competitionId), index("winners_date_idx").on(t.winDate)],
);

/** Money given back on an order: by an admin through the provider, or reported by the provider (its dashboard). */
export const refunds = sqliteTable(
  "refunds",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountPence: integer("amount_pence").notNull(),
    reason: text("reason").notNull(),
    /** The provider's refund id: the same refund reported twice is recorded once. */
    providerRefundId: text("provider_refund_id").notNull().unique(),
    /** The idempotency key of the refund request that made it (ours), so a repeat answers without refunding again. */
    requestKey: text("request_key").unique(),
    actorId: text("actor_id"),
    createdAt: createdAt(),
  },
  (t) => [index("refunds_order_idx").on(t.orderId)],
);

/** Each provider event (webhook) id, so that an event delivered twice is processed once. */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt(),
});

/**
 * The simulated provider's own record of payments that wait on authentication (3-D Secure): the
 * stand-in for a processor's database, so a challenge survives a restart of the shop.
 */
export const simulatedPayments = sqliteTable("simulated_payments", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  orderId: text("order_id").notNull(),
  amountPence: integer("amount_pence").notNull(),
  token: text("token").notNull(),
  /** Where the buyer goes back to; its origin is the shop's, so the challenge page's URL is absolute. */
  returnUrl: text("return_url").notNull(),
  status: text("status", { enum: ["requires_action", "succeeded", "failed", "canceled"] }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Order = typeof orders.$inferSelect;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type Refund = typeof refunds.$inferSelect;
export type Entry = typeof entries.$inferSelect;
export type Ticket = typeof tickets.$inferSelect;
export type Winner = typeof winners.$inferSelect;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
