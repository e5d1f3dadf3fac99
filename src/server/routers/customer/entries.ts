import { z } from "zod";
import { trackViewInput } from "../../../shared/schemas/competition";
import { customerEntry, customerWin, userEntriesPage, userEntriesQuery } from "../../../shared/schemas/entry";
import { recordView } from "../../services/competitions/catalogue";
import * as entries from "../../services/entries";
import { customerProcedure, router } from "../../trpc/procedures";

export const customerEntriesRouter = router({
  list: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/entries",
        tags: ["account"],
        summary: "The signed-in user's entries, with their competitions",
        description:
          `Newest first. Without page or pageSize: an array of the newest ${entries.USER_ENTRIES_UNPAGED_CAP.toLocaleString("en-GB")}, ` +
          "with X-Total-Count (how many there are) and, when there are more, a Link to the first page. " +
          `With page (from 1) or pageSize (1–${entries.USER_ENTRIES_PAGE_MAX}, default ${entries.USER_ENTRIES_PAGE_DEFAULT}): { items, page, pageSize, total }. ` +
          "GET /user/export has every entry.",
      },
    })
    .input(userEntriesQuery)
    .output(z.union([z.array(customerEntry), userEntriesPage]))
    .query(async ({ ctx, input }) => {
      if (input?.page !== undefined || input?.pageSize !== undefined)
        return entries.userEntriesPage(ctx.db, ctx.user.id, input.page ?? 1, input.pageSize ?? entries.USER_ENTRIES_PAGE_DEFAULT);
      const newest = await entries.newestUserEntries(ctx.db, ctx.user.id);
      ctx.setHeader("X-Total-Count", String(newest.total));
      if (newest.total > newest.items.length) ctx.setHeader("Link", `</api/user/entries?page=1&pageSize=${entries.USER_ENTRIES_PAGE_MAX}>; rel="first"`);
      return newest.items;
    }),

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
