import { z } from "zod";
import { complaint, complaintUpdate, restrictAccountInput } from "../../../shared/schemas/protection";
import { listAuditLog } from "../../services/audit";
import { listComplaints } from "../../services/contact";
import { answerComplaint, playerSignals, restrictAccount } from "../../services/protection";
import { adminProcedure, router } from "../../trpc/procedures";

export const adminProtectionRouter = router({
  players: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/player-protection", tags: ["admin", "player protection"], summary: "Players showing signs of harm" } })
    .input(z.void())
    .output(
      z.array(
        z.object({
          userId: z.string(),
          name: z.string(),
          email: z.string(),
          spent30Days: z.string(),
          ordersLast24h: z.number(),
          limitReached: z.number(),
          increaseRequests: z.number(),
          monthlyLimit: z.string().nullable(),
          suspendedUntil: z.string().nullable(),
          suspensionKind: z.string().nullable(),
          signals: z.array(z.string()),
        }),
      ),
    )
    .query(({ ctx }) => playerSignals(ctx.db, ctx.now())),

  restrict: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/player-protection/{userId}/restrict",
        tags: ["admin", "player protection"],
        summary: "Restrict (or lift a restriction on) an account, with a reason kept in the audit log",
      },
    })
    .input(restrictAccountInput)
    .output(z.object({ userId: z.string(), restricted: z.boolean() }))
    .mutation(({ ctx, input }) => restrictAccount(ctx.db, input.userId, input.restricted, input.reason, ctx.now(), ctx.actor)),

  complaints: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/complaints", tags: ["admin", "player protection"], summary: "The complaints queue, newest first" } })
    .input(z.void())
    .output(z.array(complaint))
    .query(({ ctx }) => listComplaints(ctx.db)),

  updateComplaint: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/admin/complaints/{id}",
        tags: ["admin", "player protection"],
        summary: "Change a complaint's status and/or add a note",
      },
    })
    .input(complaintUpdate)
    .output(complaint)
    .mutation(({ ctx, input }) => answerComplaint(ctx.db, ctx.actor, input.id, { status: input.status, note: input.note }, ctx.now())),

  auditLog: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/audit-log", tags: ["admin"], summary: "Admin writes, newest first" } })
    .input(z.void())
    .output(
      z.array(
        z.object({
          id: z.number(),
          actorEmail: z.string().nullable(),
          action: z.string(),
          targetType: z.string(),
          targetId: z.string().nullable(),
          reason: z.string().nullable(),
          details: z.record(z.string(), z.unknown()).nullable(),
          createdAt: z.string(),
        }),
      ),
    )
    .query(({ ctx }) => listAuditLog(ctx.db)),
});
