import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { first, lockRow, withTransaction, type Db, type Tx } from "../../../db/client";
import { users, walletEntries, type Order, type User, type WalletEntry } from "../../../db/schema";
import { decimalToPence, penceToDecimal } from "../../shared/money";
import { MAX_GOODWILL_PENCE, type WalletView } from "../../shared/schemas/wallet";
import { creditToUse } from "../../shared/site-credit";
import { AppError } from "../errors";
import { audited, type Actor } from "./audit";
import { numberSetting } from "./settings";

const DAY_MS = 24 * 60 * 60 * 1000;

type Owner = Pick<User, "id" | "email" | "emailVerified">;

/** A customer's ledger rows: their account's (a guest's prize becomes the account's when the account verifies that email). */
function rowsOf(db: Tx, userId: string): Promise<WalletEntry[]> {
  return db.select().from(walletEntries).where(eq(walletEntries.userId, userId)).orderBy(asc(walletEntries.createdAt), asc(walletEntries.id));
}

/**
 * Credit a guest entry won with this email becomes the account's once the account has verified the
 * address (called when it does, and when credit is won for a verified address): from then on it
 * follows the account, not the address, so changing the address cannot leave it for someone else.
 */
export async function claimGuestCredit(tx: Tx, user: Owner): Promise<void> {
  if (!user.emailVerified) return;
  await tx
    .update(walletEntries)
    .set({ userId: user.id })
    .where(and(isNull(walletEntries.userId), eq(walletEntries.email, user.email.toLowerCase())));
}

/** The verified account with this address, if any: credit won with the address is theirs. */
export async function verifiedOwnerOf(tx: Tx, email: string): Promise<string | null> {
  const user = await first(tx.select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(users.email, email.toLowerCase())));
  return user?.emailVerified ? user.id : null;
}

/** When credit added now lapses: `credit_expiry_days` after it (0, the default: never). */
export async function creditExpiryFrom(db: Tx, now: Date): Promise<Date | null> {
  const days = await numberSetting(db, "credit_expiry_days", 0);
  return days > 0 ? new Date(now.getTime() + days * DAY_MS) : null;
}

/** Some credit with its own lapse time (null: never). */
export interface CreditPiece {
  amountPence: number;
  expiresAt: Date | null;
}

/** What became of one row of credit in: still there, used (spent, taken back, or paying a debt), lapsed. */
export interface CreditUse {
  remainingPence: number;
  usedPence: number;
  lapsedPence: number;
}

export interface LedgerState {
  /** What may be spent now (never below zero). */
  balancePence: number;
  /** What the customer owes: credit out that no credit in covered (a spent prize taken back), paid first from the next credit. */
  owedPence: number;
  /** Credit that lapsed unspent, when it lapsed. */
  expired: Array<{ amountPence: number; at: Date }>;
  /** What each spend row took, by lapse time: credit given back returns with the time it had. */
  taken: Map<string, CreditPiece[]>;
  /** What became of each row of credit in, by row id. */
  credits: Map<string, CreditUse>;
}

type LedgerRow = Pick<WalletEntry, "id" | "amountPence" | "expiresAt" | "createdAt"> & Partial<Pick<WalletEntry, "kind" | "reference">>;

const soonestFirst = (a: CreditPiece, b: CreditPiece) => (a.expiresAt?.getTime() ?? Infinity) - (b.expiresAt?.getTime() ?? Infinity);

/**
 * The balance from the ledger alone: every credit in is a lot with its own expiry (or none), and
 * spending takes from the lot that lapses soonest; what is left of a lot at its expiry lapses. A
 * prize taken back (`reversal`) takes from that prize's own lot. Credit out the lots cannot cover
 * (the spent part of a prize taken back, or rows written out of time order) is owed: a debt the
 * next credit pays first, never dropped. Without expiring credit the balance less what is owed is
 * the sum of the ledger.
 */
