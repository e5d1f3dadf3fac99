import { z } from "zod";
import { recordId } from "./common";
import { MAX_TICKETS, MIN_TICKETS } from "../ticket-limits";

/** What a buyer types: letters, digits, - and _; compared in capitals. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

export const discountCodeText = z
  .string({ error: "Enter a discount code" })
  .trim()
  .min(1, "Enter a discount code")
  .max(32, "That code is too long")
  .regex(DISCOUNT_CODE_PATTERN, "A code is 3 to 32 letters, digits, - or _")
  .transform((v) => v.toUpperCase());

/** A code typed at checkout: optional, and an empty box means none. */
export const discountCodeField = z
  .string()
  .trim()
  .max(32, "That code is too long")
  .optional()
  .nullable()
  .transform((v) => (v ? v.toUpperCase() : null));

const money = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter an amount such as 2.50");

const when = (label: string) =>
  z
    .string()
    .nullable()
    .refine((v) => !v || !Number.isNaN(Date.parse(v)), `${label} must be a valid date`)
    .transform((v) => v || null);

const limit = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(max, `${label} is at most ${max}`)
    .nullable();

/** Each field as written, without defaults (an update changes only the fields given). */
const fields = {
  code: discountCodeText,
  description: z.string().trim().max(200, "At most 200 characters"),
  /** percent: `percent` off (1–100); fixed: `amount` off, in pounds ("5.00"). */
  kind: z.enum(["percent", "fixed"], { error: "Choose a percentage or a fixed amount" }),
  percent: z.number().int("A whole percentage, 1 to 100").min(1, "A whole percentage, 1 to 100").max(100, "A whole percentage, 1 to 100").nullable(),
  amount: money.nullable(),
  /** What the lines it applies to must come to (after multibuy prices); none when null. */
  minSpend: money
    .or(z.literal(""))
    .nullable()
    .transform((v) => v || null),
  /** The competitions and categories it applies to; every competition when both are empty. */
  competitionIds: z.array(recordId).max(100),
  categories: z.array(z.string().trim().min(1).max(60)).max(50),
  startsAt: when("Start"),
  endsAt: when("End"),
  maxUses: limit("Total uses", 1_000_000),
  maxUsesPerCustomer: limit("Uses per customer", 1000),
  firstOrderOnly: z.boolean(),
  active: z.boolean(),
};

function checkCode(
  v: { kind?: "percent" | "fixed"; percent?: number | null; amount?: string | null; startsAt?: string | null; endsAt?: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.kind === "percent" && !v.percent) ctx.addIssue({ code: "custom", path: ["percent"], message: "Enter the percentage off, 1 to 100" });
  if (v.kind === "fixed" && (!v.amount || Number(v.amount) <= 0))
    ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter the amount off, above zero" });
  if (v.startsAt && v.endsAt && !(Date.parse(v.startsAt) < Date.parse(v.endsAt))) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "End must be after the start" });
  }
}

/** POST /api/admin/discount-codes. */
export const discountCodeInput = z
  .strictObject({
    ...fields,
    description: fields.description.default(""),
    percent: fields.percent.optional(),
    amount: fields.amount.optional(),
    minSpend: fields.minSpend.optional(),
    startsAt: fields.startsAt.optional(),
    endsAt: fields.endsAt.optional(),
    maxUses: fields.maxUses.optional(),
    maxUsesPerCustomer: fields.maxUsesPerCustomer.optional(),
    competitionIds: fields.competitionIds.default([]),
    categories: fields.categories.default([]),
    firstOrderOnly: fields.firstOrderOnly.default(false),
    active: fields.active.default(true),
  })
  .superRefine(checkCode);
export type DiscountCodeInput = z.input<typeof discountCodeInput>;

/** PUT /api/admin/discount-codes/{id}: the fields given change, the rest stay. */
export const discountCodeUpdate = z.strictObject({ id: recordId, ...fields }).partial({
  code: true,
  description: true,
  kind: true,
  percent: true,
  amount: true,
  minSpend: true,
  competitionIds: true,
  categories: true,
  startsAt: true,
  endsAt: true,
  maxUses: true,
  maxUsesPerCustomer: true,
  firstOrderOnly: true,
  active: true,
});
export type DiscountCodeUpdate = z.input<typeof discountCodeUpdate>;

export const discountCodeState = z.enum(["active", "scheduled", "ended", "used_up", "off"]);

/** A code as the back office sees it, with what it has given. */
export const discountCodeView = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(["percent", "fixed"]),
  percent: z.number().int().nullable(),
  amount: z.string().nullable(),
  minSpend: z.string().nullable(),
  competitionIds: z.array(z.string()),
  categories: z.array(z.string()),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  active: z.boolean(),
  /** Orders holding or paid with it. */
  used: z.number().int(),
  /** What it has taken off those orders in all. */
  discountGiven: z.string(),
  /** Usable now, not yet started, past its end, used up, or switched off. */
  state: discountCodeState,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DiscountCodeView = z.infer<typeof discountCodeView>;

/** POST /api/discount-codes/check: what a code takes off these lines, before paying. */
export const discountCheckInput = z.strictObject({
  code: discountCodeText,
  lines: z
    .array(z.strictObject({ competitionId: recordId, quantity: z.number().int().min(MIN_TICKETS).max(MAX_TICKETS) }))
    .min(1, "Your cart is empty")
    .max(50),
});

export const discountCheckResult = z.object({
  code: z.string(),
  description: z.string(),
  /** After multibuy prices, before the code. */
  subtotal: z.string(),
  discount: z.string(),
  total: z.string(),
  lines: z.array(z.object({ competitionId: z.string(), discount: z.string(), amount: z.string() })),
});
export type DiscountCheckResult = z.infer<typeof discountCheckResult>;

/** Why a code gives nothing (details.reason of a DISCOUNT_NOT_APPLICABLE error). */
export const DISCOUNT_REASONS = ["unknown", "off", "not_started", "ended", "used_up", "customer_limit", "first_order", "not_eligible", "min_spend"] as const;
export type DiscountReason = (typeof DISCOUNT_REASONS)[number];
