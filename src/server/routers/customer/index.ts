import { router } from "../../trpc/procedures";
import { accountRouter } from "./account";

export const customerRouter = router({
  account: accountRouter,
});
