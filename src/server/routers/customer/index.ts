import { router } from "../../trpc/procedures";
import { accountRouter } from "./account";
import { customerClaimsRouter } from "./claims";
import { customerEntriesRouter } from "./entries";
import { notificationsRouter } from "./notifications";
import { customerOrdersRouter } from "./orders";
import { protectionRouter } from "./protection";
import { customerReferralsRouter } from "./referrals";
import { customerWalletRouter } from "./wallet";

export const customerRouter = router({
  account: accountRouter,
  claims: customerClaimsRouter,
  entries: customerEntriesRouter,
  notifications: notificationsRouter,
  orders: customerOrdersRouter,
  protection: protectionRouter,
  referrals: customerReferralsRouter,
  wallet: customerWalletRouter,
});
