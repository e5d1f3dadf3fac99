import { z } from "zod";
import { adminEntry, entryFilters, entryListFilters } from "../../../shared/schemas/admin";
import { notification, notificationInput } from "../../../shared/schemas/notification";
import * as reports from "../../services/reports/reports";
import { createNotification } from "../../services/notifications";
import { downloadOutput } from "../../services/paging/download";
import { adminProcedure, router } from "../../trpc/procedures";

/** `revenue` is what was paid, after discount codes; `discounts` what the codes took off it. */
const windowStats = z.object({ entries: z.number(), paidEntries: z.number(), revenue: z.string(), discounts: z.string(), ticketsSold: z.number() });

/** What the export's file holds, for the document: a CSV whose first line names its columns. */
const entriesCsvFile = z
  .string()
  .regex(new RegExp(`^${reports.ENTRIES_CSV_HEADER}\\n`))
  .describe(`CSV (RFC 4180), one row per ticket, newest entry first; the first line is the header: ${reports.ENTRIES_CSV_HEADER}`);

export const reportsRouter = router({
  entries: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/entries", tags: ["admin"], summary: "All entries, newest first (filters optional)" } })
    .input(entryListFilters)
    .output(z.array(adminEntry))
    .query(async ({ ctx, input }) => (await reports.searchEntries(ctx.db, entryFilters.parse({ pageSize: 500, ...input }))).items),

  searchEntries: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/entries/search", tags: ["admin"], summary: "Entries filtered and paginated" } })
    .input(entryFilters)
    .output(z.object({ total: z.number(), page: z.number(), pageSize: z.number(), items: z.array(adminEntry) }))
    .query(({ ctx, input }) => reports.searchEntries(ctx.db, input)),

  exportEntries: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/entries/export",
        tags: ["admin"],
        summary: "Entries as CSV, one row per ticket, for the live draw",
        description: "Every matching entry (page and pageSize are ignored), newest first, sent as it is read: a file of any size, never cut short.",
      },
      download: { contentType: "text/csv", schema: entriesCsvFile },
    })
    .input(entryFilters)
    .output(downloadOutput)
    .query(({ ctx, input }) => reports.entriesCsv(ctx.db, input)),

  dashboard: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/dashboard", tags: ["admin"], summary: "Dashboard tiles and the 10 latest entries" } })
    .input(z.void())
    .output(
      z.object({
        totalEntries: z.number(),
        paidEntries: z.number(),
        pendingEntries: z.number(),
        totalRevenue: z.string(),
        /** What discount codes took off paid entries (the revenue is after it). */
        totalDiscounts: z.string(),
        activeCompetitions: z.number(),
        closedCompetitions: z.number(),
        totalWinners: z.number(),
        /** Instant prize credit spent before its winning entry was refunded or disputed, still owed; the ten largest debtors. */
        creditOwed: z.object({
          total: z.string(),
          customerCount: z.number(),
          customers: z.array(z.object({ id: z.string(), email: z.string(), owed: z.string() })),
        }),
        recentEntries: z.array(adminEntry),
      }),
    )
    .query(({ ctx }) => reports.dashboard(ctx.db)),

  analytics: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/analytics", tags: ["admin"], summary: "Analytics & Reports figures" } })
    .input(z.void())
    .output(
      z.object({
        totalEntries: z.number(),
        paidEntries: z.number(),
        totalRevenue: z.string(),
        /** What discount codes took off paid entries (the revenue is after it). */
        totalDiscounts: z.string(),
        entriesToday: z.number(),
        last7Days: windowStats,
        last30Days: windowStats,
        conversionRate: z.number(),
        averageTicketsPerPaidEntry: z.number(),
        topCampaigns: z.array(z.object({ competitionId: z.string(), title: z.string(), revenue: z.string(), ticketsSold: z.number() })),
        recentActivity: z.array(adminEntry),
        daily: z.array(z.object({ day: z.string(), entries: z.number(), revenue: z.string() })),
      }),
    )
    .query(({ ctx }) => reports.analytics(ctx.db, ctx.now())),

  messages: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/messages", tags: ["admin"], summary: "Contact messages, newest first" } })
    .input(z.void())
    .output(z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), subject: z.string(), message: z.string(), createdAt: z.string() })))
    .query(({ ctx }) => reports.listMessages(ctx.db)),

  outbox: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/outbox", tags: ["admin"], summary: "The mail outbox, newest first" } })
    .input(z.void())
    .output(
      z.array(
        z.object({
          id: z.string(),
          to: z.string(),
          subject: z.string(),
          text: z.string(),
          status: z.string(),
          attempts: z.number(),
          createdAt: z.string(),
          sentAt: z.string().nullable(),
        }),
      ),
    )
    .query(({ ctx }) => reports.listMail(ctx.db)),

  createNotification: adminProcedure
    .meta({ openapi: { method: "POST", path: "/notifications", tags: ["admin"], summary: "Send a notification (no userId: broadcast)" } })
    .input(notificationInput)
    .output(notification)
    .mutation(async ({ ctx, input }) => {
      // A broadcast may also go by email; its unsubscribe links point at the shop's own origin.
      const sent = await createNotification(ctx.db, ctx.actor, input, { origin: ctx.origin, now: ctx.now() });
      if (input.emailOptedIn && !sent.userId) ctx.services.mailer.poke();
      return sent;
    }),
});
