import type { AnyRouter } from "@trpc/server";
import { normalizePath } from "trpc-to-openapi";
import type { oas31 } from "zod-openapi";
import type { Meta } from "../trpc/meta";
import { declaredProcedures } from "./declared";

/** One operation of the generated document beside the procedure that answers it. */
export interface DocumentedOperation {
  /** "get", "post"… as the document keys it. */
  method: "get" | "post" | "put" | "patch" | "delete";
  /** The document's path, e.g. /competitions/{id}. */
  path: string;
  operation: oas31.OperationObject;
  /** The procedure's dotted path, e.g. public.competitions.get. */
  name: string;
  procedure: unknown;
  type: "query" | "mutation" | "subscription";
  meta: Meta;
}

/** Every operation of `document`, matched to its procedure in `router` through the procedure's `openapi` meta. */
export function documentedOperations(document: oas31.OpenAPIObject, router: AnyRouter): DocumentedOperation[] {
  const procedures = router._def.procedures as Record<string, unknown>;
  return declaredProcedures(router).flatMap(({ path: name, type, meta }) => {
    if (!meta.openapi || meta.openapi.enabled === false) return [];
    const path = normalizePath(meta.openapi.path);
    const method = meta.openapi.method.toLowerCase() as DocumentedOperation["method"];
    const operation = document.paths?.[path]?.[method];
    if (!operation) throw new Error(`${name}: ${meta.openapi.method} ${path} is missing from the document`);
    return [{ method, path, operation, name, procedure: procedures[name], type, meta }];
  });
}
