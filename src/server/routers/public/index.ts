import { router } from "../../trpc/procedures";
import { authRouter } from "./auth";
import { competitionsRouter } from "./competitions";
import { contactRouter } from "./contact";
import { contentRouter } from "./content";
import { discountsRouter } from "./discounts";
import { drawsRouter } from "./draws";
import { healthRouter } from "./health";
import { liveRouter } from "./live";
import { entriesRouter } from "./entries";
import { paymentsRouter } from "./payments";

export const publicRouter = router({
  auth: authRouter,
  competitions: competitionsRouter,
  entries: entriesRouter,
  content: contentRouter,
  contact: contactRouter,
  draws: drawsRouter,
  health: healthRouter,
  payments: paymentsRouter,
  live: liveRouter,
  discounts: discountsRouter,
});
