import { z } from "zod";
import { liveEvening, promotion } from "../../../shared/schemas/live";
import { getLiveEvening, getPromotion } from "../../services/live";
import { publicProcedure, router } from "../../trpc/procedures";

export const liveRouter = router({
  evening: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/live",
        tags: ["draws"],
        summary: "The next live draw: its time, the stream and the competitions drawn that evening with their results",
        description: "drawAt stays tonight's time for 6 hours after it starts. Poll every few seconds during the draw: results appear as each draw is made.",
      },
      cache: "public",
    })
    .input(z.void())
    .output(liveEvening)
    .query(({ ctx }) => getLiveEvening(ctx.db, ctx.now())),

  promotion: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/promotion",
        tags: ["content"],
        summary: "The home page's promotion dialog",
        description:
          "It points at the competition chosen in the promotion_competition_id setting, else the newest instant-win competition on sale; `enabled` is false (the dialog hides) when that competition is not on sale or there is none.",
      },
      cache: "public",
    })
    .input(z.void())
    .output(promotion)
    .query(({ ctx }) => getPromotion(ctx.db, ctx.now())),
});
