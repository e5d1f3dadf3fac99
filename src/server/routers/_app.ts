import { createCallerFactory, router } from "../trpc/procedures";
import { adminRouter } from "./admin";
import { customerRouter } from "./customer";
import { publicRouter } from "./public";

export const appRouter = router({
  public: publicRouter,
  customer: customerRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
