import { z } from "zod";

export const competitionStatus = z.enum(["active", "closed", "drawn"]);
export type CompetitionStatus = z.infer<typeof competitionStatus>;

/** The entry form asks whether the answer is right before sending the visitor to pay; the payment call checks again. */
export const answerCheck = z.strictObject({ competitionId: z.string().min(1).max(64), answer: z.string().max(200).nullable().optional() });

/** POST /user/track-view: userId, if sent, must be the caller's own. */
export const trackViewInput = z.strictObject({ competitionId: z.string().min(1).max(64), userId: z.string().max(64).nullable().optional() });

/** The fields every view of a competition shares; public and admin views add their own. */
export const competitionCore = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  category: z.string(),
  /** Per entry, e.g. "4.99". */
  price: z.string(),
  status: competitionStatus,
  startDate: z.string(),
  endDate: z.string(),
  drawDate: z.string(),
  maxTickets: z.number().int().nullable(),
  soldTickets: z.number().int(),
  maxTicketsPerPerson: z.number().int().nullable(),
  featured: z.boolean(),
  showOnHero: z.boolean(),
  qualifyingQuestion: z.string().nullable(),
  allowPostalEntry: z.boolean(),
  postalAddress: z.string().nullable(),
  prizeDetails: z.string().nullable(),
  rules: z.string().nullable(),
  faq: z.string().nullable(),
  privacyPolicyUrl: z.string().nullable(),
  termsOfUseUrl: z.string().nullable(),
  numberOfWinners: z.number().int(),
  drawMode: z.enum(["auto", "live"]),
  /** How ticket numbers are handed out: in order from 1, or drawn at random from the free ones. */
  allocation: z.enum(["sequential", "random"]),
  /** Buyers may choose their numbers from a grid (GET /competitions/{id}/numbers says which are out). */
  pickNumbers: z.boolean(),
  /** Multibuy prices: a line of at least minQuantity tickets costs pricePerTicket each ("1.79"). Ascending. */
  priceTiers: z.array(z.object({ minQuantity: z.number().int(), pricePerTicket: z.string() })),
  cashAlternative: z.string().nullable(),
  instantWin: z.boolean(),
  createdAt: z.string(),
});

/** What any visitor or REST client may see of a competition: never the qualifying answer. */
export const publicCompetition = competitionCore.extend({
  /** Null when unlimited. */
  remainingTickets: z.number().int().nullable(),
  soldOut: z.boolean(),
  /** SHA-256 of the secret draw seed, published from the first day of sales. */
  commitment: z.string(),
});
export type PublicCompetition = z.infer<typeof publicCompetition>;

export const numbersQuery = z.strictObject({
  id: z.string().min(1).max(64),
  from: z.coerce.number().int("from must be a whole number").min(1, "from starts at 1").optional(),
  to: z.coerce.number().int("to must be a whole number").min(1).optional(),
});

/** [first, last] inclusive. */
const numberRanges = z.array(z.array(z.number().int()).length(2));

/**
 * Which numbers of from..to are out, as ascending ranges of [first, last] (inclusive): `sold` (paid
 * or by post) and `held` (an order waiting on its payment; free again if its hold ends). Every
 * number of from..to in neither is free. At most NUMBERS_PER_REQUEST numbers; up to a second old.
 */
export const numbersView = z.object({
  competitionId: z.string(),
  from: z.number().int(),
  to: z.number().int(),
  maxTickets: z.number().int(),
  pickNumbers: z.boolean(),
  sold: numberRanges,
  held: numberRanges,
});
export type NumbersView = z.infer<typeof numbersView>;
