import { z } from "zod";
import { byId } from "../../../shared/schemas/common";
import { instantWinsView } from "../../../shared/schemas/instant-wins";
import { answerCheck, numbersQuery, numbersView, publicCompetition } from "../../../shared/schemas/competition";
import * as competitions from "../../services/competitions/catalogue";
import { instantWinsProof } from "../../services/competitions/instant-wins";
import { numbersInRange } from "../../services/competitions/numbers";
import { publicProcedure, router } from "../../trpc/procedures";

export const competitionsRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: "GET", path: "/competitions", tags: ["competitions"], summary: "All competitions, newest first" }, cache: "public" })
    .input(z.void())
    .output(z.array(publicCompetition))
    .query(({ ctx }) => competitions.listCompetitions(ctx.db)),

  get: publicProcedure
    .meta({ openapi: { method: "GET", path: "/competitions/{id}", tags: ["competitions"], summary: "One competition" }, cache: "public" })
    .input(byId)
    .output(publicCompetition)
    .query(({ ctx, input }) => competitions.getCompetition(ctx.db, input.id)),

  /** The number grid (competitions with pickNumbers; any capped one answers). */
  numbers: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/competitions/{id}/numbers",
        tags: ["competitions"],
        summary: "Which ticket numbers are sold or held",
        description:
          "For a competition with a ticket limit: the numbers of `from`..`to` (default 1 and from + 999; at most 1,000, clipped to maxTickets) " +
          "that are `sold` (paid or by post) or `held` (an order waiting on its payment), as ascending [first, last] ranges, inclusive. " +
          "Every other number of the range is free. Answers may be up to a second old (Cache-Control: public, max-age=1): " +
          "a number shown free can still be lost to another buyer, which the order answers with 409 NUMBERS_TAKEN.",
        errorResponses: { 400: "No ticket limit, or a range that is not 1..maxTickets or is over 1,000 numbers", 404: "No such competition" },
      },
    })
    .input(numbersQuery)
    .output(numbersView)
    .query(({ ctx, input }) => {
      if (ctx.transport === "rest") ctx.setHeader("Cache-Control", "public, max-age=1");
      return numbersInRange(ctx.db, input);
    }),

  /** The instant-win proof: commitments fixed before the first sale, revealed as units are won and when sales close. */
  instantWins: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/competitions/{id}/instant-wins",
        tags: ["competitions"],
        summary: "Instant-win prizes and their proof",
        description:
          'Each prize unit\'s winning number was drawn before the first sale and published as commitment = hex(SHA-256(competitionId + ":" + ticketNumber + ":" + salt)); ' +
          'commitmentRoot = hex(SHA-256(the commitments joined by "\\n", in the order listed)). A unit\'s ticketNumber and salt are null until it is won, ' +
          "and every unit's is revealed once sales close (`revealed`), so anyone can check that no unwon winning number was sold.",
      },
      cache: "public",
    })
    .input(byId)
    .output(instantWinsView)
    .query(({ ctx, input }) => instantWinsProof(ctx.db, input.id, ctx.now())),

  /** The entry form asks before sending the visitor to pay; the payment call checks again. */
  checkAnswer: publicProcedure
    .input(answerCheck)
    .output(z.object({ correct: z.boolean() }))
    .mutation(({ ctx, input }) => competitions.checkAnswer(ctx.db, input.competitionId, input.answer)),
});
