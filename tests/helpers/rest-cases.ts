/**
 * The REST catalogue as cases: each operation's success (tests/helpers/rest-catalogue.ts) and the
 * refusals every operation of its kind can meet, derived from it and from the OpenAPI document:
 * signed out (401), not an admin (403), an unknown id (404), invalid input (400).
 * tests/rest/openapi-conformance.test.ts checks every answer against the document;
 * tests/rest/rest-handler-conformance.test.ts sends each to http/rest.ts and to trpc-to-openapi's handler.
 */
import { normalizePath } from "trpc-to-openapi";
import type { oas31 } from "zod-openapi";
import { declaredProcedures } from "../../src/server/http/declared";
import { buildOpenApiDocument } from "../../src/server/http/openapi";
import { appRouter } from "../../src/server/routers/_app";
import { audienceOf, type Audience } from "../../src/server/trpc/audience";
import type { ApiInit } from "./http";
import { MORE, SUCCESS, UNKNOWN_ID, type CaseRequest, type Fixture } from "./rest-catalogue";

export interface Case {
  /** The document's operation, e.g. "GET /competitions/{id}". */
  operation: string;
  name: string;
  /** Makes the request; called again for each server when `fresh` (a request that uses something up). */
  build: (fx: Fixture) => Promise<CaseRequest>;
  fresh: boolean;
}

type Documented = { operation: string; method: string; path: string; op: oas31.OperationObject; audience: Audience };

/** The document's operations with who may call each. */
export function catalogueOperations(): Documented[] {
  const document = buildOpenApiDocument(appRouter, "/api");
  const procedures = appRouter._def.procedures as Record<string, unknown>;
  const audiences = new Map<string, Audience>(
    declaredProcedures(appRouter).flatMap(({ path, meta }) =>
      meta.openapi ? [[`${meta.openapi.method} ${normalizePath(meta.openapi.path)}`, audienceOf(procedures[path])]] : [],
    ),
  );
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    (["get", "post", "put", "patch", "delete"] as const).flatMap((method) => {
      const op = item[method];
      if (!op) return [];
      const operation = `${method.toUpperCase()} ${path}`;
      return [{ operation, method: method.toUpperCase(), path, op, audience: audiences.get(operation)! }];
    }),
  );
}

/** A value every schema of a field refuses: an object where a string, number, boolean or list is wanted. */
const WRONG = { not: "what the field takes" };

/** The same request with input the document refuses, or null when the operation takes none. */
function invalidated(op: oas31.OperationObject, req: CaseRequest): CaseRequest | null {
  const body = (op.requestBody as oas31.RequestBodyObject | undefined)?.content?.["application/json"]?.schema as oas31.SchemaObject | undefined;
  // A body of one of several shapes (PUT /admin/competitions/{id}): the first shape's first field.
  const shape = body?.properties ? body : ((body?.oneOf ?? body?.anyOf)?.[0] as oas31.SchemaObject | undefined);
  const fields = Object.keys(shape?.properties ?? {});
  if (fields.length > 0) return { ...req, body: { ...(req.body as object), [fields[0]!]: WRONG } };
  const parameters = (op.parameters ?? []) as oas31.ParameterObject[];
  for (const p of parameters.filter((p) => p.in === "query" || p.in === "path")) {
    const schema = p.schema as oas31.SchemaObject;
    const bad =
      schema.type === "integer" || schema.type === "number"
        ? "not-a-number"
        : schema.enum
          ? "not-an-option"
          : schema.maxLength
            ? "x".repeat(schema.maxLength + 1)
            : null;
    if (bad === null) continue;
    return p.in === "path" ? { ...req, params: { ...req.params, [p.name]: bad } } : { ...req, query: { ...req.query, [p.name]: bad } };
  }
  return null;
}

/** Every case: each operation's success, its refusals, and the extra ones above. */
export function restCases(): Case[] {
  const cases: Case[] = [];
  const documented = catalogueOperations();
  const missing = documented.filter((d) => !SUCCESS[d.operation]).map((d) => d.operation);
  if (missing.length) throw new Error(`tests/helpers/rest-catalogue.ts has no request for: ${missing.join(", ")}`);
  for (const { operation, op, audience, path } of documented) {
    const success = SUCCESS[operation]!;
    const build = async (fx: Fixture) => success.build(fx);
    cases.push({ operation, name: "success", fresh: success.fresh ?? false, build });
    const derived = (name: string, change: (req: CaseRequest, fx: Fixture) => CaseRequest | null) =>
      cases.push({
        operation,
        name,
        fresh: false,
        build: async (fx) => {
          const changed = change(await build(fx), fx);
          if (!changed) throw new Error(`${operation}: no ${name} request`);
          return changed;
        },
      });
    if (audience !== "public") derived("signed out (401)", (req) => ({ ...req, token: null }));
    if (audience === "admin") derived("signed in without the admin role (403)", (req, fx) => ({ ...req, token: fx.customer.token }));
    if (path.includes("{"))
      derived("an unknown id", (req) => ({ ...req, params: Object.fromEntries(Object.keys(req.params ?? {}).map((k) => [k, UNKNOWN_ID])) }));
    if (invalidated(op, {})) derived("invalid input (400)", (req) => invalidated(op, req));
  }
  for (const extra of MORE) cases.push({ operation: extra.operation, name: extra.name, fresh: extra.fresh ?? false, build: async (fx) => extra.build(fx) });
  return cases;
}

/** The URL and request options of a case for TestServer.request. */
export function toRequest(operation: string, audience: Audience, req: CaseRequest, fx: Fixture): { url: string; init: ApiInit } {
  const [method, template] = operation.split(" ") as [string, string];
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(req.params?.[name] ?? ""));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(req.query ?? {})) for (const v of [value].flat()) search.append(key, v);
  const token = req.token !== undefined ? req.token : audience === "admin" ? fx.admin.token : audience === "customer" ? fx.customer.token : null;
  const url = `/api${path}${search.size ? `?${search}` : ""}`;
  return {
    url,
    init: { method, token, headers: req.headers, ...(req.rawBody !== undefined ? { rawBody: req.rawBody } : req.body !== undefined ? { body: req.body } : {}) },
  };
}
