import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/routers/_app";

/** The public record of one competition's draw, as the server publishes it. */
export type DrawRecordView = inferRouterOutputs<AppRouter>["public"]["draws"]["record"];

export type DrawStage = "open" | "frozen" | "drawn";

/** Sales open (commitment only), pool frozen (awaiting the draw) or drawn (seed revealed). */
export function drawStage(record: DrawRecordView): DrawStage {
  if (record.seed) return "drawn";
  if (record.poolHash) return "frozen";
  return "open";
}
