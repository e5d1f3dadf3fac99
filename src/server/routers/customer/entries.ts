import { z } from "zod";
import { trackViewInput } from "../../../shared/schemas/competition";
import { customerEntry, customerWin } from "../../../shared/schemas/entry";
import { recordView } from "../../services/competitions";
import * as entries from "../../services/entries";
import { customerProcedure, router } from "../../trpc/procedures";

export const customerEntriesRouter = router({
  list: customerProcedure
    .meta({ openapi: { method: "GET", path: "/user/entries", tags: ["account"], summary: "The signed-in user's entries, with their competitions" } })
    .input(z.void())
    .output(z.array(customerEntry))
    .query(({ ctx }) => entries.listUserEntries(ctx.db, ctx.user.id)),

  wins: customerProcedure
    .meta({ openapi: { method: "GET", path: "/user/wins", tags: ["account"], summary: "The signed-in user's wins" } })
    .input(z.void())
    .output(z.array(customerWin))
    .query(({ ctx }) => entries.listUserWins(ctx.db, ctx.user.id)),

  trackView: customerProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/user/track-view",
        tags: ["account"],
        summary: "Record that the signed-in user viewed a competition",
        description: "userId, if sent, must be the caller's own id (403 otherwise).",
      },
    })
    .input(trackViewInput)
    .output(z.object({ recorded: z.boolean() }))
    .mutation(({ ctx, input }) => recordView(ctx.db, ctx.user.id, input.competitionId, input.userId)),
});
