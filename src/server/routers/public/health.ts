import { z } from "zod";
import { health } from "../../services/health";
import { publicProcedure, router } from "../../trpc/procedures";

export const healthRouter = router({
  check: publicProcedure
    .meta({ openapi: { method: "GET", path: "/health", tags: ["operations"], summary: "Database reachability and migration version" } })
    .input(z.void())
    .output(z.object({ status: z.enum(["ok", "error"]), database: z.enum(["ok", "unreachable"]), migration: z.string().nullable(), uptimeSeconds: z.number() }))
    .query(({ ctx }) => health(ctx.db)),
});
