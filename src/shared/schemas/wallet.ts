import { z } from "zod";

/**
 * GET /user/wallet: the site-credit balance (derived from the ledger: the sum of its rows, less credit
 * that lapsed unspent where credit expires) and the ledger, newest first.
 */
export const walletView = z.object({
  /** "10.00": what may be spent now. */
  balance: z.string(),
  /**
   * "0.00", or what the customer owes: the part of an instant prize already spent when its winning
   * entry was refunded or disputed. The next credit pays it first.
   */
  owed: z.string(),
  entries: z.array(
    z.object({
      /** Signed: "10.00" in, "-2.50" spent. */
      amount: z.string(),
      kind: z.enum(["prize", "spend", "refund", "goodwill", "expiry", "reversal", "owed", "referral"]),
      reference: z.string().nullable(),
      note: z.string().nullable(),
      at: z.string(),
      /** Credit in that lapses unspent at this time (null: never; the default). */
      expiresAt: z.string().nullable(),
    }),
  ),
});
export type WalletView = z.infer<typeof walletView>;

/** Goodwill credit staff may add in one go (a larger sum is a refund or a prize, not goodwill). */
export const MAX_GOODWILL_PENCE = 50_000;

/** POST /admin/customers/{id}/credit: goodwill site credit with the reason (audited). */
export const goodwillCreditInput = z.strictObject({
  id: z.string().min(1).max(64),
  amount: z
    .string({ error: "Enter an amount such as 5.00" })
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, "Enter an amount such as 5.00"),
  reason: z.string({ error: "Give the reason" }).trim().min(3, "Give the reason").max(300, "The reason is too long"),
});
