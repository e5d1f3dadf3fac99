import { z } from "zod";

export const contactInput = z.strictObject({
  name: z.string({ error: "Name must be at least 2 characters" }).trim().min(2, "Name must be at least 2 characters").max(120),
  email: z.string({ error: "Please enter a valid email address" }).trim().max(254).pipe(z.email("Please enter a valid email address")),
  subject: z.string({ error: "Subject must be at least 5 characters" }).trim().min(5, "Subject must be at least 5 characters").max(200),
  message: z.string({ error: "Message must be at least 10 characters" }).trim().min(10, "Message must be at least 10 characters").max(5000),
  kind: z.enum(["message", "complaint"]).optional(),
});
export type ContactInput = z.input<typeof contactInput>;
