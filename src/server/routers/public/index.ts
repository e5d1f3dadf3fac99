import { router } from "../../trpc/procedures";
import { authRouter } from "./auth";
import { competitionsRouter } from "./competitions";
import { entriesRouter } from "./entries";

export const publicRouter = router({
  auth: authRouter,
  competitions: competitionsRouter,
  entries: entriesRouter,
});
