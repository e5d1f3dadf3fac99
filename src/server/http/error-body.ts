import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { z } from "zod";
import { APP_ERROR_CODES } from "../../shared/errors";

/**
 * What a REST error body holds, field by field, as the OpenAPI document declares it. Two shapes:
 * a procedure's refusal (tRPC's error shape through the error formatter of trpc/init.ts, sent by
 * http/rest.ts) and a refusal of a request no procedure saw (app.ts `restError`, the request budget).
 * The REST suite checks every answer against the document, so these cannot drift from what is sent.
 */

const appCode = z.enum(APP_ERROR_CODES).meta({
  description: "What went wrong, in the shop's words (src/shared/errors.ts): switch on this, not on the status.",
});

const transportCode = z.enum(Object.keys(TRPC_ERROR_CODES_BY_KEY) as [keyof typeof TRPC_ERROR_CODES_BY_KEY]).meta({
  description: "tRPC's error code, which sets the HTTP status (BAD_REQUEST 400, UNAUTHORIZED 401, FORBIDDEN 403, …).",
});

const inputIssue = z
  .looseObject({
    code: z.string(),
    path: z.array(z.union([z.string(), z.number()])),
    message: z.string(),
  })
  .meta({ description: "One problem with the input, as zod reports it; other fields depend on `code` (expected, minimum, values…)." });

const fieldErrors = z
  .strictObject({
    formErrors: z.array(z.string()),
    fieldErrors: z.record(z.string(), z.array(z.string())),
  })
  .meta({ description: "The input's problems by field (zod's flattened error): what a form shows beside each field." });

const requestId = z.string().meta({ description: "The reference to quote to support: this request's X-Request-Id." });

export const procedureErrorBody = z
  .strictObject({
    message: z.string().meta({ description: 'Written for the person using the client; for invalid input, "Input validation failed".' }),
    code: transportCode,
    data: z.strictObject({
      code: transportCode,
      httpStatus: z.number().int().min(100).max(599),
      path: z.string().optional().meta({ description: "The procedure, e.g. public.competitions.get; absent when no operation matched." }),
      requestId: requestId.optional().meta({ description: "On 500 and 503: the reference to quote to support (also the X-Request-Id header)." }),
      zodError: fieldErrors.nullable().meta({ description: "The input's problems by field; null unless the input was invalid." }),
      appCode,
      details: z.record(z.string(), z.unknown()).optional().meta({ description: "Facts a client may use, e.g. retryAfter (seconds) or ticketsLeft." }),
    }),
    appCode,
    issues: z.array(inputIssue).optional().meta({ description: "Present when the input failed validation: every problem found." }),
  })
  .meta({ description: "A refusal by the operation's procedure (its checks, its rules, its failures)." });

export const requestErrorBody = z
  .strictObject({
    message: z.string(),
    code: transportCode,
    appCode,
    requestId: requestId.optional().meta({ description: "On 500 and 503: the reference to quote to support." }),
  })
  .meta({ description: "A refusal before any procedure ran: a malformed or oversized body, the request budget, a failure." });

export const errorBody = z.union([procedureErrorBody, requestErrorBody]).meta({ description: "Every REST error answer." });

/** The schemas the document names, as JSON Schema (OpenAPI 3.1), referring to each other through `#/components/schemas/`. */
export function errorBodySchemas(): Record<string, Record<string, unknown>> {
  const registry = z.registry<{ id: string }>();
  registry.add(appCode, { id: "AppErrorCode" });
  registry.add(transportCode, { id: "TransportErrorCode" });
  registry.add(inputIssue, { id: "InputIssue" });
  registry.add(procedureErrorBody, { id: "ProcedureError" });
  registry.add(requestErrorBody, { id: "RequestError" });
  registry.add(errorBody, { id: "Error" });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}` });
  // Components are parts of the document, not documents of their own: no dialect or id of their own.
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]));
}
