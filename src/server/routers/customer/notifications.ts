import { z } from "zod";
import { notification } from "../../../shared/schemas/notification";
import { AppError } from "../../errors";
import * as notifications from "../../services/notifications";
import { customerProcedure, router } from "../../trpc/procedures";

const ownId = z.strictObject({ userId: z.string().max(64).optional() });

/** SPEC §7 passes userId in these paths; the session decides, and another user's id is refused. */
function assertOwn(claimed: string | undefined, userId: string) {
  if (claimed && claimed !== userId) throw new AppError("FORBIDDEN", "You can only act on your own notifications");
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
    .input(ownId.optional())
    .output(z.array(notification))
    .query(({ ctx, input }) => {
      assertOwn(input?.userId, ctx.user.id);
      return ctx.user.role === "admin" && !input?.userId ? notifications.listAll(ctx.db) : notifications.listForUser(ctx.db, ctx.user.id, ctx.now());
    }),

  unreadCount: customerProcedure
    .meta({ openapi: { method: "GET", path: "/notifications/unread-count", tags: ["notifications"], summary: "Unread count for the caller" } })
    .input(ownId.optional())
    .output(z.object({ count: z.number().int() }))
    .query(({ ctx, input }) => {
      assertOwn(input?.userId, ctx.user.id);
      return notifications.unreadCount(ctx.db, ctx.user.id, ctx.now());
    }),

  markRead: customerProcedure
    .meta({ openapi: { method: "PUT", path: "/notifications/{id}/read", tags: ["notifications"], summary: "Mark one read" } })
    .input(ownId.extend({ id: z.string().min(1).max(64) }))
    .output(z.object({ success: z.boolean() }))
    .mutation(({ ctx, input }) => {
      assertOwn(input.userId, ctx.user.id);
      return notifications.markRead(ctx.db, ctx.user.id, input.id, ctx.now());
    }),

  markAllRead: customerProcedure
    .meta({ openapi: { method: "PUT", path: "/notifications/mark-all-read", tags: ["notifications"], summary: "Mark all read" } })
    .input(ownId.optional())
    .output(z.object({ success: z.boolean() }))
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
        summary: "Delete a notification",
        description:
          "Deletes the caller's own notification or dismisses a broadcast for the caller. An admin managing notifications passes all=true to delete it for everyone.",
      },
    })
    .input(z.strictObject({ id: z.string().min(1).max(64), all: z.stringbool().optional() }))
    .output(z.object({ success: z.boolean() }))
    .mutation(({ ctx, input }) =>
      notifications.removeNotification(ctx.db, { id: ctx.user.id, role: ctx.user.role }, input.id, input.all === true, ctx.now()),
    ),
});
