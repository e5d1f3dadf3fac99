import { z } from "zod";
import { health } from "../../services/health";
import { publicProcedure, router } from "../../trpc/procedures";

export const healthRouter = router({
  check: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/health",
        tags: ["operations"],
        summary: "Whether the database can be read and written, and its migration version",
        description: "200 with status ok; 503 with status error when the database cannot be reached or written (a full disk, a read-only file).",
      },
      otherStatuses: { 503: "status error: the database cannot be reached or written" },
    })
    .input(z.void())
    .output(
      z.object({
        status: z.enum(["ok", "error"]),
        database: z.enum(["ok", "unreachable", "unwritable"]),
        migration: z.string().nullable(),
        uptimeSeconds: z.number(),
      }),
    )
    .query(({ ctx }) => {
      const report = health(ctx.db);
      if (report.status !== "ok") ctx.setSuccessStatus(503);
      return report;
    }),
});
