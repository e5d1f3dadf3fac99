import { z } from "zod";
import { contactInput } from "../../../shared/schemas/contact";
import { submitContact } from "../../services/contact";
import { rateLimit } from "../../trpc/middleware/rate-limit";
import { publicProcedure, router } from "../../trpc/procedures";

export const contactRouter = router({
  send: publicProcedure
    .use(rateLimit("contact", 10, 60 * 60 * 1000))
    .meta({ openapi: { method: "POST", path: "/contact", tags: ["content"], summary: "Send a message to the operator" } })
    .input(contactInput)
    .output(z.object({ success: z.boolean(), id: z.string() }))
    .mutation(({ ctx, input }) => submitContact(ctx.db, { name: input.name, email: input.email, subject: input.subject, message: input.message }, ctx.now())),
});
