import type { AnyRouter } from "@trpc/server";
import type { oas31 } from "zod-openapi";
import { audienceOf } from "../trpc/audience";
import { errorBodySchemas } from "./error-body";
import { documentedOperations, type DocumentedOperation } from "./openapi-operations";

/**
 * The answers each operation can give, as the server sends them. trpc-to-openapi documents a
 * success at 200 and guesses error statuses with a body of `message`, `code` and `issues`; the
 * server sends more than that (app.ts, http/rest.ts, trpc/init.ts), so the answers are rewritten
 * here from what the procedure declares (success status, run-time statuses, cache, errorResponses),
 * who may call it (its builder) and how app.ts reaches it.
 */

const ERROR_BODY = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

const HEADERS: Record<string, oas31.HeaderObject> = {
  RequestId: {
    description: "This request's id: the X-Request-Id sent (8–64 of A–Z a–z 0–9 _ . : -) or a new one. Quote it to support.",
    required: true,
    schema: { type: "string" },
  },
  CacheControl: {
    description: "`no-store`; `public, no-cache` on an answer from the response cache (revalidate it with If-None-Match).",
    required: true,
    schema: { type: "string" },
  },
  ContentDisposition: {
    description: "`attachment` with the file's name: the answer is a file, sent as it is made (every row, however many).",
    required: true,
    schema: { type: "string" },
  },
  ETag: { description: "On an answer from the response cache (a request without a query string): send it back as If-None-Match.", schema: { type: "string" } },
};
const ALWAYS = { "X-Request-Id": ref("RequestId"), "Cache-Control": ref("CacheControl") };
const retryAfter = (required: boolean): oas31.HeaderObject => ({
  description: required ? "Whole seconds to wait before trying again." : "Whole seconds to wait before trying again, when the wait is known.",
  required,
  schema: { type: "string", pattern: "^[0-9]+$" },
});

/** app.ts answers these paths before the per-address request budget (a monitor shares nothing with a busy client). */
const OUTSIDE_BUDGET = new Set(["/health"]);
const BODY_METHODS = new Set(["post", "put", "patch"]);

/** The refusals every operation of its kind can meet, whatever its procedure does. */
function commonRefusals({ method, path, operation, type, procedure }: DocumentedOperation): Map<number, string> {
  const audience = audienceOf(procedure);
  const body = BODY_METHODS.has(method);
  const refusals = new Map<number, string>();
  if (body || (operation.parameters?.length ?? 0) > 0) {
    refusals.set(
      400,
      `Invalid input (appCode INVALID_INPUT): \`issues\` lists every problem and \`data.zodError\` groups them by field${body ? "; or a malformed JSON body" : ""}`,
    );
  }
  if (audience !== "public") refusals.set(401, "Not signed in, or the session has ended (appCode SIGN_IN_REQUIRED)");
  const forbidden = [
    audience === "admin" ? "signed in without the admin role (appCode ADMIN_ONLY)" : null,
    type === "mutation" ? "a write sent with the session cookie from another site (appCode CROSS_SITE)" : null,
  ].filter((reason) => reason !== null);
  if (forbidden.length > 0) refusals.set(403, joinReasons(...forbidden));
  if (path.includes("{")) refusals.set(404, "Nothing with that id (appCode NOT_FOUND)");
  if (body) {
    refusals.set(413, "The body is larger than the server accepts (appCode INVALID_INPUT)");
    refusals.set(415, "The body is not JSON (appCode INVALID_INPUT)");
  }
  if (!OUTSIDE_BUDGET.has(path)) refusals.set(429, "Too many requests (appCode RATE_LIMITED): from this address, or of this kind");
  refusals.set(500, "An unexpected failure (appCode INTERNAL): `requestId` is the reference to quote");
  refusals.set(503, "The shop cannot save changes right now (appCode UNAVAILABLE)");
  return refusals;
}

/** The procedure's own `errorResponses`, which say more than the common description of their status. */
function declaredRefusals(meta: DocumentedOperation["meta"]): Map<number, string | null> {
  const declared = meta.openapi?.errorResponses;
  if (!declared) return new Map();
  if (Array.isArray(declared)) return new Map(declared.map((status) => [status, null]));
  return new Map(Object.entries(declared).map(([status, description]) => [Number(status), description]));
}

