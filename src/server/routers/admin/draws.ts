import { z } from "zod";
import { byId } from "../../../shared/schemas/common";
import { drawRecord, postalEntry, recordPostalEntryInput, runDrawInput } from "../../../shared/schemas/draws";
import { runDraw } from "../../services/draws";
import { listPostalEntries, recordPostalEntry } from "../../services/postal";
import { adminProcedure, router } from "../../trpc/procedures";

export const adminDrawsRouter = router({
  run: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/competitions/{id}/draw",
        tags: ["admin", "draws"],
        summary: "Run the draw now (closing sales first if still open)",
        description:
          "Optional beacon: an external public random value fixed before sales closed. Refused when already drawn or the pool is empty, and before the end date (409 DRAW_TOO_EARLY: sales and postal entries are still promised) unless `closeEarly.confirmEndDate` names the current end date (YYYY-MM-DD, UK date): the competition is then closed early on purpose, its end date (and a later draw date) brought forward to now, audited with the dates before and after.",
      },
    })
    .input(runDrawInput)
    .output(drawRecord)
    .mutation(({ ctx, input }) =>
      runDraw(
        { db: ctx.db, mailer: ctx.services.mailer, now: ctx.now, actor: ctx.actor, origin: ctx.origin },
        input.id,
        input.beacon ?? null,
        input.closeEarly,
      ),
    ),

  recordPostal: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/admin/competitions/{id}/postal-entries", tags: ["admin", "draws"], summary: "Record a free postal entry received" },
    })
    .input(recordPostalEntryInput)
    .output(postalEntry)
    .mutation(({ ctx, input: { id: competitionId, ...args } }) =>
      recordPostalEntry({ db: ctx.db, mailer: ctx.services.mailer, now: ctx.now, actor: ctx.actor, origin: ctx.origin }, competitionId, args),
    ),

  listPostal: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/competitions/{id}/postal-entries", tags: ["admin", "draws"], summary: "Postal entries of a competition" } })
    .input(byId)
    .output(z.array(postalEntry))
    .query(({ ctx, input }) => listPostalEntries(ctx.db, input.id)),
});
