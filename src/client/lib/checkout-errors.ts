import { TRPCClientError } from "@trpc/client";
import type { ZodError } from "zod";

/** Codes the order procedures use to refuse an entry; their messages are written for customers. */
const REFUSALS = new Set(["FORBIDDEN", "CONFLICT", "UNPROCESSABLE_CONTENT", "NOT_FOUND", "BAD_REQUEST", "TOO_MANY_REQUESTS"]);

export interface CheckoutFailure {
  /** The server answered, so this attempt is over and a retry is a new attempt (new idempotency key). */
  definitive: boolean;
  /** The server's own message when it refused the entry; otherwise null (use the screen's generic text). */
  refusal: string | null;
  /** The server wants a signed-in customer (the session ended, or guest checkout is off). */
  signInNeeded: boolean;
}

export function describeCheckoutError(error: unknown): CheckoutFailure {
  if (!(error instanceof TRPCClientError)) return { definitive: false, refusal: null, signInNeeded: false };
  const code = (error.data as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string") return { definitive: false, refusal: null, signInNeeded: false };
  const signInNeeded = code === "UNAUTHORIZED";
  const refusal = (REFUSALS.has(code) || signInNeeded) && error.message.trim() ? error.message.trim() : null;
  return { definitive: true, refusal, signInNeeded };
}

/** First message per field, keyed by the last part of the path ("card.cvv" → "cvv"). */
export function nestedFieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.at(-1);
    if (typeof key !== "string") continue;
    out[key] ??= issue.message;
  }
  return out;
}