export function ledgerState(rows: readonly LedgerRow[], now: Date): LedgerState {
  type Lot = { rowId: string; kind?: string; reference?: string | null; remaining: number; expiresAt: Date | null; use: CreditUse };
  const lots: Lot[] = [];
  const expired: LedgerState["expired"] = [];
  const taken: LedgerState["taken"] = new Map();
  const credits: LedgerState["credits"] = new Map();
  let debt = 0;
  const lapse = (at: Date) => {
    for (const lot of lots) {
      if (lot.expiresAt && lot.expiresAt <= at && lot.remaining > 0) {
        expired.push({ amountPence: lot.remaining, at: lot.expiresAt });
        lot.use.lapsedPence += lot.remaining;
        lot.use.remainingPence = 0;
        lot.remaining = 0;
      }
    }
  };
  for (const row of rows) {
    lapse(row.createdAt);
    if (row.amountPence > 0) {
      const paid = Math.min(debt, row.amountPence);
      debt -= paid;
      const use: CreditUse = { remainingPence: row.amountPence - paid, usedPence: paid, lapsedPence: 0 };
      credits.set(row.id, use);
      if (row.amountPence > paid)
        lots.push({ rowId: row.id, kind: row.kind, reference: row.reference, remaining: row.amountPence - paid, expiresAt: row.expiresAt, use });
      continue;
    }
    let owed = -row.amountPence;
    const pieces: CreditPiece[] = [];
    const open = lots.filter((l) => l.remaining > 0).sort((a, b) => soonestFirst({ amountPence: 0, ...a }, { amountPence: 0, ...b }));
    // A prize (or a referral's reward) taken back comes out of that credit first.
    const own = (l: Lot) => row.kind === "reversal" && (l.kind === "prize" || l.kind === "referral") && l.reference === row.reference;
    for (const lot of [...open.filter(own), ...open.filter((l) => !own(l))]) {
      const take = Math.min(owed, lot.remaining);
      lot.remaining -= take;
      lot.use.remainingPence -= take;
      lot.use.usedPence += take;
      owed -= take;
      pieces.push({ amountPence: take, expiresAt: lot.expiresAt });
      if (owed === 0) break;
    }
    debt += owed;
    taken.set(row.id, pieces);
  }
  lapse(now);
  return {
    balancePence: lots.reduce((sum, l) => sum + l.remaining, 0),
    owedPence: debt,
    expired: expired.sort((a, b) => a.at.getTime() - b.at.getTime()),
    taken,
    credits,
  };
}

