import { TRPCError } from "@trpc/server";
import { APP_ERRORS, type AppErrorCode } from "../shared/errors";

/**
 * The only error a service throws: a domain code (shared/errors.ts), a message written for the
 * person who will read it, details a client may use, and headers the answer must carry
 * (Retry-After). Knows nothing of HTTP; `toTrpcError` maps it once, through APP_ERRORS.
 */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** A refusal to come back later: 429 with Retry-After in whole seconds. */
export function rateLimited(message: string, retryAfterSeconds: number, details?: Record<string, unknown>): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError("RATE_LIMITED", message, { ...details, retryAfter: seconds }, { "Retry-After": String(seconds) });
}

export function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({ code: APP_ERRORS[error.code].trpc, message: error.message, cause: error });
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
