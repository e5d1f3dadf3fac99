import { z } from "zod";
import type { Db } from "../../../../db/client";
import { byId, successResult } from "../../../shared/schemas/common";
import { notification, notificationRead, ownNotifications } from "../../../shared/schemas/notification";
import { AppError } from "../../errors";
import * as notifications from "../../services/notifications";
import { byRole } from "../../trpc/middleware/auth";
import { customerProcedure, router } from "../../trpc/procedures";

/** SPEC §7 passes userId in these paths; the session decides, and another user's id is refused. */
function assertOwn(claimed: string | undefined, userId: string) {
  if (claimed && claimed !== userId) throw new AppError("NOT_YOURS", "You can only act on your own notifications");
}

function ownList(ctx: { db: Db; user: { id: string }; now: () => Date }, claimed: string | undefined) {
  assertOwn(claimed, ctx.user.id);
  return notifications.listForUser(ctx.db, ctx.user.id, ctx.now());
}

export const notificationsRouter = router({
  list: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/notifications",
        tags: ["notifications"],
        summary: "Notifications: the caller's own, or every one for an admin",
        description:
          "With userId (which must be the caller's own id) or for a customer: the caller's notifications and the broadcasts they have not dismissed. " +
          "For an admin without userId: every notification (the admin's management list).",
      },
    })
    .input(ownNotifications)
    .output(z.array(notification))
    // SPEC §7 documents this path as the admin's list too; byRole hands an admin to the same service
    // admin.notifications.list (GET /api/admin/notifications, what the back office calls) uses.
    .query(
      byRole({
        admin: ({ ctx, input }) => (input?.userId ? ownList(ctx, input.userId) : notifications.listAll(ctx.db)),
        others: ({ ctx, input }) => ownList(ctx, input?.userId),
      }),
    ),

  unreadCount: customerProcedure
    .meta({ openapi: { method: "GET", path: "/notifications/unread-count", tags: ["notifications"], summary: "Unread count for the caller" } })
    .input(ownNotifications)
    .output(z.object({ count: z.number().int() }))
    .query(({ ctx, input }) => {
      assertOwn(input?.userId, ctx.user.id);
      return notifications.unreadCount(ctx.db, ctx.user.id, ctx.now());
    }),

  markRead: customerProcedure
    .meta({ openapi: { method: "PUT", path: "/notifications/{id}/read", tags: ["notifications"], summary: "Mark one read" } })
    .input(notificationRead)
    .output(successResult)
    .mutation(({ ctx, input }) => {
      assertOwn(input.userId, ctx.user.id);
      return notifications.markRead(ctx.db, ctx.user.id, input.id, ctx.now());
    }),

  markAllRead: customerProcedure
    .meta({ openapi: { method: "PUT", path: "/notifications/mark-all-read", tags: ["notifications"], summary: "Mark all read" } })
    .input(ownNotifications)
    .output(successResult)
    .mutation(({ ctx, input }) => {
      assertOwn(input?.userId, ctx.user.id);
      return notifications.markAllRead(ctx.db, ctx.user.id, ctx.now());
    }),

  remove: customerProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/notifications/{id}",
        tags: ["notifications"],
        summary: "Delete a notification for the caller",
        description:
          "Deletes the caller's own notification or dismisses a broadcast for the caller. An admin deletes one for everyone with DELETE /api/admin/notifications/{id}.",
      },
    })
    .input(byId)
    .output(successResult)
    .mutation(({ ctx, input }) => notifications.removeForUser(ctx.db, ctx.user.id, input.id, ctx.now())),
});
