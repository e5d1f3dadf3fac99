import { z } from "zod";
import { decimalToPence, penceToDecimal } from "../money";
import { MAX_PRICE_TIERS, priceTierProblem, tiersFromView } from "../pricing";
import { entryStatus, orderStatus } from "./order";
import { acceptingReadOnly, recordId } from "./common";
import { competitionCore, competitionStatus } from "./competition";
import { aboutPage, category, heroSlide, mediaRef, popup, safeLink, safeLinkWith } from "./content";

export const CAMPAIGN_CATEGORY_CHOICES = [
  "Electronics",
  "Home & Garden",
  "Automotive",
  "Fashion",
  "Sports & Fitness",
  "Travel",
  "Food & Drink",
  "Credit",
] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const optionalLink = z
  .union([safeLink, z.literal("")])
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

const date = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .refine((v) => !Number.isNaN(Date.parse(v)), { message: `${label} must be a valid date` });

const price = z
  .union([z.string(), z.number()])
  // A JSON number with more than two decimals (1.999) is refused like the string, never rounded to a price nobody typed.
  .transform((v) => {
    if (typeof v !== "number") return v.trim();
    const pence = decimalToPence(v);
    return pence === null ? String(v) : penceToDecimal(pence);
  })
  .refine((v) => /^\d{1,8}(\.\d{1,2})?$/.test(v), { message: "Price must be a number with at most 2 decimals" });

const optionalInt = (label: string, min: number, max: number) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === "") return null;
      const n = typeof v === "number" ? v : Number(v);
      if (!Number.isInteger(n) || n < min) {
        ctx.addIssue({ code: "custom", message: `${label} must be a whole number of at least ${min}` });
        return z.NEVER;
      }
      if (n > max) {
        ctx.addIssue({ code: "custom", message: `${label} can be at most ${max.toLocaleString("en-GB")}` });
        return z.NEVER;
      }
      return n;
    });

/** Instant-prize units one competition may have (each is a committed winning number). */
export const MAX_INSTANT_UNITS = 1000;

/** Far beyond any real competition, and well inside what the database and the ticket grid handle. */
export const MAX_TICKETS_LIMIT = 10_000_000;

export const campaignFields = z.strictObject({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200),
  description: z.string({ error: "Description is required" }).trim().min(1, "Description is required").max(10_000),
  image: mediaRef,
  category: z.string({ error: "Category is required" }).trim().min(1, "Category is required").max(100),
  price,
  status: z.enum(["active", "closed", "drawn"]).default("active"),
  startDate: date("Start date"),
  endDate: date("End date"),
  drawDate: date("Draw date"),
  maxTickets: optionalInt("Maximum tickets", 1, MAX_TICKETS_LIMIT),
  maxTicketsPerPerson: optionalInt("Tickets per person", 1, MAX_TICKETS_LIMIT),
  numberOfWinners: z.coerce.number().int("Number of winners must be a whole number").min(1).max(100).default(1),
  drawMode: z.enum(["auto", "live"]).default("auto"),
  /**
   * "random" (numbers drawn from the free ones; needs maxTickets) or "sequential". Absent: random
   * for a new capped competition, sequential for an unlimited one; an edit keeps what it was.
   */
  allocation: z.enum(["sequential", "random"]).optional(),
  /** Buyers choose their numbers from a grid (random allocation only). Absent: off when new, kept on an edit. */
  pickNumbers: z.boolean().optional(),
  /** Multibuy prices on top of `price`, e.g. [{ minQuantity: 10, pricePerTicket: "1.79" }]. Absent: none when new, kept on an edit. */
  priceTiers: z
    .array(
      z.strictObject({
        minQuantity: z.coerce.number().int("Multibuy quantities must be whole numbers").min(2, "A multibuy price starts at 2 tickets or more"),
        pricePerTicket: price,
      }),
    )
    .max(MAX_PRICE_TIERS, `At most ${MAX_PRICE_TIERS} multibuy prices`)
    .optional(),
  /**
   * Instant-win prizes, e.g. [{ name: "£10 site credit", kind: "credit", value: "10.00", count: 20 }]: their
   * winning numbers are drawn and committed on save, before any sale, and locked once a ticket is out.
   * Capped competitions with random numbers only. Absent: none when new, kept on an edit.
   */
  instantPrizes: z
    .array(
      z.strictObject({
        name: z.string({ error: "Name each instant prize" }).trim().min(1, "Name each instant prize").max(120),
        kind: z.enum(["cash", "credit", "physical"], { error: "An instant prize is cash, credit or physical" }),
        value: price,
        count: z.coerce.number().int("An instant prize's count must be a whole number").min(1, "At least one of each instant prize").max(MAX_INSTANT_UNITS),
      }),
    )
    .max(50, "At most 50 instant prizes")
    .optional(),
  /** Whether a ticket that won an instant prize stays in the main draw (default yes). */
  instantWinnersInDraw: z.boolean().optional(),
  cashAlternative: optionalText(200),
  instantWin: z.boolean().default(false),
  featured: z.boolean().default(false),
  showOnHero: z.boolean().default(false),
  qualifyingQuestion: optionalText(500),
  qualifyingAnswer: optionalText(200),
  allowPostalEntry: z.boolean().default(true),
  postalAddress: optionalText(1000),
  prizeDetails: optionalText(10_000),
  rules: optionalText(20_000),
  faq: optionalText(20_000),
  privacyPolicyUrl: optionalLink,
  termsOfUseUrl: optionalLink,
});