/** "A; or b": a procedure's own words first, then the common ones unless they only repeat them. */
function joinReasons(...parts: Array<string | null | undefined>): string {
  const said = parts.filter((part): part is string => Boolean(part));
  const kept = said.filter((part, i) => !said.some((other, j) => j !== i && other.length > part.length && other.toLowerCase().startsWith(part.toLowerCase())));
  const sentence = kept.map((part) => part[0]!.toLowerCase() + part.slice(1)).join("; or ");
  return sentence ? sentence[0]!.toUpperCase() + sentence.slice(1) : "Refused: `appCode` says why";
}

function rewrite(entry: DocumentedOperation): void {
  const { operation, meta } = entry;
  const generated = operation.responses?.["200"] as oas31.ResponseObject;
  const cached = meta.cache === "public";
  const success: oas31.ResponseObject = { ...generated, headers: { ...ALWAYS, ...(cached ? { ETag: ref("ETag") } : {}) } };
  if (meta.download) {
    // Sent as it is made (http/download.ts), under its own media type, as an attachment.
    success.content = { [meta.download.contentType]: generated.content?.["application/json"] ?? { schema: { type: "string" } } };
    success.headers = { ...success.headers, "Content-Disposition": ref("ContentDisposition") };
  }
  const responses: Record<string, oas31.ResponseObject> = { [meta.successStatus ?? 200]: success };
  for (const [status, description] of Object.entries(meta.otherStatuses ?? {})) responses[status] = { ...success, description };

  const common = commonRefusals(entry);
  const declared = declaredRefusals(meta);
  for (const status of [...new Set([...common.keys(), ...declared.keys()])].sort((a, b) => a - b)) {
    const description = joinReasons(declared.get(status), common.get(status));
    const answered = responses[status];
    if (answered) {
      // A status the procedure also answers with its output (GET /health: 503 with the report).
      const schema = answered.content?.["application/json"]?.schema;
      responses[status] = {
        description: joinReasons(answered.description, description),
        headers: { ...ALWAYS, "Retry-After": retryAfter(false) },
        content: { "application/json": { schema: { anyOf: [schema ?? {}, ERROR_BODY["application/json"].schema] } } },
      };
      continue;
    }
    const headers = status === 429 || status === 503 ? { ...ALWAYS, "Retry-After": retryAfter(true) } : ALWAYS;
    responses[status] = { description, headers, content: ERROR_BODY };
  }
  responses.default = {
    description: "Another refusal: the status and `appCode` say which (e.g. 409 ALREADY_DRAWN, 422 WRONG_ANSWER).",
    headers: ALWAYS,
    content: ERROR_BODY,
  };

  if (cached) {
    responses["304"] = {
      description: "Not modified: If-None-Match named the current ETag.",
      headers: { ...ALWAYS, ETag: { ...HEADERS.ETag, required: true } },
    };
    operation.parameters = [
      ...(operation.parameters ?? []),
      { in: "header", name: "If-None-Match", required: false, description: "The ETag of a copy held: 304 while it is current.", schema: { type: "string" } },
    ];
  }
  operation.responses = responses;
  // app.ts reads a JSON body for every POST, PUT and PATCH (so 400, 413 and 415 above) and the procedure ignores it when it takes no input.
  if (BODY_METHODS.has(entry.method) && !operation.requestBody) {
    operation.requestBody = {
      required: false,
      content: { "application/json": { schema: { description: "Ignored: this operation takes no input. Send no body, or {}." } } },
    };
  }
}

/** Rewrites every operation's responses and puts the error body and header schemas in `components`. */
export function declareResponses(document: oas31.OpenAPIObject, router: AnyRouter): void {
  for (const entry of documentedOperations(document, router)) rewrite(entry);
  // trpc-to-openapi's own error schemas (error.BAD_REQUEST…) describe a body the server does not send.
  const schemas = Object.fromEntries(Object.entries(document.components?.schemas ?? {}).filter(([name]) => !name.startsWith("error.")));
  document.components = {
    ...document.components,
    schemas: { ...schemas, ...(errorBodySchemas() as Record<string, oas31.SchemaObject>) },
    headers: HEADERS,
  };
}
