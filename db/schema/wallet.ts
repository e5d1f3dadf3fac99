import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp } from "./columns";
import { users } from "./users";

/**
 * prize: an instant win of site credit; spend: used at checkout; refund: a credit-paid part given back (a
 * refund, or an order that was not completed); goodwill: added by staff; expiry: shown, never stored (derived
 * from expiresAt); reversal: what was left of a prize whose winning entry was refunded or disputed, taken
 * back; owed: the part of such a prize already spent, taken from whatever credit there is and, beyond it,
 * owed (a debt the customer's next credit pays first); referral: a referral's reward (taken back as reversal and
 * owed, like a prize, when the order that earned it is refunded or disputed).
 */
export const WALLET_KINDS = ["prize", "spend", "refund", "goodwill", "expiry", "reversal", "owed", "referral"] as const;

/**
 * Site credit as an append-only ledger: the balance is the sum of a customer's rows, never stored on
 * its own. A prize won by a guest is held against the entry's email (userId null) and belongs to the
 * account with that verified email.
 */
export const walletEntries = sqliteTable(
  "wallet_entries",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    /** Signed: credit in, spending out. */
    amountPence: integer("amount_pence").notNull(),
    kind: text("kind", { enum: WALLET_KINDS }).notNull(),
    /** What it is about: an instant prize unit, an order. */
    reference: text("reference"),
    note: text("note"),
    /** Credit in lapses unspent at this time (the credit_expiry_days setting when it was added); null: never. */
    expiresAt: timestamp("expires_at"),
    createdAt: createdAt(),
  },
  (t) => [index("wallet_user_idx").on(t.userId), index("wallet_email_idx").on(t.email)],
);

export type WalletEntry = typeof walletEntries.$inferSelect;
