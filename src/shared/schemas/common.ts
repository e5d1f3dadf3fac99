import { z } from "zod";

/** The id of one row, as a path parameter or a field. */
export const recordId = z.string().min(1).max(64);

/** The input of a procedure that names one row and nothing more (GET or DELETE …/{id}). */
export const byId = z.strictObject({ id: recordId });

/** The answer of a write that has nothing more to say. */
export const successResult = z.object({ success: z.boolean() });
