import type { OpenApiMeta } from "trpc-to-openapi";
import type { ZodType } from "zod";

/**
 * What a procedure declares besides its input and output. The REST tables are read from here
 * (http/declared.ts): a procedure carries its own path, its success status and whether it may be
 * answered from the response cache, so none of them can be forgotten in a list elsewhere.
 */
export type Meta = OpenApiMeta<{
  /** The REST status of a success when it is not 200 (201 for an entry made). A procedure may still choose one at run time (ctx.setSuccessStatus). */
  successStatus?: number;
  /**
   * Other statuses the procedure answers with its output, chosen at run time (ctx.setSuccessStatus),
   * each with what it means: `{ 202: "The payment is still processing" }`. The OpenAPI document lists them.
   */
  otherStatuses?: Record<number, string>;
  /**
   * "public": the same answer for every visitor (no session, no per-user data), so it is answered
   * from the response cache, over REST (its GET path) and tRPC alike, and recomputed after any write.
   * The web app batches these reads apart (src/shared/public-reads.ts lists them for the browser).
   */
  cache?: "public";
  /**
   * The procedure returns a file made as it is sent (services/paging/download.ts): over REST its
   * pieces are written as they come, with this media type and the file's name (http/download.ts),
   * and the document shows `schema` (a string when absent) as the answer. The web app fetches
   * these over REST, not tRPC, whose JSON answer cannot hold a stream.
   */
  download?: { contentType: "text/csv" | "application/json"; schema?: ZodType };
}>;
