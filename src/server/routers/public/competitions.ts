import { z } from "zod";
import { byId } from "../../../shared/schemas/common";
import { answerCheck, publicCompetition } from "../../../shared/schemas/competition";
import * as competitions from "../../services/competitions";
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

  /** The entry form asks before sending the visitor to pay; the payment call checks again. */
  checkAnswer: publicProcedure
    .input(answerCheck)
    .output(z.object({ correct: z.boolean() }))
    .mutation(({ ctx, input }) => competitions.checkAnswer(ctx.db, input.competitionId, input.answer)),
});
