import type { OpenApiMeta } from "trpc-to-openapi";

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
}>;
