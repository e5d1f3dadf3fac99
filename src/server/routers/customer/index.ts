import { router } from "../../trpc/procedures";
import { accountRouter } from "./account";
import { customerEntriesRouter } from "./entries";
import { notificationsRouter } from "./notifications";
import { customerOrdersRouter } from "./orders";
import { protectionRouter } from "./protection";

export const customerRouter = router({
  account: accountRouter,
  entries: customerEntriesRouter,
  notifications: notificationsRouter,
  orders: customerOrdersRouter,
  protection: protectionRouter,
});
