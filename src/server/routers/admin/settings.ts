import { z } from "zod";
import { listSettings, updateSetting } from "../../services/settings";
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

  update: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/admin/settings/{key}", tags: ["admin"], summary: "Change one setting" } })
    .input(z.strictObject({ key: z.string().min(1).max(100), value: z.union([z.string().max(2000), z.number()]).transform(String) }))
    .output(settingView)
    .mutation(({ ctx, input }) => updateSetting(ctx.db, ctx.actor, input.key, input.value)),
});