/** The rules across fields, on create and on edit alike. */
function campaignRules(v: z.output<typeof campaignFields>, ctx: z.RefinementCtx): void {
  if (!(Date.parse(v.startDate) < Date.parse(v.endDate))) ctx.addIssue({ code: "custom", path: ["endDate"], message: "End date must be after the start date" });
  if (!(Date.parse(v.endDate) <= Date.parse(v.drawDate)))
    ctx.addIssue({ code: "custom", path: ["drawDate"], message: "Draw date must be on or after the end date" });
  if (v.allocation === "random" && v.maxTickets === null) {
    ctx.addIssue({ code: "custom", path: ["allocation"], message: "Random numbers need a maximum number of tickets" });
  }
  if (v.pickNumbers && v.maxTickets === null) {
    ctx.addIssue({ code: "custom", path: ["pickNumbers"], message: "Choosing numbers needs a maximum number of tickets" });
  } else if (v.pickNumbers && v.allocation === "sequential") {
    ctx.addIssue({ code: "custom", path: ["pickNumbers"], message: "Choosing numbers needs random numbers for the tickets not chosen" });
  }
  if (v.instantPrizes?.length) {
    const units = v.instantPrizes.reduce((n, p) => n + p.count, 0);
    if (v.maxTickets === null || v.allocation === "sequential") {
      ctx.addIssue({ code: "custom", path: ["instantPrizes"], message: "Instant prizes need a maximum number of tickets and random numbers" });
    } else if (units > MAX_INSTANT_UNITS || units > v.maxTickets) {
      ctx.addIssue({ code: "custom", path: ["instantPrizes"], message: `At most ${Math.min(MAX_INSTANT_UNITS, v.maxTickets)} instant prizes in all` });
    }
    if (v.instantPrizes.some((p) => (decimalToPence(p.value) ?? 0) <= 0)) {
      ctx.addIssue({ code: "custom", path: ["instantPrizes"], message: "An instant prize's value must be above zero" });
    }
  }
  if (v.priceTiers?.length) {
    const tiers = tiersFromView(v.priceTiers);
    const problem = tiers ? priceTierProblem(decimalToPence(v.price) ?? 0, tiers) : "Multibuy prices must be money, e.g. 1.79";
    if (problem) ctx.addIssue({ code: "custom", path: ["priceTiers"], message: problem });
  }
  if (v.allowPostalEntry && !v.postalAddress) {
    ctx.addIssue({ code: "custom", path: ["postalAddress"], message: "A postal address is required for legal compliance when postal entry is allowed" });
  }
}

