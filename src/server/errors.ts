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
 * Retry-After, and never with the database's own words. On SQLite a full disk or a read-only file;
 * on PostgreSQL the server out of reach, restarting, out of connections or of disk (the pool makes new
 * connections by itself, so the shop recovers without a restart once the server is back).
 */
export function isStorageFailure(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== "object") return false;
  const code = e.code;
  if (typeof code === "string") {
    if (/^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|BUSY|LOCKED|PROTOCOL)/.test(code) || code === "ENOSPC" || code === "EROFS" || code === "EDQUOT") return true;
    // PostgreSQL's SQLSTATE: connection exceptions (08), insufficient resources (53), operator intervention (57P0x), read-only (25006).
    if (/^(08...|53...|57P0.|25006)$/.test(code)) return true;
    if (code === "ECONNREFUSED" || code === "ECONNRESET" || code === "ETIMEDOUT" || code === "EPIPE" || code === "EHOSTUNREACH") return true;
  }
  // node-postgres says these in words only: a pool that cannot connect in time, a connection cut.
  if (
    typeof e.message === "string" &&
    /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error/.test(e.message)
  )
    return true;
  return e.cause !== undefined && e.cause !== err && isStorageFailure(e.cause);
}

/** The message of an unexpected failure: nothing internal, and a reference to quote to support. */
export function internalErrorMessage(requestId: string | undefined): string {
  return requestId
    ? `Something went wrong on our side. Please try again; if it keeps happening, contact us quoting reference ${requestId}.`
    : "Something went wrong on our side. Please try again.";
}
