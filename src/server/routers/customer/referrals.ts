import { z } from "zod";
import { myReferrals } from "../../../shared/schemas/referrals";
import * as referrals from "../../services/promotions/referral-links";
import { customerProcedure, router } from "../../trpc/procedures";

export const customerReferralsRouter = router({
  get: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/referrals",
        tags: ["account"],
        summary: "The signed-in customer's share link, who joined through it and what it earned",
        description:
          "link is /r/{code} on the shop (add ?to=/competition/{id} to land a friend on that competition); null, with the reason, while referrals are off, " +
          "before the email address is confirmed, and for staff. A friend who signs up through it and pays for a first order earns both sides the operator's " +
          "site credit once the refund window (windowDays) has passed with the order still paid; at most monthlyRewards a month. Friends are named by first name only.",
      },
    })
    .input(z.void())
    .output(myReferrals)
    .query(({ ctx }) => referrals.myReferrals(ctx.db, ctx.user, ctx.origin)),
});
