import { router } from "../../trpc/procedures";
import { accountRouter } from "./account";
import { customerEntriesRouter } from "./entries";

export const customerRouter = router({
  account: accountRouter,
  entries: customerEntriesRouter,
});
