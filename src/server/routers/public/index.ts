import { router } from "../../trpc/procedures";
import { authRouter } from "./auth";

export const publicRouter = router({
  auth: authRouter,
});
