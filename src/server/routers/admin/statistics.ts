import { z } from "zod";
import { adminStatistics, statisticsUpdate } from "../../../shared/schemas/statistics";
import { getAdminStatistics, updateStatistics } from "../../services/content/statistics";
import { adminProcedure, router } from "../../trpc/procedures";

export const adminStatisticsRouter = router({
  get: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/statistics",
        tags: ["admin", "content"],
        summary: "The site statistics as stored, where they come from, and what the shop's own records give",
      },
    })
    .input(z.void())
    .output(adminStatistics)
    .query(({ ctx }) => getAdminStatistics(ctx.db)),

  update: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/admin/statistics",
        tags: ["admin", "content"],
        summary: "Set the site statistics (home page and /winners)",
        description:
          'source "manual" shows the figures sent; "computed" shows winners and prize value from the shop\'s own winners and prizes (followers always as sent). null (an empty field) shows the fallback text (2200+, £11m+, 82k+). Audited with the values before.',
      },
    })
    .input(statisticsUpdate)
    .output(adminStatistics)
    .mutation(({ ctx, input }) => updateStatistics(ctx.db, ctx.actor, input, ctx.now())),
});
