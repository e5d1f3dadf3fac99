import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { competitions } from "../../db/schema";
import { londonDateKey } from "../../src/shared/london-time";

/**
 * The deliberate confirmation a draw before the end date needs: the competition's current end date,
 * as the admin types it. Tests that draw a competition still on sale close it early on purpose.
 */
export const closeEarlyOf = (c: { endDate: Date | string }) => ({ confirmEndDate: londonDateKey(new Date(c.endDate)) });

/**
 * Draw night as it really comes: the competition's end date has just passed (sales closed on
 * Sunday night), so the live draw at the scheduled time runs without closing anything early.
 */
export async function salesEnded(db: Db, id: string): Promise<void> {
  await db
    .update(competitions)
    .set({ endDate: new Date(Date.now() - 1000) })
    .where(eq(competitions.id, id));
}
