import { z } from "zod";
import { adminCompetition, campaignInput } from "../../../shared/schemas/admin";
import { competitionStatus } from "../../../shared/schemas/competition";
import * as admin from "../../services/admin-competitions";
import { adminProcedure, router } from "../../trpc/procedures";

const id = z.string().min(1).max(64);

export const adminCompetitionsRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/competitions", tags: ["admin"], summary: "Every competition with its answer, revenue and paid entries" } })
    .input(z.void())
    .output(z.array(adminCompetition))
    .query(({ ctx }) => admin.listAdminCompetitions(ctx.db)),

  create: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/competitions", tags: ["admin"], summary: "Create a competition (campaign)" } })
    .input(campaignInput)
    .output(adminCompetition)
    .mutation(({ ctx, input }) => admin.createCompetition(ctx.db, ctx.actor, input)),

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
    .input(z.looseObject({ id, status: competitionStatus.optional() }))
    .output(adminCompetition)
    .mutation(({ ctx, input }) => {
      const { id: competitionId, ...fields } = input;
      return admin.updateCompetitionFromRequest(ctx.db, ctx.actor, competitionId, fields);
    }),

  remove: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/admin/competitions/{id}", tags: ["admin"], summary: "Delete a competition that has no entries (paid, pending or postal); otherwise close it" } })
    .input(z.strictObject({ id }))
    .output(z.object({ success: z.boolean() }))
    .mutation(({ ctx, input }) => admin.deleteCompetition(ctx.db, ctx.actor, input.id)),
});