/** The admin form and POST /admin/competitions. Date order is checked on the server too. */
export const campaignInput = campaignFields
  .extend({
    /** The closed or drawn competition this one relists (POST /admin/competitions/{id}/clone made the draft): the audit log names both. */
    relistOf: recordId.optional(),
  })
  .superRefine(campaignRules);
export type CampaignInput = z.input<typeof campaignInput>;

export const adminCompetition = competitionCore.extend({
  heldTickets: z.number().int(),
  qualifyingAnswer: z.string().nullable(),
  /** Paid revenue, e.g. "1234.50". */
  revenue: z.string(),
  paidEntries: z.number().int(),
  /** The draw pool has been frozen (sales can never reopen). */
  poolFrozen: z.boolean(),
  /** For a closed competition: null when Activate may reopen it, else why it cannot ("The draw pool is frozen…"). */
  reopenBlockedReason: z.string().nullable(),
  /** The instant prizes as defined (their winning numbers never leave the server before they are won). */
  instantPrizes: z.array(z.object({ name: z.string(), kind: z.enum(["cash", "credit", "physical"]), value: z.string(), count: z.number().int() })),
  instantWinnersInDraw: z.boolean(),
});
export type AdminCompetition = z.infer<typeof adminCompetition>;

/**
 * POST /admin/competitions/{id}/clone: a closed or drawn competition relisted, unsaved. The same
 * content, prizes, instant prizes, question and settings, new dates from now on (the same length
 * of sale, and the same wait for the draw), on sale once saved: POST it to /admin/competitions as
 * it is (or changed), which draws the instant prizes' new winning numbers and commitments.
 */
export const relistDraft = adminCompetition
  .pick({
    title: true,
    description: true,
    image: true,
    category: true,
    price: true,
    status: true,
    startDate: true,
    endDate: true,
    drawDate: true,
    maxTickets: true,
    maxTicketsPerPerson: true,
    numberOfWinners: true,
    drawMode: true,
    allocation: true,
    pickNumbers: true,
    priceTiers: true,
    instantPrizes: true,
    instantWinnersInDraw: true,
    cashAlternative: true,
    instantWin: true,
    featured: true,
    showOnHero: true,
    qualifyingQuestion: true,
    qualifyingAnswer: true,
    allowPostalEntry: true,
    postalAddress: true,
    prizeDetails: true,
    rules: true,
    faq: true,
    privacyPolicyUrl: true,
    termsOfUseUrl: true,
  })
  .extend({ relistOf: z.string() });
export type RelistDraft = z.infer<typeof relistDraft>;

/** The dashboard's Close/Activate toggle: only `status`. */
export const competitionStatusChange = z.strictObject({ id: recordId, status: competitionStatus });

/** The edit form: every campaign field, as for create (and the list's read-only figures, ignored). */
export const competitionEdit = acceptingReadOnly(campaignFields.extend({ id: recordId }), adminCompetition, [
  "soldTickets",
  "createdAt",
  "heldTickets",
  "revenue",
  "paidEntries",
  "poolFrozen",
  "reopenBlockedReason",
]).superRefine(campaignRules);

/**
 * PUT /admin/competitions/{id} (SPEC §7: "fields or only status"): exactly one of the two shapes.
 * They are told apart by the keys sent: a body with more than `status` is an edit, so when neither
 * fits, the edit's first problem is the one named.
 */
export const competitionUpdate = z.xor([competitionStatusChange, competitionEdit], {
  error: (issue) => {
    if (issue.code !== "invalid_union") return undefined;
    const input: unknown = issue.input;
    const keys = input !== null && typeof input === "object" ? Object.keys(input) : [];
    const meant = keys.every((k) => k === "id" || k === "status") ? 0 : 1;
    const first = issue.errors[meant]?.[0];
    if (!first) return undefined;
    return first.path.length ? `${first.path.join(".")}: ${first.message}` : first.message;
  },
});
export type CompetitionUpdate = z.output<typeof competitionUpdate>;

