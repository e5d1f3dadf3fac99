import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { users, walletEntries, type Order, type User, type WalletEntry } from "../../../db/schema";
import { decimalToPence, penceToDecimal } from "../../shared/money";
import { MAX_GOODWILL_PENCE, type WalletView } from "../../shared/schemas/wallet";
import { AppError } from "../errors";
import { audited, type Actor } from "./audit";
import { numberSetting } from "./settings";

const DAY_MS = 24 * 60 * 60 * 1000;

type Owner = Pick<User, "id" | "email" | "emailVerified">;

/**
 * A customer's ledger rows: their account's, and (once their email is verified) credit won by a
 * guest entry with that email, which is theirs too.
 */
function ownRows(user: Owner) {
  return user.emailVerified
    ? or(eq(walletEntries.userId, user.id), and(isNull(walletEntries.userId), eq(walletEntries.email, user.email.toLowerCase())))
    : eq(walletEntries.userId, user.id);
}

function rowsOf(db: Tx, user: Owner): WalletEntry[] {
  return db.select().from(walletEntries).where(ownRows(user)).orderBy(asc(walletEntries.createdAt), asc(walletEntries.id)).all();
}

/** When credit added now lapses: `credit_expiry_days` after it (0, the default: never). */
export function creditExpiryFrom(db: Tx, now: Date): Date | null {
  const days = numberSetting(db, "credit_expiry_days", 0);
  return days > 0 ? new Date(now.getTime() + days * DAY_MS) : null;
}

interface Lot {
  remaining: number;
  expiresAt: Date | null;
}

export interface LedgerState {
  balancePence: number;
  /** Credit that lapsed unspent, when it lapsed. */
  expired: Array<{ amountPence: number; at: Date }>;
}

/**
 * The balance from the ledger alone: every credit in is a lot with its own expiry (or none), and
 * spending takes from the lot that lapses soonest; what is left of a lot at its expiry lapses.
 * Without expiring credit this is the sum of the ledger.
 */
export function ledgerState(rows: readonly Pick<WalletEntry, "amountPence" | "expiresAt" | "createdAt">[], now: Date): LedgerState {
  const lots: Lot[] = [];
  const expired: LedgerState["expired"] = [];
  const lapse = (at: Date) => {
    for (const lot of lots) {
      if (lot.expiresAt && lot.expiresAt <= at && lot.remaining > 0) {
        expired.push({ amountPence: lot.remaining, at: lot.expiresAt });
        lot.remaining = 0;
      }
    }
  };
  for (const row of rows) {
    lapse(row.createdAt);
    if (row.amountPence > 0) {
      lots.push({ remaining: row.amountPence, expiresAt: row.expiresAt });
      continue;
    }
    let owed = -row.amountPence;
    const bySoonest = lots.filter((l) => l.remaining > 0).sort((a, b) => (a.expiresAt?.getTime() ?? Infinity) - (b.expiresAt?.getTime() ?? Infinity));
    for (const lot of bySoonest) {
      const take = Math.min(owed, lot.remaining);
      lot.remaining -= take;
      owed -= take;
      if (owed === 0) break;
    }
  }
  lapse(now);
  return { balancePence: lots.reduce((sum, l) => sum + l.remaining, 0), expired: expired.sort((a, b) => a.at.getTime() - b.at.getTime()) };
}

/** The balance is derived from the ledger, never a stored figure; the ledger newest first, lapsed credit shown where it lapsed. */
export function walletOf(db: Tx, user: Owner, now = new Date()): WalletView {
  const rows = rowsOf(db, user);
  const state = ledgerState(rows, now);
  const entries: Array<WalletView["entries"][number] & { sortAt: number }> = [
    ...rows.map((r) => ({
      amount: penceToDecimal(r.amountPence),
      kind: r.kind,
      reference: r.reference,
      note: r.note,
      at: r.createdAt.toISOString(),
      expiresAt: r.expiresAt?.toISOString() ?? null,
      sortAt: r.createdAt.getTime(),
    })),
    ...state.expired.map((e) => ({
      amount: penceToDecimal(-e.amountPence),
      kind: "expiry" as const,
      reference: null,
      note: "Unspent credit lapsed",
      at: e.at.toISOString(),
      expiresAt: null,
      sortAt: e.at.getTime(),
    })),
  ];
  entries.sort((a, b) => b.sortAt - a.sortAt);
  return { balance: penceToDecimal(state.balancePence), entries: entries.map(({ sortAt: _, ...e }) => e) };
}

/** What the customer may spend now. */
export function spendablePence(db: Tx, user: Owner, now: Date): number {
  return ledgerState(rowsOf(db, user), now).balancePence;
}

/**
 * Inside the order's hold: takes up to `wantedPence` of the buyer's credit, as a spend row against
 * the order. The balance is read and written in the same write transaction, so two orders at once
 * cannot spend the same credit and the balance never goes below zero. Returns what was taken.
 */
export function spendCredit(tx: Tx, user: Owner, orderId: string, wantedPence: number, now: Date): number {
  if (wantedPence <= 0) return 0;
  const taken = Math.min(wantedPence, spendablePence(tx, user, now));
  if (taken <= 0) return 0;
  tx.insert(walletEntries)
    .values({ userId: user.id, email: user.email.toLowerCase(), amountPence: -taken, kind: "spend", reference: orderId, note: null, createdAt: now })
    .run();
  return taken;
}

/** Credit given back to the buyer of an order (a refund of its credit-paid part, or an order that was not completed). */
export function returnCredit(tx: Tx, order: Pick<Order, "id" | "userId" | "customerEmail">, amountPence: number, note: string, now: Date): void {
  if (amountPence <= 0) return;
  tx.insert(walletEntries)
    .values({
      userId: order.userId,
      email: order.customerEmail.toLowerCase(),
      amountPence,
      kind: "refund",
      reference: order.id,
      note,
      expiresAt: creditExpiryFrom(tx, now),
      createdAt: now,
    })
    .run();
}

/** A customer's site credit as staff see it (GET /admin/customers/{id}/wallet). */
export function customerWallet(db: Tx, userId: string, now = new Date()): WalletView {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new AppError("NOT_FOUND", "Customer not found");
  return walletOf(db, user, now);
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
          expiresAt: creditExpiryFrom(tx, now),
          createdAt: now,
        })
        .run();
      return walletOf(tx, user, now);
    },
    () => ({ action: "admin.customers.addCredit", targetType: "user", targetId: userId, details: { userId, amount: penceToDecimal(pence), reason } }),
  );
}
