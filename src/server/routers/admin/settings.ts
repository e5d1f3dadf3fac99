import { z } from "zod";
import { setting, settingUpdate } from "../../../shared/schemas/admin";
import { listSettings, updateSetting } from "../../services/settings";
import { adminProcedure, router } from "../../trpc/procedures";

export const settingsRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/settings", tags: ["admin"], summary: "All settings" } })
    .input(z.void())
    .output(z.array(setting))
    .query(({ ctx }) => listSettings(ctx.db)),

  update: adminProcedure
    .meta({ openapi: { method: "PUT", path: "/admin/settings/{key}", tags: ["admin"], summary: "Change one setting" } })
    .input(settingUpdate)
    .output(setting)
    .mutation(({ ctx, input }) => updateSetting(ctx.db, ctx.actor, input.key, input.value)),
});
