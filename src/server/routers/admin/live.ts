import { z } from "zod";
import { adminLiveEvening } from "../../../shared/schemas/live";
import { getAdminLiveEvening } from "../../services/live";
import { adminProcedure, router } from "../../trpc/procedures";

export const adminLiveRouter = router({
  evening: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/live",
        tags: ["admin", "draws"],
        summary: "The live draw evening's running order, with why a draw cannot run yet",
        description: "Each draw runs with POST /admin/competitions/{id}/draw.",
      },
    })
    .input(z.void())
    .output(adminLiveEvening)
    .query(({ ctx }) => getAdminLiveEvening(ctx.db, ctx.now())),
});
