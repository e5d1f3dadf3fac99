import { TRPCClientError } from "@trpc/client";
import type { FieldErrors } from "../../../lib/form-errors";

type Messages = Record<string, string[] | undefined>;

const messagesIn = (value: unknown): Messages => (typeof value === "object" && value !== null ? (value as Messages) : {});

/**
 * The server's words for each field of the form, first message each: a service's refusal names them
 * in its details (`details.fieldErrors`, e.g. a code that exists), an input check in `zodError`.
 */
export function serverFieldErrors<K extends string>(error: unknown, fields: readonly K[]): FieldErrors<K> {
  if (!(error instanceof TRPCClientError)) return {};
  const data = (error.data ?? {}) as { details?: { fieldErrors?: unknown }; zodError?: { fieldErrors?: unknown } | null };
  const found: FieldErrors<K> = {};
  for (const source of [messagesIn(data.details?.fieldErrors), messagesIn(data.zodError?.fieldErrors)]) {
    for (const field of fields) {
      const message = source[field]?.[0];
      if (message && found[field] === undefined) found[field] = message;
    }
  }
  return found;
}
