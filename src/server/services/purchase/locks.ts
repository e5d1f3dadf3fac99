import { eq } from "drizzle-orm";
import { first, hasRowLocks, lockRow, type Tx } from "../../../../db/client";
import { competitions, entries, orders, users } from "../../../../db/schema";

/**
 * Where the engine has row locks: the order, its buyer's account, then the competitions of its lines in id order (their
 * counters, released numbers and instant prizes change with it), so that a settle, a failure, a refund and
 * a draw's freeze of the same order or competition run one after the other.
 */
export async function lockOrderAndCompetitions(tx: Tx, orderId: string): Promise<void> {
  if (!hasRowLocks(tx)) return;
  await lockOrder(tx, orderId);
  const lines = await tx.selectDistinct({ id: entries.competitionId }).from(entries).where(eq(entries.orderId, orderId));
  for (const id of lines.map((l) => l.id).sort()) await lockRow(tx, competitions, id);
}

/**
 * The order and its buyer's account, for a settle: its competitions' counters are changed by single
 * updates (held to sold), which lock their row from there to the commit, after the order and the account
 * as everywhere else. Other buyers of the competition are not held up for the rest of the settle.
 */
export async function lockOrder(tx: Tx, orderId: string): Promise<void> {
  if (!hasRowLocks(tx)) return;
  await lockRow(tx, orders, orderId);
  // The buyer's account next (site credit may go back to it), as a hold locks it before its competitions.
  const buyer = await first(tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)));
  if (buyer?.userId) await lockRow(tx, users, buyer.userId);
}
