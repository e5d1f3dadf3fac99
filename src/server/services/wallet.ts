import { and, desc, eq, isNull, or } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { users, walletEntries, type User } from "../../../db/schema";
import { penceToDecimal } from "../../shared/money";
import type { Db } from "../../../db/client";
import { decimalToPence } from "../../shared/money";
import { MAX_GOODWILL_PENCE, type WalletView } from "../../shared/schemas/wallet";
import { AppError } from "../errors";
import { audited, type Actor } from "./audit";

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

/** A customer's site credit as staff see it (GET /admin/customers/{id}/wallet). */
export function customerWallet(db: Tx, userId: string): WalletView {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new AppError("NOT_FOUND", "Customer not found");
  return walletOf(db, user);
}

/** Goodwill credit added by staff with the reason: a ledger row and an audit row in one transaction. */
export function addGoodwillCredit(db: Db, actor: Actor, userId: string, amount: string, reason: string, now = new Date()): WalletView {
  const pence = decimalToPence(amount);
  if (pence === null || pence <= 0) throw new AppError("INVALID_INPUT", "Goodwill credit must be above zero");
  if (pence > MAX_GOODWILL_PENCE) throw new AppError("INVALID_INPUT", `Goodwill credit is at most ${penceToDecimal(MAX_GOODWILL_PENCE)} at a time`);
  return audited(
    db,
    actor,
    (tx) => {
      const user = tx.select().from(users).where(eq(users.id, userId)).get();
      if (!user) throw new AppError("NOT_FOUND", "Customer not found");
      tx.insert(walletEntries)
        .values({
          userId,
          email: user.email.toLowerCase(),
          amountPence: pence,
          kind: "goodwill",
          note: reason,
          reference: `staff:${actor.email}`,
          createdAt: now,
        })
        .run();
      return walletOf(tx, user);
    },
    () => ({ action: "admin.customers.addCredit", targetType: "user", targetId: userId, details: { userId, amount: penceToDecimal(pence), reason } }),
  );
}
