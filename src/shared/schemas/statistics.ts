import { z } from "zod";

/*
 * The home page's and /winners' figures (SPEC Statistics) are the operator's: typed in the admin, or
 * computed from the shop's own winners and prizes. An empty figure shows the spec's fallback text.
 */

export const STATISTICS_SOURCES = ["manual", "computed"] as const;

const wholeNumber = (what: string) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} cannot be negative`)
    .max(1_000_000_000, `${what} is too large`)
    .nullable();

/** PUT /admin/statistics. null (an empty field) shows the fallback text; in "computed" the first two are ignored. */
export const statisticsUpdate = z.strictObject({
  source: z.enum(STATISTICS_SOURCES),
  totalWinners: wholeNumber("Winners"),
  /** Pounds, up to 2 decimals, e.g. "11250000.00". */
  totalPrizeValue: z
    .string()
    .trim()
    .regex(/^\d{1,13}(\.\d{1,2})?$/, "Prize value must be an amount in pounds, e.g. 11250000.00")
    .nullable(),
  totalFollowers: wholeNumber("Followers"),
});
export type StatisticsUpdate = z.infer<typeof statisticsUpdate>;

/** GET /admin/statistics: what is stored, where the public figures come from, and what computing gives today. */
export const adminStatistics = z.object({
  source: z.enum(STATISTICS_SOURCES),
  totalWinners: z.number().int(),
  totalPrizeValue: z.string(),
  totalFollowers: z.number().int(),
  /** The shop's own records now: every draw, admin-recorded and instant winner, and the value of what they won. */
  computed: z.object({ totalWinners: z.number().int(), totalPrizeValue: z.string() }),
  updatedAt: z.string().nullable(),
});
export type AdminStatistics = z.infer<typeof adminStatistics>;
