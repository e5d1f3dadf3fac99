import { TRPCClientError } from "@trpc/client";

function errorCode(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) {
    const data = error.data as { code?: unknown } | undefined;
    return typeof data?.code === "string" ? data.code : undefined;
  }
  return undefined;
}

/** A 401 from the API means "signed out", which is a state, not an error to show. */
export function isUnauthorized(error: unknown): boolean {
  return errorCode(error) === "UNAUTHORIZED";
}

/** The server's own message when it sent one, for toasts that quote it. */
export function serverMessage(error: unknown): string | null {
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  return null;
}
