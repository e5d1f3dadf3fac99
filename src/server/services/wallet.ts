import { and, desc, eq, isNull, or } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { walletEntries, type User } from "../../../db/schema";
import { penceToDecimal } from "../../shared/money";
import type { WalletView } from "../../shared/schemas/wallet";

/**
 * A customer's ledger rows: their account's, and (once their email is verified) credit won by a
 * guest entry with that email, which is theirs too.
 */
function ownRows(user: Pick<User, "id" | "email" | "emailVerified">) {
  return user.emailVerified
    ? or(eq(walletEntries.userId, user.id), and(isNull(walletEntries.userId), eq(walletEntries.email, user.email.toLowerCase())))
    : eq(walletEntries.userId, user.id);
}

/** The balance is the sum of the ledger, never a stored figure. */
export function walletOf(db: Tx, user: Pick<User, "id" | "email" | "emailVerified">): WalletView {
  const rows = db.select().from(walletEntries).where(ownRows(user)).orderBy(desc(walletEntries.createdAt), desc(walletEntries.id)).all();
  const balance = rows.reduce((sum, r) => sum + r.amountPence, 0);
  return {
    balance: penceToDecimal(balance),
    entries: rows.map((r) => ({ amount: penceToDecimal(r.amountPence), kind: r.kind, reference: r.reference, note: r.note, at: r.createdAt.toISOString() })),
  };
}
