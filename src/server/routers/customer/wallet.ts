import { z } from "zod";
import { walletView } from "../../../shared/schemas/wallet";
import { walletOf } from "../../services/wallet";
import { customerProcedure, router } from "../../trpc/procedures";

export const customerWalletRouter = router({
  get: customerProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/user/wallet",
        tags: ["account"],
        summary: "The signed-in customer's site credit",
        description:
          "The balance is the sum of the ledger: credit won instantly (credit won by a guest entry with the account's email counts once the email is verified), " +
          "spending and refunds. Site credit cannot be withdrawn as cash.",
      },
    })
    .input(z.void())
    .output(walletView)
    .query(({ ctx }) => walletOf(ctx.db, ctx.user)),
});
