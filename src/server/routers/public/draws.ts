import { byId } from "../../../shared/schemas/common";
import { drawRecord } from "../../../shared/schemas/draws";
import { getDrawRecord } from "../../services/draws";
import { publicProcedure, router } from "../../trpc/procedures";

export const drawsRouter = router({
  record: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/competitions/{id}/draw",
        tags: ["draws"],
        summary: "The public record of a competition's draw",
        description:
          "commitment = SHA-256(seed) from the start; pool (ascending ticket numbers, names masked), poolSize and poolHash once sales close; seed and winners once drawn. " +
          "Anyone can recompute the winners: see the README.",
      },
    })
    .input(byId)
    .output(drawRecord)
    .query(({ ctx, input }) => getDrawRecord(ctx.db, input.id)),
});
