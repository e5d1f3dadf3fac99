import { router } from "../../trpc/procedures";
import { accountRouter } from "./account";
import { customerEntriesRouter } from "./entries";
import { notificationsRouter } from "./notifications";

export const customerRouter = router({
  account: accountRouter,
  entries: customerEntriesRouter,
  notifications: notificationsRouter,
});
