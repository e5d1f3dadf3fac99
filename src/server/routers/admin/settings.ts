import { z } from "zod";
import { listSettings } from "../../services/settings";
import { adminProcedure, router } from "../../trpc/procedures";

const settingView = z.object({
  key: z.string(),
  value: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  updatedAt: z.string(),
});

export const settingsRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/settings", tags: ["admin"], summary: "All settings" } })
    .input(z.void())
    .output(z.array(settingView))
    .query(({ ctx }) => listSettings(ctx.db)),
});
