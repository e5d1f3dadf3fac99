import { z } from "zod";
import { runDraw } from "../../services/draws";
import { listPostalEntries, recordPostalEntry } from "../../services/postal";
import { adminProcedure, router } from "../../trpc/procedures";
import { drawRecord } from "../public/draws";

const id = z.string().min(1).max(64);
const postalEntry = z.object({
  id: z.string(),
  competitionId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  address: z.string().nullable(),
  receivedAt: z.string().nullable(),
  postalReference: z.string().nullable(),
  ticketNumbers: z.array(z.string()),
  entryDate: z.string(),
  userId: z.string().nullable(),
});

export const adminDrawsRouter = router({
  run: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/competitions/{id}/draw",
        tags: ["admin", "draws"],
        summary: "Run the draw now (closing sales first if still open)",
        description: "Optional beacon: an external public random value fixed before sales closed. Refused when already drawn or the pool is empty.",
      },
    })
    .input(z.strictObject({ id, beacon: z.string().trim().min(1).max(200).optional() }))
    .output(drawRecord)
    .mutation(({ ctx, input }) => runDraw({ db: ctx.db, mailer: ctx.services.mailer, now: ctx.now, actor: ctx.actor }, input.id, input.beacon ?? null)),

  recordPostal: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/competitions/{id}/postal-entries", tags: ["admin", "draws"], summary: "Record a free postal entry received" } })
    .input(
      z.strictObject({
        id,
        customerName: z.string().trim().min(1, "Name is required").max(120),
        customerEmail: z.string().trim().max(254).pipe(z.email("Please enter a valid email address")),
        address: z.string().trim().min(1, "Address is required").max(1000),
        receivedAt: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "Date received must be a valid date"),
        postalReference: z.string().trim().min(1, "Postal reference is required").max(100),
        answer: z.string().trim().max(200).nullable().optional(),
        dateOfBirth: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, "Date of birth must be YYYY-MM-DD")
          .nullable()
          .optional(),
      }),
    )
    .output(postalEntry)
    .mutation(({ ctx, input: { id: competitionId, ...args } }) => recordPostalEntry({ db: ctx.db, mailer: ctx.services.mailer, now: ctx.now, actor: ctx.actor }, competitionId, args)),

  listPostal: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/competitions/{id}/postal-entries", tags: ["admin", "draws"], summary: "Postal entries of a competition" } })
    .input(z.strictObject({ id }))
    .output(z.array(postalEntry))
    .query(({ ctx, input }) => listPostalEntries(ctx.db, input.id)),
});
