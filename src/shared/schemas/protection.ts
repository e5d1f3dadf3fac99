import { z } from "zod";
import { recordId } from "./common";

/** PUT /user/limits and the player's limit form: pounds with at most 2 decimals (£0 allowed); null removes the limit. */
export const setLimitsInput = z.strictObject({
  monthlyLimit: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter the limit in pounds, e.g. 50.00")
    .nullable(),
});

export const spendingLimits = z.object({
  /** Set while the player is on a break, self-excluded or restricted. */
  suspension: z.object({ until: z.string(), kind: z.string(), message: z.string() }).nullable(),
  monthlyLimit: z.string().nullable(),
  pendingIncrease: z.object({ monthlyLimit: z.string().nullable(), effectiveAt: z.string() }).nullable(),
  spentThisMonth: z.string(),
  remainingThisMonth: z.string().nullable(),
});

/** A break (1w, 1m) or self-exclusion (6m, 1y, 5y); services/protection holds how long each lasts. */
export const BREAK_PERIOD_CHOICES = ["1w", "1m", "6m", "1y", "5y"] as const;
export const takeBreakInput = z.strictObject({ period: z.enum(BREAK_PERIOD_CHOICES) });

/** POST /admin/player-protection/{userId}/restrict and the back office's dialog: the reason is kept in the audit log. */
export const restrictAccountInput = z.strictObject({
  userId: recordId,
  restricted: z.boolean().default(true),
  reason: z.string().trim().min(5, "Give a reason of at least 5 characters").max(1000),
});

export const complaintStatus = z.enum(["open", "answered", "closed"]);

/** PUT /admin/complaints/{id} and the complaint dialog: a status change and/or a note. */
export const complaintUpdate = z.strictObject({
  id: recordId,
  status: complaintStatus.optional(),
  note: z.string().trim().max(5000, "A note can be at most 5,000 characters").nullable().optional(),
});

export const complaint = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: complaintStatus,
  responseDueAt: z.string().nullable(),
  notes: z.array(z.object({ at: z.string(), by: z.string(), text: z.string() })),
  createdAt: z.string(),
});
