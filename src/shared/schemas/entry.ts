import { z } from "zod";
import { pageOf, pageQuery } from "./common";
import { instantPrizeKind, instantWinView } from "./instant-wins";
import { discountCodeField } from "./discounts";
import { entryStatus, nextAction, orderStatus, orderView, type OrderView } from "./order";
import { MAX_TICKETS, MIN_TICKETS, TOO_MANY_TICKETS } from "../ticket-limits";

export { MAX_TICKETS, MIN_TICKETS };

const name = z.string({ error: "Full Name is required" }).trim().min(1, "Full Name is required").max(120, "Full Name is too long");
const email = z.string({ error: "Please enter a valid email address" }).trim().max(254).pipe(z.email("Please enter a valid email address"));
const answer = z.string().trim().max(200, "Answer is too long").optional().nullable();
const tickets = z.coerce
  .number({ error: "Entries must be a number" })
  .int("Entries must be a whole number")
  .min(MIN_TICKETS, `Choose at least ${MIN_TICKETS} entry`)
  .max(MAX_TICKETS, TOO_MANY_TICKETS);

/**
 * Numbers a buyer chose (competitions with pickNumbers): one per ticket, each once. The server
 * checks them against the competition and takes them in the order's write, or answers 409
 * NUMBERS_TAKEN with { lost, nearby }.
 */
export const pickedNumbers = z
  .array(
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,7}$/, "Ticket numbers are whole numbers from 1"),
  )
  .max(MAX_TICKETS)
  .refine((list) => new Set(list).size === list.length, "Each number can be chosen only once");

const oneNumberPerTicket = { message: "Choose one number per ticket", path: ["numbers"] };

/** The entry form on a competition page. */
export const entryForm = z.strictObject({
  customerName: name,
  customerEmail: email,
  answer,
  tickets,
});
export type EntryForm = z.input<typeof entryForm>;

/**
 * What pays: the token the payment provider's form answered (a Stripe ConfirmationToken `ctoken_…`,
 * or the simulated provider's `sim_…`). Card numbers never reach the order path.
 */
export const paymentToken = z.string({ error: "Enter your card details" }).trim().min(1, "Enter your card details").max(200);

export const BILLING_REQUIRED = "Billing address is required";

export const billingAddress = z.strictObject({
  address: z.string().trim().min(1, BILLING_REQUIRED).max(300),
  city: z.string().trim().min(1, "City is required").max(100),
  postcode: z.string().trim().min(1, "Postcode is required").max(20),
  country: z.string().trim().max(100).optional(),
});

export const idempotencyKey = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, "Invalid idempotency key");

/** Direct checkout: one competition. */
export const directCheckoutInput = z
  .strictObject({
    competitionId: z.string().min(1).max(64),
    customerName: name,
    customerEmail: email,
    answer,
    tickets,
    numbers: pickedNumbers.optional(),
    /** Not needed when site credit pays the whole order (the server says "Enter your card details" when it does not). */
    paymentToken: paymentToken.optional(),
    /** Spend the account's site credit first; the card pays the rest. */
    useCredit: z.boolean().optional(),
    /** A discount code (any case; empty or absent: none). A code that gives nothing is refused with why (422 DISCOUNT_NOT_APPLICABLE). */
    discountCode: discountCodeField,
    /** The card's billing address: left out when site credit pays the whole order (the server says "Billing address is required" when it does not). */
    billing: billingAddress.optional(),
    idempotencyKey: idempotencyKey.optional(),
  })
  .refine((v) => !v.numbers || v.numbers.length === v.tickets, oneNumberPerTicket);
export type DirectCheckoutInput = z.input<typeof directCheckoutInput>;

/** Cart checkout: one order, a line per competition. */
export const cartCheckoutInput = z.strictObject({
  email,
  firstName: z.string().trim().min(1, "First name is required").max(60),
  lastName: z.string().trim().min(1, "Last name is required").max(60),
  lines: z
    .array(
      z
        .strictObject({
          competitionId: z.string().min(1).max(64),
          quantity: tickets,
          answer,
          numbers: pickedNumbers.optional(),
        })
        .refine((l) => !l.numbers || l.numbers.length === l.quantity, oneNumberPerTicket),
    )
    .min(1, "Your cart is empty")
    .max(50, "Too many lines in one order"),
  /** Left out when site credit pays the whole order, as in directCheckoutInput. */
  billing: billingAddress.optional(),
  paymentToken: paymentToken.optional(),
  useCredit: z.boolean().optional(),
  discountCode: discountCodeField,
  idempotencyKey: idempotencyKey.optional(),
});
export type CartCheckoutInput = z.input<typeof cartCheckoutInput>;

