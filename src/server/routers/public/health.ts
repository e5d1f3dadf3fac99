import { z } from "zod";
import { mailHealth } from "../../../shared/schemas/mail";
import { health } from "../../services/health";
import { publicProcedure, router } from "../../trpc/procedures";

export const healthRouter = router({
  check: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/health",
        tags: ["operations"],
        summary: "Whether the database can be read and written, its migration version, and whether mail is leaving the shop",
        description:
          "200 with status ok; 503 with status error when the database cannot be reached or written (a full disk, a read-only file). " +
          "mail.sending is false while mail cannot leave: SMTP_URL is not set (configured false) or its server cannot be reached or refuses the shop's mail " +
          "(failing true); the shop still sells and keeps the mail in its outbox (mail.queued), so this alone does not make status error.",
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
        mail: mailHealth,
      }),
    )
    .query(async ({ ctx }) => {
      const report = await health(ctx.db, ctx.services.mailer.delivery());
      if (report.status !== "ok") ctx.setSuccessStatus(503);
      return report;
    }),
});
