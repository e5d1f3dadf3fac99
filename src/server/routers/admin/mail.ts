import { z } from "zod";
import { mailFailure, mailPreview, mailRetryInput, mailStatus, mailTemplateInput, mailTemplateSummary } from "../../../shared/schemas/mail";
import { listMailFailures, listMailTemplates, mailStatus as readMailStatus, previewMailTemplate, retryMail } from "../../services/mail/outbox";
import { adminProcedure, router } from "../../trpc/procedures";

export const adminMailRouter = router({
  templates: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/mail/templates", tags: ["admin"], summary: "Every mail template the shop sends, by kind" } })
    .input(z.void())
    .output(z.array(mailTemplateSummary))
    .query(() => listMailTemplates()),

  preview: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/mail/templates/{kind}",
        tags: ["admin"],
        summary: "A template rendered with sample data: subject, plain text, HTML and extra headers",
      },
    })
    .input(mailTemplateInput)
    .output(mailPreview)
    .query(({ input }) => previewMailTemplate(input.kind)),

  status: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/mail/status",
        tags: ["admin"],
        summary: "Whether mail is leaving the shop: SMTP_URL set, its server failing (since when, the last error), and what waits in the outbox",
      },
    })
    .input(z.void())
    .output(mailStatus)
    .query(({ ctx }) => readMailStatus(ctx.db, ctx.services.mailer.delivery())),

  failures: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/mail/failures",
        tags: ["admin"],
        summary: "Mail that could not be sent: failed after the last attempt, or waiting to retry",
      },
    })
    .input(z.void())
    .output(z.array(mailFailure))
    .query(({ ctx }) => listMailFailures(ctx.db)),

  retry: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/mail/failures/{id}/retry",
        tags: ["admin"],
        summary: "Put a failed mail back in the queue with a fresh set of attempts",
        errorResponses: { 404: "No such mail", 409: "The mail has not failed" },
      },
    })
    .input(mailRetryInput)
    .output(mailFailure)
    .mutation(({ ctx, input }) => retryMail({ db: ctx.db, mailer: ctx.services.mailer }, ctx.actor, input.id)),
});
