import { TRPCError } from "@trpc/server";
import type { AppErrorCode } from "../shared/errors";

/** The only error a service throws. Knows nothing of HTTP; `toTrpcError` maps it once. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

const TRPC_CODE: Record<AppErrorCode, TRPCError["code"]> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  PAYMENT_REQUIRED: "PAYMENT_REQUIRED",
  UNPROCESSABLE: "UNPROCESSABLE_CONTENT",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  INTERNAL: "INTERNAL_SERVER_ERROR",
};

export function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODE[error.code], message: error.message, cause: error });
}

/** What a client is told when the database cannot take a write (a full disk, a read-only file). */
export const UNAVAILABLE_MESSAGE = "We can't save changes right now. Please try again in a few minutes.";

/**
 * Failures of the storage under the shop rather than of the request: answered 503 with
 * Retry-After, and never with SQLite's own words.
 */
export function isStorageFailure(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return false;
  return /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY|LOCKED|PROTOCOL)/.test(code) || code === "ENOSPC" || code === "EROFS" || code === "EDQUOT";
}

/** The message of an unexpected failure: nothing internal, and a reference to quote to support. */
export function internalErrorMessage(requestId: string | undefined): string {
  return requestId
    ? `Something went wrong on our side. Please try again; if it keeps happening, contact us quoting reference ${requestId}.`
    : "Something went wrong on our side. Please try again.";
}
