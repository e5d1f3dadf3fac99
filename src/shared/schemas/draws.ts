import { z } from "zod";
import { recordId } from "./common";
import { competitionStatus } from "./competition";

/**
 * Closing a competition early on purpose, to draw before its end date: the admin confirms the end date
 * being brought forward (its UK calendar date), so a stray click cannot break the page's promise.
 */
export const closeEarlyInput = z.strictObject({
  confirmEndDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Type the end date as YYYY-MM-DD"),
});

/** POST /admin/competitions/{id}/draw: an optional external public random value fixed before sales closed. */
export const runDrawInput = z.strictObject({
  id: recordId,
  beacon: z.string().trim().min(1).max(200).optional(),
  closeEarly: closeEarlyInput.optional(),
});
export type CloseEarlyInput = z.infer<typeof closeEarlyInput>;

/**
 * A free entry received by post, as the back office's form and POST
 * /admin/competitions/{id}/postal-entries take it. The server alone decides age, caps, the closing
 * date, whether the date received is in the past and whether the answer is right.
 */
export const postalEntryInput = z.strictObject({
  customerName: z.string().trim().min(1, "Entrant name is required").max(120),
  customerEmail: z.string().trim().max(254).pipe(z.email("Please enter a valid email address")),
  address: z.string().trim().min(1, "Postal address is required").max(1000),
  receivedAt: z
    .string()
    .min(1, "Date received is required")
    .refine((v) => !Number.isNaN(Date.parse(v)), "Date received must be a valid date"),
  postalReference: z.string().trim().min(1, "Postal reference is required").max(100),
  answer: z.string().trim().max(200).nullable().optional(),
  dateOfBirth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Date of birth must be a full date")
    .nullable()
    .optional(),
});
export type PostalEntryInput = z.input<typeof postalEntryInput>;

export const recordPostalEntryInput = postalEntryInput.extend({ id: recordId });

export const postalEntry = z.object({
  id: z.string(),
  competitionId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  address: z.string().nullable(),
  receivedAt: z.string().nullable(),
  postalReference: z.string().nullable(),
  ticketNumbers: z.array(z.string()),
  entryDate: z.string(),
  userId: z.string().nullable(),
});

/** GET /competitions/{id}/draw: what anyone needs to check a draw (see the README). */
export const drawRecord = z.object({
  competitionId: z.string(),
  title: z.string(),
  status: competitionStatus,
  commitment: z.string(),
  poolSize: z.number().int().nullable(),
  poolHash: z.string().nullable(),
  pool: z.array(z.object({ ticketNumber: z.string(), name: z.string() })).nullable(),
  beacon: z.string().nullable(),
  seed: z.string().nullable(),
  winners: z.array(z.object({ k: z.number().int(), index: z.number().int(), ticketNumber: z.string(), displayName: z.string() })),
  numberOfWinners: z.number().int(),
  drawDate: z.string(),
  closedAt: z.string().nullable(),
  drawnAt: z.string().nullable(),
});
