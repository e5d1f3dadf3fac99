import { z } from "zod";
import { adminCompetition, campaignInput, competitionUpdate, relistDraft } from "../../../shared/schemas/admin";
import { byId, successResult } from "../../../shared/schemas/common";
import * as admin from "../../services/campaigns/manage";
import { adminProcedure, router } from "../../trpc/procedures";

export const adminCompetitionsRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/competitions", tags: ["admin"], summary: "Every competition with its answer, revenue and paid entries" } })
    .input(z.void())
    .output(z.array(adminCompetition))
    .query(({ ctx }) => admin.listAdminCompetitions(ctx.db, ctx.now())),

  create: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/competitions", tags: ["admin"], summary: "Create a competition (campaign)" } })
    .input(campaignInput)
    .output(adminCompetition)
    .mutation(({ ctx, input }) => admin.createCompetition(ctx.db, ctx.actor, input)),

  clone: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/competitions/{id}/clone",
        tags: ["admin"],
        summary: "Relist a closed or drawn competition: its draft, unsaved",
        description:
          "The same content, prizes, instant prizes, question and settings, with new dates from now and no sales. Nothing is saved: POST the draft (changed or not) to /admin/competitions to create the competition, with new instant-win numbers and commitments; the audit log then names both.",
      },
    })
    .input(byId)
    .output(relistDraft)
    .mutation(({ ctx, input }) => admin.relistDraftOf(ctx.db, input.id, ctx.now())),

  update: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/admin/competitions/{id}",
        tags: ["admin"],
        summary: "Update a competition",
        description: "Send every campaign field (as for create), or only `status` to close or reopen it. Only running the draw makes a competition drawn.",
      },
    })
    .input(competitionUpdate)
    .output(adminCompetition)
    .mutation(({ ctx, input }) => admin.updateCompetition(ctx.db, ctx.actor, input, ctx.now())),

  remove: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/admin/competitions/{id}",
        tags: ["admin"],
        summary: "Delete a competition that has no entries (paid, pending or postal); otherwise close it",
      },
    })
    .input(byId)
    .output(successResult)
    .mutation(({ ctx, input }) => admin.deleteCompetition(ctx.db, ctx.actor, input.id)),
});
