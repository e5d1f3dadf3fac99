import { z } from "zod";
import { customerProfile } from "./auth";
import { adminClaim } from "./claims";
import { recordId } from "./common";
import { customerEntry, customerWin } from "./entry";
import { orderView } from "./order";
import { spendingLimits } from "./protection";

/** The back office's customer records: find a customer, read everything about them, act. */

export const customerSearchInput = z.strictObject({
  search: z.string().trim().max(200).optional(),
  page: z.number().int().min(1).max(100_000).optional(),
});

export const customerSummary = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  role: z.enum(["user", "admin"]),
  emailVerified: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummary>;

export const customerPage = z.object({ customers: z.array(customerSummary), total: z.number(), page: z.number(), pageSize: z.number() });

export const customerNote = z.object({ id: z.string(), text: z.string(), authorEmail: z.string().nullable(), createdAt: z.string() });

export const customerRecord = z.object({
  profile: customerProfile,
  orders: z.array(orderView),
  entries: z.array(customerEntry),
  wins: z.array(customerWin),
  /** The customer's prize claims (draw wins and instant cash or physical prizes), newest first. */
  claims: z.array(adminClaim),
  protection: spendingLimits.extend({
    restricted: z.boolean(),
    restrictionReason: z.string().nullable(),
    suspendedUntil: z.string().nullable(),
    suspensionKind: z.string().nullable(),
  }),
  complaints: z.array(
    z.object({ id: z.string(), kind: z.string(), reference: z.string().nullable(), subject: z.string(), status: z.string(), createdAt: z.string() }),
  ),
  activeSessions: z.number(),
  audit: z.array(z.object({ id: z.number(), action: z.string(), actorEmail: z.string().nullable(), reason: z.string().nullable(), createdAt: z.string() })),
  notes: z.array(customerNote),
});
export type CustomerRecord = z.infer<typeof customerRecord>;

export const customerNoteForm = z.strictObject({
  text: z.string({ error: "Write a note" }).trim().min(1, "Write a note").max(2000, "Must be at most 2000 characters"),
});
export const customerNoteInput = customerNoteForm.extend({ id: recordId });