const heroSlideFields = {
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200),
  subtitle: optionalText(300),
  description: optionalText(1000),
  image: z
    .string({ error: "Please upload an image or video for your hero slide" })
    .trim()
    .min(1, "Please upload an image or video for your hero slide")
    .pipe(mediaRef),
  ctaText: z.string({ error: "Call-to-action text is required" }).trim().min(1, "Call-to-action text is required").max(60),
  ctaLink: z.string({ error: "Please select a campaign or enter a custom URL" }).trim().min(1, "Please select a campaign or enter a custom URL").pipe(safeLink),
  isActive: z.boolean(),
  order: z.coerce.number().int("Order must be a whole number").min(0).max(10_000),
};

export const heroSlideInput = z.strictObject({ ...heroSlideFields, isActive: heroSlideFields.isActive.default(true), order: heroSlideFields.order.default(0) });
/** PATCH /hero-slides/{id}: any of the fields, e.g. only `order` when moving a slide. */
export const heroSlideUpdate = acceptingReadOnly(z.strictObject(heroSlideFields).partial().extend({ id: recordId }), heroSlide, ["createdAt"]);

export const categoryInput = z.strictObject({
  name: z.string({ error: "Category name is required" }).trim().min(1, "Category name is required").max(100),
  description: optionalText(500),
  isActive: z.boolean().default(true),
});
export const categoryUpdate = acceptingReadOnly(categoryInput.extend({ id: recordId }), category, ["createdAt"]);

export const popupInput = z.strictObject({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200),
  description: optionalText(1000),
  image: z
    .union([mediaRef, z.literal("")])
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  ctaText: z.string({ error: "Call-to-action text is required" }).trim().min(1, "Call-to-action text is required").max(60),
  ctaLink: z.string({ error: "Call-to-action link is required" }).trim().min(1, "Call-to-action link is required").pipe(safeLink),
  displayPages: z.array(z.string().max(200)).max(20).default([]),
  isActive: z.boolean().default(true),
  displayDelay: z.coerce.number().int().min(0, "Delay cannot be negative").max(600_000).default(3000),
  showFrequency: z.enum(["once_per_session", "once_per_day", "always"]).default("once_per_session"),
  priority: z.coerce.number().int().min(1, "Priority is 1 to 10").max(10, "Priority is 1 to 10").default(1),
  startDate: z
    .string()
    .optional()
    .nullable()
    .refine((v) => !v || !Number.isNaN(Date.parse(v)), "Start date must be a valid date"),
  endDate: z
    .string()
    .optional()
    .nullable()
    .refine((v) => !v || !Number.isNaN(Date.parse(v)), "End date must be a valid date"),
});
export const popupUpdate = acceptingReadOnly(popupInput.extend({ id: recordId }), popup, ["createdAt"]);

export const winnerInput = z.strictObject({
  competitionId: z.string({ error: "Competition is required" }).min(1, "Competition is required").max(64),
  customerName: z.string({ error: "Winner name is required" }).trim().min(1, "Winner name is required").max(120),
  photo: z
    .union([z.literal(""), safeLinkWith("Must be a valid URL")])
    .nullish()
    .transform((v) => v || null),
  testimonial: optionalText(2000),
  /**
   * The winning ticket, when the prize was won with an entry (read on create only): links the
   * winner to that entry and opens their prize claim.
   */
  ticketNumber: z
    .string()
    .trim()
    .max(20)
    .regex(/^\d*$/, "Ticket number must be a number")
    .nullish()
    .transform((v) => (v ? v : undefined)),
});

export const adminWinner = z.object({
  id: z.string(),
  competitionId: z.string(),
  competitionTitle: z.string().nullable(),
  entryId: z.string().nullable(),
  ticketNumber: z.string().nullable(),
  customerName: z.string(),
  photo: z.string().nullable(),
  testimonial: z.string().nullable(),
  winDate: z.string(),
  source: z.enum(["manual", "draw", "instant"]),
  /** The winner's answers on their claim form (null: not asked); the public gallery shows only what they allowed. */
  publishName: z.boolean().nullable(),
  publishPhoto: z.boolean().nullable(),
});

/** PUT /admin/winners/{id}: the winner as listed may be sent back; what only the shop sets is ignored. */
export const winnerUpdate = acceptingReadOnly(winnerInput.extend({ id: recordId }), adminWinner, [
  "competitionTitle",
  "entryId",
  "winDate",
  "source",
  "publishName",
  "publishPhoto",
]);

