import type { AnyRouter } from "@trpc/server";
import { generateOpenApiDocument, getPathParameters, normalizePath, type OpenApiRouter } from "trpc-to-openapi";
import { z } from "zod";
import type { oas31 } from "zod-openapi";
import { declaredProcedures } from "./declared";
import { declareAccess } from "./openapi-access";
import { declareResponses } from "./openapi-responses";

const API_VERSION = "1.0.0";

/** A request that takes one of several shapes, documented by hand (see `documentable`). */
interface UnionBody {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  schema: oas31.SchemaObject;
}

/** A path parameter repeated in the body (a record sent back as it was read): accepted, and the path's value used. */
const pathEcho = (name: string): oas31.SchemaObject => ({ type: "string", description: `Optional: the \`${name}\` in the path is the one used.` });

/**
 * trpc-to-openapi documents object inputs only (trpc/trpc-openapi#255). A procedure whose input is a
 * union of objects (PUT /admin/competitions/{id}: a status change or a whole campaign) is shown to
 * the generator with its path parameters alone, and its body is then documented as the union itself.
 */
function documentable(router: AnyRouter): { router: OpenApiRouter; bodies: UnionBody[] } {
  const procedures: Record<string, unknown> = { ...router._def.procedures };
  const bodies: UnionBody[] = [];
  for (const { path: name, meta, inputs } of declaredProcedures(router)) {
    if (meta.openapi && meta.download) {
      // A download's procedure returns a stream; the document shows what the file holds.
      const procedure = procedures[name] as { _def: object };
      procedures[name] = { _def: { ...procedure._def, output: meta.download.schema ?? z.string() } };
    }
    const input = inputs[0];
    if (!meta.openapi || !(input instanceof z.ZodUnion)) continue;
    const path = normalizePath(meta.openapi.path);
    const params = getPathParameters(path);
    const options = input.options as z.ZodObject[];
    const pathShape = Object.fromEntries(params.map((p) => [p, options[0]!.shape[p]!]));
    const procedure = procedures[name] as { _def: object };
    procedures[name] = { _def: { ...procedure._def, inputs: [z.object(pathShape)] } };
    const { $schema: _dialect, ...schema } = z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as oas31.SchemaObject & { $schema?: string };
    // The path parameters travel in the path; one repeated in the body (as its read returned it) is ignored.
    for (const option of (schema.oneOf ?? schema.anyOf ?? []) as oas31.SchemaObject[]) {
      for (const p of params) {
        if (!option.properties?.[p]) continue;
        delete option.properties[p];
        option.properties[p] = pathEcho(p);
      }
      option.required = option.required?.filter((key) => !params.includes(key));
    }
    bodies.push({ method: meta.openapi.method.toLowerCase() as UnionBody["method"], path, schema });
  }
  return { router: { _def: { ...router._def, procedures } } as unknown as OpenApiRouter, bodies };
}

export function buildOpenApiDocument(appRouter: AnyRouter, baseUrl: string) {
  const { router, bodies } = documentable(appRouter);
  const document = generateOpenApiDocument(router, {
    title: "Harvest Draws API",
    description:
      "REST face of the shop. Every path is declared on the same tRPC procedure the web app calls, with the same checks. " +
      "Authenticate with the token from login or register, in the x-session-token header or as a bearer token, or with the session cookie " +
      "(a write sent with the cookie must carry this site's Origin). Every error answer has `message`, `code` and `appCode` (the shop's reason, " +
      "to switch on); a procedure's refusal adds `data` and, for invalid input, `issues`.",
    version: API_VERSION,
    baseUrl,
    securitySchemes: {
      sessionToken: { type: "apiKey", in: "header", name: "x-session-token" },
    },
  });
  for (const { method, path, schema } of bodies) {
    const operation = document.paths?.[path]?.[method];
    if (operation) operation.requestBody = { required: true, content: { "application/json": { schema } } };
  }
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const params = getPathParameters(path);
    for (const operation of Object.values(item ?? {}) as Array<{ requestBody?: oas31.RequestBodyObject }>) {
      const body = operation?.requestBody;
      const schema = body?.content?.["application/json"]?.schema as oas31.SchemaObject | undefined;
      if (!body || schema?.type !== "object") continue;
      // A body may repeat its path's parameters, as the read returned the record; the path's value is the one used.
      for (const p of params) if (schema.properties && !schema.properties[p]) schema.properties[p] = pathEcho(p);
      // A body whose every field is optional may be left out (the server reads an absent body as {}).
      if (!schema.required?.length) body.required = false;
    }
  }
  // What the generator cannot know: who may call each operation, and every answer it can give.
  declareAccess(document, appRouter);
  declareResponses(document, appRouter);
  return document;
}
