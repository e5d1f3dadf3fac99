import { adminReferrals, adminReferralsQuery } from "../../../shared/schemas/referrals";
import * as report from "../../services/promotions/referral-report";
import { adminProcedure, router } from "../../trpc/procedures";

export const adminReferralsRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/referrals",
        tags: ["admin", "referrals"],
        summary: "Referral totals and one page of referrals, newest first (optionally one status)",
        description:
          "totals counts every referral by status (joined, waiting, rewarded, void, reversed) with the site credit rewards gave and what refunds and disputes took back. " +
          "reason says why a referral earned nothing or was taken back. Referrals are switched on and off with the referrals_enabled setting (PUT /api/admin/settings/{key}).",
      },
    })
    .input(adminReferralsQuery)
    .output(adminReferrals)
    .query(({ ctx, input }) => report.adminReferrals(ctx.db, input ?? {})),
});