/** SPEC §7 POST /api/entries, plus the provider's payment token. */
export const restEntryInput = z.strictObject({
  competitionId: z.string().min(1).max(64),
  customerName: name,
  customerEmail: email,
  answer,
  /** The spec's client sends one placeholder per ticket; only the count is used. */
  ticketNumbers: z.array(z.string().max(64)).min(1).max(MAX_TICKETS).optional(),
  quantity: z.number().int().min(MIN_TICKETS).max(MAX_TICKETS).optional(),
  /** Chosen numbers where the competition has pickNumbers (one per ticket); refused elsewhere. */
  numbers: pickedNumbers.optional(),
  entryMethod: z.literal("online").optional(),
  /** Ignored: the server prices the entry. Accepted so the spec's client payload validates. */
  paymentAmount: z.union([z.number(), z.string()]).optional(),
  paymentMethod: z.literal("card").optional(),
  paymentToken: z.string().max(200).optional(),
  /** Spend the account's site credit first; a card token is then needed only for what is left. */
  useCredit: z.boolean().optional(),
  /** A discount code (any case). One that gives nothing on this entry answers 422 DISCOUNT_NOT_APPLICABLE, saying why. */
  discountCode: discountCodeField,
  idempotencyKey: idempotencyKey.optional(),
});

/** What both checkouts answer: the order as its buyer sees it (with the next action while authenticating). */
export const orderResult = orderView;
export type OrderResult = OrderView;

/**
 * POST /api/entries: 201 when paid; 202 while processing (status "pending") or waiting on the
 * buyer's authentication (status "requires_action", with `nextAction`).
 */
export const restEntryResult = z.object({
  entryId: z.string(),
  orderId: z.string(),
  /** The order's reference, as receipts and mails show it (e.g. "2A7FA99C"). */
  reference: z.string(),
  status: orderStatus,
  paymentStatus: z.enum(["paid", "failed", "pending"]),
  ticketNumbers: z.array(z.string()),
  amount: z.string(),
  /** Site credit spent on the entry ("0.00" when none); the card paid the rest of `amount`. */
  creditUsed: z.string(),
  /** What the discount code took off ("0.00" when none); `amount` is after it. */
  discount: z.string(),
  nextAction: nextAction.nullable(),
  /** Instant prizes the entry's tickets won (empty when none, or not paid yet). */
  instantWins: z.array(instantWinView),
});

export const customerEntry = z.object({
  id: z.string(),
  competitionId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  ticketNumbers: z.array(z.string()),
  ticketCount: z.number().int(),
  amount: z.string(),
  paymentStatus: entryStatus,
  entryMethod: z.enum(["online", "postal"]),
  entryDate: z.string(),
  competition: z.object({
    id: z.string(),
    title: z.string(),
    category: z.string(),
    price: z.string(),
    status: z.enum(["active", "closed", "drawn"]),
    endDate: z.string(),
    drawDate: z.string(),
    image: z.string(),
  }),
});
export type CustomerEntry = z.infer<typeof customerEntry>;

/** GET /api/user/entries: no page asked is the spec's plain array (the newest 1,000); a page is { items, page, pageSize, total }. */
export const userEntriesQuery = pageQuery(100);
export const userEntriesPage = pageOf(customerEntry).extend({
  /** How many of them are in competitions still on sale. */
  active: z.number().int(),
});
export type UserEntriesPage = z.infer<typeof userEntriesPage>;

/**
 * GET /user/wins: a main draw's win (or a winner staff named) or an instant prize (credit, cash or
 * physical). An instant cash or physical prize has the id of its winner, which its claim carries.
 */
export const customerWin = z.object({
  id: z.string(),
  competitionTitle: z.string(),
  winDate: z.string(),
  competitionId: z.string(),
  source: z.enum(["draw", "manual", "instant"]),
  /** What was won: the instant prize's name ("£5 site credit"), or the competition's prize. */
  prize: z.string(),
  ticketNumber: z.string().nullable(),
  /** For an instant prize: its kind and value ("5.00"); null for a main draw. */
  instantKind: instantPrizeKind.nullable(),
  value: z.string().nullable(),
});
export type CustomerWin = z.infer<typeof customerWin>;
