import { TRPCError } from "@trpc/server";
import { AppError, isStorageFailure, toTrpcError, UNAVAILABLE_MESSAGE } from "../../errors";
import { middleware } from "../init";

/**
 * Services throw AppError; this is the one place that turns it into a tRPC (and so HTTP) code and
 * puts the headers it carries on the answer. A storage failure becomes UNAVAILABLE (503, Retry-After).
 */
export const mapAppErrors = middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    const appError = cause instanceof AppError ? cause : null;
    if (appError) {
      for (const [name, value] of Object.entries(appError.headers ?? {})) ctx.setHeader(name, value);
      throw toTrpcError(appError);
    }
    if (isStorageFailure(cause) || isStorageFailure(result.error)) {
      // The cause stays the storage's own error, for the log; the client's code is UNAVAILABLE.
      ctx.setHeader("Retry-After", "30");
      throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE_MESSAGE, cause: result.error });
    }
  }
  return result;
});
