import { TRPCClientError } from "@trpc/client";
import { isAppErrorCode, type AppErrorCode } from "../../shared/errors";

/** The shop's own code for what went wrong (shared/errors.ts), when the server answered at all. */
export function appErrorCode(error: unknown): AppErrorCode | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const code = (error.data as { appCode?: unknown } | undefined)?.appCode;
  return isAppErrorCode(code) ? code : undefined;
}

/** The facts the server gave with its refusal (an AppError's details), e.g. `ticketsLeft`; empty when none. */
export function appErrorDetails(error: unknown): Record<string, unknown> {
  if (!(error instanceof TRPCClientError)) return {};
  const details = (error.data as { details?: unknown } | undefined)?.details;
  return typeof details === "object" && details !== null ? (details as Record<string, unknown>) : {};
}

/** A 401 from the API means "signed out", which is a state, not an error to show. */
export function isUnauthorized(error: unknown): boolean {
  return appErrorCode(error) === "SIGN_IN_REQUIRED";
}

/** The server's own message when it sent one, for toasts that quote it. */
export function serverMessage(error: unknown): string | null {
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  return null;
}
