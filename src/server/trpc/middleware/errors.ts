import { TRPCError } from "@trpc/server";
import { AppError, isStorageFailure, toTrpcError, UNAVAILABLE_MESSAGE } from "../../errors";
import { middleware } from "../init";

/** Services throw AppError; this is the one place that turns it into a tRPC (and so HTTP) code. */
export const mapAppErrors = middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      const retryAfter = cause.details?.retryAfter;
      if (typeof retryAfter === "number") ctx.setHeader("Retry-After", String(retryAfter));
      throw toTrpcError(cause);
    }
    if (result.error instanceof TRPCError && result.error.cause instanceof AppError) {
      throw toTrpcError(result.error.cause);
    }
    if (isStorageFailure(cause) || isStorageFailure(result.error)) {
      ctx.setHeader("Retry-After", "30");
      throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE_MESSAGE, cause: result.error });
    }
  }
  return result;
});
