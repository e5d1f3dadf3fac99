import { router } from "../../trpc/procedures";
import { settingsRouter } from "./settings";

export const adminRouter = router({
  settings: settingsRouter,
});
