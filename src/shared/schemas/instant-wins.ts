import { z } from "zod";

export const instantPrizeKind = z.enum(["cash", "credit", "physical"]);

/** A prize won at the moment of purchase, as the purchase answer (and the order) carries it. */
export const instantWinView = z.object({
  prizeId: z.string(),
  name: z.string(),
  kind: instantPrizeKind,
  /** "10.00". */
  value: z.string(),
  ticketNumber: z.string(),
});
export type InstantWinView = z.infer<typeof instantWinView>;

/**
 * GET /competitions/{id}/instant-wins: the commitments fixed before the first sale, with each unit's
 * number and salt revealed once it is won, and every unit's once sales close (`revealed`).
 */
export const instantWinsView = z.object({
  competitionId: z.string(),
  /** hex(SHA-256(commitments joined by "\n", in unit order)); null without instant prizes. */
  commitmentRoot: z.string().nullable(),
  committedAt: z.string().nullable(),
  revealed: z.boolean(),
  /** Whether a ticket that won an instant prize stays in the main draw. */
  winnersStayInDraw: z.boolean(),
  prizes: z.array(
    z.object({
      unitId: z.string(),
      name: z.string(),
      kind: instantPrizeKind,
      value: z.string(),
      /** hex(SHA-256(competitionId + ":" + ticketNumber + ":" + salt)). */
      commitment: z.string(),
      won: z.boolean(),
      ticketNumber: z.string().nullable(),
      salt: z.string().nullable(),
      winnerDisplayName: z.string().nullable(),
      wonAt: z.string().nullable(),
      /**
       * Won, then void: the winning entry was refunded in full or disputed. The unit is forfeited
       * (`won` false, nobody has it); its number and salt stay shown, and its number went back on
       * sale as an ordinary number that cannot win it again (decision 011).
       */
      voided: z.boolean(),
      voidedAt: z.string().nullable(),
    }),
  ),
});
export type InstantWinsView = z.infer<typeof instantWinsView>;
