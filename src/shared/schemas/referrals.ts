import { z } from "zod";

/** What became of a referral, in the customer's words on the account page. */
export const REFERRAL_STATUS_WORDS = {
  joined: "Joined: waiting for their first order",
  waiting: "Ordered: reward after the refund window",
  rewarded: "Rewarded",
  void: "No reward",
  reversed: "Reward taken back",
} as const;

export const referralStatus = z.enum(["joined", "waiting", "rewarded", "void", "reversed"]);
export type ReferralStatus = z.infer<typeof referralStatus>;

/** GET /api/user/referrals: the customer's share link, who joined through it and what it earned. */
export const myReferrals = z.object({
  /** Whether the operator runs referrals now. */
  enabled: z.boolean(),
  /** The absolute share link (/r/{code}); null while referrals are off, the email is unconfirmed, or for staff. */
  link: z.string().nullable(),
  /** Why there is no link, in words; null when there is one. */
  reason: z.string().nullable(),
  /** What each side earns, "5.00", and the rules' figures. */
  referrerReward: z.string(),
  referredReward: z.string(),
  monthlyRewards: z.number().int(),
  windowDays: z.number().int(),
  /** Friends who joined through the link, newest first: first name only. */
  referrals: z.array(z.object({ firstName: z.string(), joinedAt: z.string(), status: referralStatus, earned: z.string() })),
  /** Credit earned by the link and kept (not taken back), "5.00". */
  earned: z.string(),
  /** The link this customer joined through, if any: the referrer's first name and what it is worth to this customer. */
  joinedThrough: z.object({ firstName: z.string(), status: referralStatus, earned: z.string() }).nullable(),
});
export type MyReferrals = z.infer<typeof myReferrals>;

/** GET /api/admin/referrals?status=&page=&pageSize= */
export const adminReferralsQuery = z
  .strictObject({
    status: referralStatus.optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    pageSize: z.coerce.number().int().min(1).max(200).optional(),
  })
  .optional();

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const adminReferral = z.object({
  id: z.string(),
  referrer: person,
  referred: person,
  status: referralStatus,
  reason: z.string().nullable(),
  orderId: z.string().nullable(),
  joinedAt: z.string(),
  qualifiesAt: z.string().nullable(),
  rewardedAt: z.string().nullable(),
  referrerReward: z.string(),
  referredReward: z.string(),
});
export type AdminReferral = z.infer<typeof adminReferral>;

export const adminReferrals = z.object({
  enabled: z.boolean(),
  totals: z.object({
    joined: z.number().int(),
    waiting: z.number().int(),
    rewarded: z.number().int(),
    void: z.number().int(),
    reversed: z.number().int(),
    /** Credit given by rewards (both sides), "10.00", and what was taken back of it by reversals. */
    creditGiven: z.string(),
    creditTakenBack: z.string(),
  }),
  items: z.array(adminReferral),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminReferrals = z.infer<typeof adminReferrals>;
