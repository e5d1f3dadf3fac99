import { z } from "zod";
import { contactInput } from "../../../shared/schemas/contact";
import { submitContact } from "../../services/contact";
import { rateLimit } from "../../trpc/middleware/rate-limit";
import { publicProcedure, router } from "../../trpc/procedures";

export const contactRouter = router({
  send: publicProcedure
    .use(rateLimit("contact", 10, 60 * 60 * 1000))
    .meta({
      openapi: {
        method: "POST",
        path: "/contact",
        tags: ["content"],
        summary: "Send a message or a complaint to the operator",
        description: 'kind "complaint" logs a complaint with a reference, an acknowledgement mail and a response deadline.',
      },
    })
    .input(contactInput)
    .output(z.object({ success: z.boolean(), id: z.string(), reference: z.string().nullable() }))
    .mutation(({ ctx, input }) => submitContact(ctx.db, input, ctx.now())),
});
