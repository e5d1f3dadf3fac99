import { z } from "zod";
import { dateOfBirthChange } from "./admin";
import { recordId } from "./common";

/** A winner's claim on their prize (issue #17): notified → claimed → fulfilled, or expired. */
export const claimStatus = z.enum(["notified", "claimed", "fulfilled", "expired", "void"]);
export type ClaimStatus = z.infer<typeof claimStatus>;
export const claimChoice = z.enum(["prize", "cash"]);
export type ClaimChoice = z.infer<typeof claimChoice>;

/** Countries a prize is delivered to free (the footer's promise); others are arranged by the operator. */
export const DELIVERY_COUNTRIES = ["United Kingdom", "Ireland"] as const;

export const claimAddress = z.strictObject({
  line1: z.string({ error: "Address line 1 is required" }).trim().min(1, "Address line 1 is required").max(200),
  line2: z.string().trim().max(200).optional(),
  city: z.string({ error: "Town or city is required" }).trim().min(1, "Town or city is required").max(100),
  postcode: z.string({ error: "Postcode is required" }).trim().min(2, "Postcode is required").max(20),
  country: z.string({ error: "Country is required" }).trim().min(2, "Country is required").max(100),
});
export type ClaimAddress = z.infer<typeof claimAddress>;

/** POST /user/claims/{id}: the winner confirms who they are, chooses, and says where to send it. */
export const claimSubmitFields = z.strictObject({
  dateOfBirth: dateOfBirthChange.shape.dateOfBirth,
  choice: claimChoice,
  phone: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(1, "Phone number is required")
    .max(40)
    .regex(/^\+?[\d\s()-]{7,}$/, "Please enter a valid phone number"),
  address: claimAddress,
  acceptTerms: z.literal(true, { error: "Please accept the claim terms" }),
  /** May the winners gallery (and the home page) show the winner's name, and their photo? Unticked means no. */
  publishName: z.boolean().default(false),
  publishPhoto: z.boolean().default(false),
});
export const claimSubmitInput = claimSubmitFields.extend({ id: recordId });
export type ClaimSubmitInput = z.input<typeof claimSubmitFields>;

/** How a claim reads for its winner (and, extended, for staff). */
export const customerClaim = z.object({
  id: z.string(),
  /** The winner row (GET /user/wins lists it by this id). */
  winnerId: z.string(),
  competitionId: z.string(),
  competitionTitle: z.string(),
  competitionImage: z.string(),
  /** What was won: the instant prize's name for an instant prize, else the competition's prize details (or its title). */
  prize: z.string(),
  /** "£9,500" where a cash alternative is offered, else null (then only "prize" may be chosen). */
  cashAlternative: z.string().nullable(),
  status: claimStatus,
  ticketNumber: z.string().nullable(),
  /** When the winner was told (the draw time). */
  notifiedAt: z.string(),
  /** The end of the claim window. */
  expiresAt: z.string(),
  choice: claimChoice.nullable(),
  phone: z.string().nullable(),
  address: claimAddress.nullable(),
  /** False when the address is outside the UK mainland and Ireland: the operator will be in touch. */
  deliverable: z.boolean().nullable(),
  claimedAt: z.string().nullable(),
  fulfilledAt: z.string().nullable(),
  fulfilment: z.enum(["delivered", "paid"]).nullable(),
  /** The carrier's or the payment's reference once fulfilled. */
  reference: z.string().nullable(),
  expiredAt: z.string().nullable(),
  expiryReason: z.string().nullable(),
  /** The draw's public record. */
  verifyUrl: z.string(),
});
export type CustomerClaim = z.infer<typeof customerClaim>;

/** A claim in the back office. */
export const adminClaim = customerClaim.extend({
  customerName: z.string(),
  customerEmail: z.string(),
  userId: z.string().nullable(),
  contactedAt: z.string().nullable(),
  contactNote: z.string().nullable(),
  /** Not acknowledged (claimed online or reached by phone) within 48 hours of the draw. */
  overdue: z.boolean(),
  reminder48hAt: z.string().nullable(),
  reminder7dAt: z.string().nullable(),
  /** How it will be fulfilled once claimed: "paid" for the cash alternative or a cash prize, else "delivered". */
  fulfilBy: z.enum(["delivered", "paid"]),
});
export type AdminClaim = z.infer<typeof adminClaim>;

export const adminClaimsQuery = z.strictObject({ status: claimStatus.optional() }).optional();

/**
 * PUT /admin/claims/{id}:
 * - { status: "notified", note }: record contact with the winner (by phone) before they claim;
 * - { status: "fulfilled", reference, note? }: delivered (prize) or paid (cash), from "claimed";
 * - { status: "expired", note }: expire with a reason, from "notified" or "claimed".
 */
export const adminClaimUpdate = z.strictObject({
  // "void" is the server's alone: it follows a refund or a dispute of the winning entry.
  status: claimStatus.exclude(["void"]),
  reference: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined)),
  note: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export const adminClaimUpdateInput = adminClaimUpdate.extend({ id: recordId });
export type AdminClaimUpdate = z.input<typeof adminClaimUpdate>;

/** GET /admin/claims/summary: the dashboard tile. */
export const claimsSummary = z.object({
  /** Notified, not yet claimed and not reached by phone. */
  awaitingContact: z.number().int(),
  /** Of those, past 48 hours since the draw. */
  overdue: z.number().int(),
  /** Claimed, not yet delivered or paid. */
  awaitingFulfilment: z.number().int(),
});
export type ClaimsSummary = z.infer<typeof claimsSummary>;
