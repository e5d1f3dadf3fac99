import { z } from "zod";
import { byId, successResult } from "../../../shared/schemas/common";
import { notification } from "../../../shared/schemas/notification";
import { deleteNotification, listAll } from "../../services/notifications";
import { adminProcedure, router } from "../../trpc/procedures";

/** The back office's notification management: every notification, and deleting one for everyone. */
export const adminNotificationsRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/notifications", tags: ["admin", "notifications"], summary: "Every notification, newest first" } })
    .input(z.void())
    .output(z.array(notification))
    .query(({ ctx }) => listAll(ctx.db)),

  remove: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/admin/notifications/{id}",
        tags: ["admin", "notifications"],
        summary: "Delete a notification for everyone (audited)",
      },
    })
    .input(byId)
    .output(successResult)
    .mutation(({ ctx, input }) => deleteNotification(ctx.db, ctx.actor, input.id)),
});
