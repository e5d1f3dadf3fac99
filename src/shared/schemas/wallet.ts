import { z } from "zod";

/** GET /user/wallet: the site-credit balance (the sum of the ledger) and the ledger, newest first. */
export const walletView = z.object({
  /** "10.00". */
  balance: z.string(),
  entries: z.array(
    z.object({
      /** Signed: "10.00" in, "-2.50" spent. */
      amount: z.string(),
      kind: z.enum(["prize", "spend", "refund", "goodwill", "expiry"]),
      reference: z.string().nullable(),
      note: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type WalletView = z.infer<typeof walletView>;
