import { eq } from "drizzle-orm";
import type { Tx } from "../../../../db/client";
import { competitions, entries, orders } from "../../../../db/schema";
import { penceToDecimal } from "../../../shared/money";
import type { OrderResult } from "../../../shared/schemas/entry";
import { AppError } from "../../errors";
import { ticketNumbersByEntry } from "../tickets";

/** An order as the buyer sees it. */
export function loadOrderResult(db: Tx, orderId: string): OrderResult {
  const order = db.select().from(orders).where(eq(orders.id, orderId)).get();
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  const lines = db
    .select({ entry: entries, title: competitions.title })
    .from(entries)
    .innerJoin(competitions, eq(entries.competitionId, competitions.id))
    .where(eq(entries.orderId, orderId))
    .all();
  // Numbers are the buyer's only once paid: a pending order's may still go back on sale.
  const numbers =
    order.status === "paid"
      ? ticketNumbersByEntry(
          db,
          lines.map((l) => l.entry.id),
        )
      : new Map<string, string[]>();
  return {
    orderId: order.id,
    status: order.status,
    amount: penceToDecimal(order.totalPence),
    lines: lines.map((l) => ({
      entryId: l.entry.id,
      competitionId: l.entry.competitionId,
      competitionTitle: l.title,
      ticketNumbers: numbers.get(l.entry.id) ?? [],
      amount: penceToDecimal(l.entry.amountPence),
    })),
  };
}
