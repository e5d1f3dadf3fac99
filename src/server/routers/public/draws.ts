import { z } from "zod";
import { getDrawRecord } from "../../services/draws";
import { publicProcedure, router } from "../../trpc/procedures";

export const drawRecord = z.object({
  competitionId: z.string(),
  title: z.string(),
  status: z.enum(["active", "closed", "drawn"]),
  commitment: z.string(),
  poolSize: z.number().int().nullable(),
  poolHash: z.string().nullable(),
  pool: z.array(z.object({ ticketNumber: z.string(), name: z.string() })).nullable(),
  beacon: z.string().nullable(),
  seed: z.string().nullable(),
  winners: z.array(z.object({ k: z.number().int(), index: z.number().int(), ticketNumber: z.string(), displayName: z.string() })),
  numberOfWinners: z.number().int(),
  drawDate: z.string(),
  closedAt: z.string().nullable(),
  drawnAt: z.string().nullable(),
});

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
    .input(z.strictObject({ id: z.string().min(1).max(64) }))
    .output(drawRecord)
    .query(({ ctx, input }) => getDrawRecord(ctx.db, input.id)),
});