const requiredText = (message: string, max = 2000) => z.string({ error: message }).trim().min(1, message).max(max);

export const aboutPageInput = z.strictObject({
  heroTitle: requiredText("Hero title is required", 200),
  heroSubtitle: requiredText("Hero subtitle is required", 500),
  mainImage: safeLinkWith("Must be a valid URL"),
  mainImageAlt: requiredText("Image alt text is required", 300),
  contentParagraphs: z.array(requiredText("Paragraph cannot be empty", 5000)).min(1, "At least one paragraph is required").max(50),
  feature1Title: requiredText("Feature title is required", 120),
  feature1Description: requiredText("Feature description is required", 1000),
  feature1Icon: requiredText("Feature icon is required", 40),
  feature2Title: requiredText("Feature title is required", 120),
  feature2Description: requiredText("Feature description is required", 1000),
  feature2Icon: requiredText("Feature icon is required", 40),
  feature3Title: requiredText("Feature title is required", 120),
  feature3Description: requiredText("Feature description is required", 1000),
  feature3Icon: requiredText("Feature icon is required", 40),
});
/** PUT /admin/about-page: the page as read may be sent back; `updatedAt` is ignored. */
export const aboutPageSave = acceptingReadOnly(aboutPageInput, aboutPage, ["updatedAt"]);

export const adminEntry = z.object({
  id: z.string(),
  competitionId: z.string(),
  competitionTitle: z.string(),
  orderId: z.string().nullable(),
  userId: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  ticketCount: z.number().int(),
  ticketNumbers: z.array(z.string()),
  amount: z.string(),
  paymentStatus: entryStatus,
  /** The status of the order the entry was paid in (null for postal entries). */
  orderStatus: orderStatus.nullable(),
  entryMethod: z.enum(["online", "postal"]),
  postalReference: z.string().nullable(),
  entryDate: z.string(),
});
export type AdminEntry = z.infer<typeof adminEntry>;

export const entryFilters = z.strictObject({
  competitionId: z.string().max(64).optional(),
  paymentStatus: entryStatus.optional(),
  orderStatus: orderStatus.optional(),
  entryMethod: z.enum(["online", "postal"]).optional(),
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
/** GET /admin/entries: every filter optional, the whole query too. */
export const entryListFilters = entryFilters.partial().optional();

export const setting = z.object({
  key: z.string(),
  value: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  updatedAt: z.string(),
});

/** PUT /admin/settings/{key}: a number is stored as its text. */
export const settingUpdate = acceptingReadOnly(
  z.strictObject({ key: z.string().min(1).max(100), value: z.union([z.string().max(2000), z.number()]).transform(String) }),
  setting,
  ["description", "category", "updatedAt"],
);

/** Today as YYYY-MM-DD in UTC; dates of birth compare as strings. */
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

/** A date that exists on the calendar (no 30 February), written YYYY-MM-DD. */
const isCalendarDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= "1900-01-01";
};

export const DOB_IN_FUTURE = "Date of birth cannot be in the future";

/**
 * PUT /admin/users/{userId}/date-of-birth and the back office's "Change date of birth" form. Once a
 * player has a date of birth only an admin may change it, with a reason kept in the audit log.
 */
export const dateOfBirthChange = z.strictObject({
  dateOfBirth: z
    .string({ error: "Date of birth is required" })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date of birth as YYYY-MM-DD")
    .refine(isCalendarDate, "Please enter a valid date of birth")
    .refine((v) => v <= todayIso(), DOB_IN_FUTURE),
  reason: z.string({ error: "Give a reason of at least 5 characters" }).trim().min(5, "Give a reason of at least 5 characters").max(1000),
});
export const dateOfBirthChangeInput = dateOfBirthChange.extend({ userId: recordId });

/** POST /admin/users/{userId}/revoke-sessions. */
export const revokeSessionsInput = z.strictObject({ userId: recordId, reason: z.string().trim().max(1000).optional() });
