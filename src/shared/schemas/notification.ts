import { z } from "zod";
import { recordId } from "./common";

export const notificationType = z.enum(["info", "success", "warning", "error", "winner"]);
export const notificationPriority = z.enum(["low", "normal", "high", "urgent"]);

export const notification = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: notificationType,
  priority: notificationPriority,
  /** Null for a broadcast. */
  userId: z.string().nullable(),
  isRead: z.boolean(),
  competitionId: z.string().nullable(),
  /** A page of the shop it opens (e.g. /account/claims/{id}); null for none. */
  link: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationInput = z.strictObject({
  title: z.string({ error: "Please fill in all required fields" }).trim().min(1, "Please fill in all required fields").max(200),
  message: z.string({ error: "Please fill in all required fields" }).trim().min(1, "Please fill in all required fields").max(2000),
  type: notificationType.default("info"),
  priority: notificationPriority.default("normal"),
  userId: z
    .string()
    .trim()
    .max(64)
    .optional()
    .nullable()
    .transform((v) => v || null),
  competitionId: z.string().max(64).optional().nullable(),
  expiresAt: z.string().datetime().optional().nullable(),
  /** A broadcast only: also email it to the customers who opted in to marketing (with unsubscribe links). */
  emailOptedIn: z.boolean().optional(),
});

/** SPEC §7 passes the caller's own userId with these calls; the session decides, another user's id is refused. */
const ownUserId = z.strictObject({ userId: z.string().max(64).optional() });
export const ownNotifications = ownUserId.optional();
export const notificationRead = ownUserId.extend({ id: recordId });