/** The balance is derived from the ledger, never a stored figure; the ledger newest first, lapsed credit shown where it lapsed. */
export async function walletOf(db: Tx, user: Pick<User, "id">, now = new Date()): Promise<WalletView> {
  const rows = await rowsOf(db, user.id);
  const state = ledgerState(rows, now);
  // Newest first; rows written in the same millisecond keep the order they were written in, reversed.
  const entries: Array<WalletView["entries"][number] & { sortAt: number }> = [
    ...[...rows].reverse().map((r) => ({
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
  return { balance: penceToDecimal(state.balancePence), owed: penceToDecimal(state.owedPence), entries: entries.map(({ sortAt: _, ...e }) => e) };
}

/** What the customer may spend now. */
export async function spendablePence(db: Tx, userId: string, now: Date): Promise<number> {
  return ledgerState(await rowsOf(db, userId), now).balancePence;
}

/**
 * Inside the order's hold: takes up to `wantedPence` of the buyer's credit (never leaving the card
 * less than its minimum charge: src/shared/site-credit.ts), as a spend row against the order. The balance is read and written in the same write transaction
 * (its own savepoint of the order's), so two orders at once cannot spend the same credit and the balance never goes below zero. Returns what was taken.
 */
export async function spendCredit(tx: Tx, user: Owner, orderId: string, wantedPence: number, now: Date): Promise<number> {
  if (wantedPence <= 0) return 0;
  return withTransaction(tx, async (tx) => {
    await lockRow(tx, users, user.id);
    const taken = creditToUse(await spendablePence(tx, user.id, now), wantedPence);
    if (taken <= 0) return 0;
    await tx
      .insert(walletEntries)
      .values({ userId: user.id, email: user.email.toLowerCase(), amountPence: -taken, kind: "spend", reference: orderId, note: null, createdAt: now });
    return taken;
  });
}

/**
 * Credit given back to the buyer of an order (a refund of its credit-paid part, or an order that was
 * not completed), with the lapse times it had when it was spent (latest first): giving it back never
 * makes credit last longer than it would have. What earlier returns gave back is read and the new rows
 * written in one transaction (a savepoint of the caller's), so nothing is given back twice.
 */
export async function returnCredit(tx: Tx, order: Pick<Order, "id" | "userId" | "customerEmail">, amountPence: number, note: string, now: Date): Promise<void> {
  if (amountPence <= 0) return;
  await withTransaction(tx, async (tx) => {
    if (order.userId) await lockRow(tx, users, order.userId);
    const rows = order.userId ? await rowsOf(tx, order.userId) : [];
    const state = ledgerState(rows, now);
    const spent = rows.filter((r) => r.kind === "spend" && r.reference === order.id).flatMap((r) => state.taken.get(r.id) ?? []);
    // What earlier returns of this order gave back, by lapse time, is not given back twice.
    const returned = new Map<number | null, number>();
    for (const r of rows.filter((r) => r.kind === "refund" && r.reference === order.id)) {
      const key = r.expiresAt?.getTime() ?? null;
      returned.set(key, (returned.get(key) ?? 0) + r.amountPence);
    }
    const pieces: CreditPiece[] = [];
    for (const piece of [...spent].sort((a, b) => soonestFirst(b, a))) {
      const key = piece.expiresAt?.getTime() ?? null;
      const already = Math.min(returned.get(key) ?? 0, piece.amountPence);
      returned.set(key, (returned.get(key) ?? 0) - already);
      if (piece.amountPence > already) pieces.push({ amountPence: piece.amountPence - already, expiresAt: piece.expiresAt });
    }
    let left = amountPence;
    const values = [];
    for (const piece of pieces) {
      if (left === 0) break;
      const give = Math.min(left, piece.amountPence);
      values.push({ amountPence: give, expiresAt: piece.expiresAt });
      left -= give;
    }
    // Nothing known about how it was spent (never the case for an order's own spend): the setting's lapse time from today.
    if (left > 0) values.push({ amountPence: left, expiresAt: await creditExpiryFrom(tx, now) });
    for (const v of values) {
      await tx
        .insert(walletEntries)
        .values({ userId: order.userId, email: order.customerEmail.toLowerCase(), kind: "refund", reference: order.id, note, createdAt: now, ...v });
    }
  });
}

/** A customer's site credit as staff see it (GET /admin/customers/{id}/wallet). */
export async function customerWallet(db: Tx, userId: string, now = new Date()): Promise<WalletView> {
  const user = await first(db.select().from(users).where(eq(users.id, userId)));
  if (!user) throw new AppError("NOT_FOUND", "Customer not found");
  return walletOf(db, user, now);
}

/** Goodwill credit added by staff with the reason: a ledger row and an audit row in one transaction. */
export function addGoodwillCredit(db: Db, actor: Actor, userId: string, amount: string, reason: string, now = new Date()): Promise<WalletView> {
  const pence = decimalToPence(amount);
  if (pence === null || pence <= 0) throw new AppError("INVALID_INPUT", "Goodwill credit must be above zero");
  if (pence > MAX_GOODWILL_PENCE) throw new AppError("INVALID_INPUT", `Goodwill credit is at most ${penceToDecimal(MAX_GOODWILL_PENCE)} at a time`);
  return audited(
    db,
    actor,
    async (tx) => {
      const user = await first(tx.select().from(users).where(eq(users.id, userId)));
      if (!user) throw new AppError("NOT_FOUND", "Customer not found");
      // Staff could otherwise pay for their own entries with credit they gave themselves.
      if (user.role === "admin") throw new AppError("INVALID_INPUT", "Goodwill credit is for customers: staff accounts cannot be given site credit");
      await tx.insert(walletEntries).values({
        userId,
        email: user.email.toLowerCase(),
        amountPence: pence,
        kind: "goodwill",
        note: reason,
        reference: `staff:${actor.email}`,
        expiresAt: await creditExpiryFrom(tx, now),
        createdAt: now,
      });
      return walletOf(tx, user, now);
    },
    () => ({ action: "admin.customers.addCredit", targetType: "user", targetId: userId, details: { userId, amount: penceToDecimal(pence), reason } }),
  );
}

/** What taking prizes' credit back did: what was left of them came back, the part already spent is owed. */
export interface PrizeTakeBack {
  takenBackPence: number;
  /** The part of the prizes already spent (`owed` rows): taken from other credit there is, the rest owed. */
  spentPence: number;
}

/**
 * Credit prizes whose winning entry was refunded in full or disputed: what is left of each is taken
 * back (a `reversal` row, out of the prize itself), and the part already spent is recorded as owed
 * (an `owed` row), which other credit on the account covers first and the next credit pays off.
 * What lapsed unspent is not owed. Every prize is read from the ledger as it stood before any of them
 * was taken back (one prize's debt must not look like another's spending). Once per prize: whether a
 * prize was taken back already is read and the rows written in one transaction (a savepoint of the caller's).
 */
export function takeBackPrizeCredit(tx: Tx, units: ReadonlyArray<{ id: string; note: string }>, now: Date): Promise<PrizeTakeBack> {
  return takeBackCredit(tx, "prize", units, now);
}

/**
 * Credit taken back as a prize's is: by the kind of credit and its reference (an instant prize unit,
 * a referral, whose reward is two rows, one for each side). Once per row of credit.
 */
export function takeBackCredit(tx: Tx, kind: "prize" | "referral", units: ReadonlyArray<{ id: string; note: string }>, now: Date): Promise<PrizeTakeBack> {
  return withTransaction(tx, async (tx) => {
    const done = { takenBackPence: 0, spentPence: 0 };
    const plans: Array<{ prize: WalletEntry; note: string; use: CreditUse }> = [];
    const states = new Map<string, LedgerState>();
    for (const unit of units) {
      const credited = await tx
        .select()
        .from(walletEntries)
        .where(and(eq(walletEntries.kind, kind), eq(walletEntries.reference, unit.id)))
        .orderBy(asc(walletEntries.createdAt), asc(walletEntries.id));
      for (const prize of credited) {
        if (prize.userId) await lockRow(tx, users, prize.userId);
        const already = await first(
          tx
            .select({ id: walletEntries.id })
            .from(walletEntries)
            .where(and(inArray(walletEntries.kind, ["reversal", "owed"]), eq(walletEntries.reference, unit.id), eq(walletEntries.email, prize.email)))
            .limit(1),
        );
        if (already) continue;
        // A guest's prize not yet the account's is held against the email.
        const owner = prize.userId ?? `email:${prize.email}`;
        let state = states.get(owner);
        if (!state) {
          const rows = prize.userId
            ? await rowsOf(tx, prize.userId)
            : await tx
                .select()
                .from(walletEntries)
                .where(and(isNull(walletEntries.userId), eq(walletEntries.email, prize.email)))
                .orderBy(asc(walletEntries.createdAt), asc(walletEntries.id));
          state = ledgerState(rows, now);
          states.set(owner, state);
        }
        plans.push({ prize, note: unit.note, use: state.credits.get(prize.id) ?? { remainingPence: 0, usedPence: 0, lapsedPence: 0 } });
      }
    }
    const row = async (prize: WalletEntry, amountPence: number, kind: "reversal" | "owed", note: string) => {
      await tx
        .insert(walletEntries)
        .values({ userId: prize.userId, email: prize.email, amountPence: -amountPence, kind, reference: prize.reference, note, createdAt: now });
    };
    // What is left of each credit comes out of that credit first; only then is what was spent owed.
    for (const p of plans) {
      if (p.use.remainingPence > 0) await row(p.prize, p.use.remainingPence, "reversal", `${p.note} Taken back.`);
      done.takenBackPence += p.use.remainingPence;
    }
    for (const p of plans) {
      if (p.use.usedPence > 0) await row(p.prize, p.use.usedPence, "owed", `${p.note} Already spent: owed, and taken from your next credit.`);
      done.spentPence += p.use.usedPence;
    }
    return done;
  });
}

/** What one customer owes (GET /admin/customers/{id}/wallet carries it too). */
export async function owedPenceOf(db: Tx, userId: string, now = new Date()): Promise<number> {
  return ledgerState(await rowsOf(db, userId), now).owedPence;
}

/**
 * Site credit owed across the shop, for the dashboard: only accounts with an `owed` row can owe
 * (spending never exceeds the balance), so only their ledgers are read. Largest first.
 */
export async function creditOwed(
  db: Tx,
  now = new Date(),
): Promise<{ totalPence: number; customers: Array<{ id: string; email: string; owedPence: number }> }> {
  const owing = await db
    .selectDistinct({ id: users.id, email: users.email })
    .from(walletEntries)
    .innerJoin(users, eq(walletEntries.userId, users.id))
    .where(eq(walletEntries.kind, "owed"));
  const customers: Array<{ id: string; email: string; owedPence: number }> = [];
  for (const u of owing) {
    const owedPence = await owedPenceOf(db, u.id, now);
    if (owedPence > 0) customers.push({ ...u, owedPence });
  }
  customers.sort((a, b) => b.owedPence - a.owedPence);
  return { totalPence: customers.reduce((sum, c) => sum + c.owedPence, 0), customers };
}
