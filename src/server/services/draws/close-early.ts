import { eq } from "drizzle-orm";
import { lockRow, first, withTransaction, type Db } from "../../../../db/client";
import { competitions } from "../../../../db/schema";
import { closeEarlyConfirmation, drawTooEarlyReason, type DrawTiming } from "../../../shared/draw-timing";
import type { CloseEarlyInput } from "../../../shared/schemas/draws";
import { AppError } from "../../errors";
import { writeAudit } from "../audit";
import type { DrawAudit } from "./types";

/*
 * A competition's page promises sales (and free postal entries, which must arrive before it closes)
 * until its end date, and a draw after it. A draw before then is refused, unless an admin closes the
 * competition early on purpose: they confirm the end date being brought forward, and the change is
 * audited with the dates before and after.
 */

type Dates = DrawTiming;

/** The refusal of a draw before the end date, naming the dates and the deliberate way round it. */
export function drawTooEarly(c: Dates, now: Date): AppError {
  const confirm = closeEarlyConfirmation(c);
  return new AppError("DRAW_TOO_EARLY", `${drawTooEarlyReason(c, now)} To draw now, close the competition early by confirming its end date, ${confirm}.`, {
    endDate: c.endDate.toISOString(),
    drawDate: c.drawDate.toISOString(),
    confirmEndDate: confirm,
  });
}

/**
 * Brings the end date (and a later draw date) forward to `now` and stops sales, once the admin has
 * confirmed the current end date. The dashboard's Close only pauses sales until the end date; this
 * makes that close final, so the pool can be frozen and drawn.
 */
export async function closeEarly(db: Db, id: string, input: CloseEarlyInput, now: Date, audit: DrawAudit | undefined): Promise<void> {
  await withTransaction(db, async (tx) => {
    await lockRow(tx, competitions, id);
    const c = await first(tx.select().from(competitions).where(eq(competitions.id, id)));
    if (!c) throw new AppError("NOT_FOUND", "Competition not found");
    if (c.endDate <= now) return;
    const expected = closeEarlyConfirmation(c);
    if (input.confirmEndDate !== expected) {
      throw new AppError("INVALID_INPUT", `To close early, confirm this competition's current end date, ${expected} (you entered ${input.confirmEndDate}).`);
    }
    const after = { endDate: now, drawDate: c.drawDate > now ? now : c.drawDate };
    await tx
      .update(competitions)
      .set({ ...after, status: c.status === "active" ? "closed" : c.status })
      .where(eq(competitions.id, id));
    if (audit) {
      await writeAudit(
        tx,
        audit.actor,
        audit.row("closed early", {
          endDate: { before: c.endDate.toISOString(), after: after.endDate.toISOString() },
          drawDate: { before: c.drawDate.toISOString(), after: after.drawDate.toISOString() },
          confirmedEndDate: input.confirmEndDate,
        }),
      );
    }
  });
}
