import type { AnyRouter } from "@trpc/server";
import type { Meta } from "../trpc/meta";

/** One procedure of a router, with what it declares. */
export interface DeclaredProcedure {
  /** The dotted path, e.g. "public.competitions.get". */
  path: string;
  type: "query" | "mutation" | "subscription";
  meta: Meta;
  /** Its input parsers, in the order given to `.input()`. */
  inputs: unknown[];
}

/** Every procedure of a router, read from its definition: the REST and cache tables are derived from these. */
export function declaredProcedures(router: AnyRouter): DeclaredProcedure[] {
  return Object.entries(router._def.procedures as Record<string, { _def: { type: DeclaredProcedure["type"]; meta?: Meta; inputs: unknown[] } }>).map(
    ([path, procedure]) => ({ path, type: procedure._def.type, meta: procedure._def.meta ?? {}, inputs: procedure._def.inputs }),
  );
}

/** REST success statuses other than 200, by procedure path (what the REST handler's `successStatus` takes). */
export function successStatuses(router: AnyRouter): Record<string, number> {
  return Object.fromEntries(declaredProcedures(router).flatMap(({ path, meta }) => (meta.successStatus ? [[path, meta.successStatus]] : [])));
}

/**
 * The REST routes ("POST /mail/unsubscribe/{token}") that declare they take a form post as well as
 * JSON, matched against a request's real path (a `{param}` stands for one path segment).
 */
export function formBodyRoutes(router: AnyRouter): { has: (methodAndPath: string) => boolean } {
  const patterns = declaredProcedures(router).flatMap(({ meta }) =>
    meta.openapi && meta.openapi.contentTypes?.includes("application/x-www-form-urlencoded")
      ? [new RegExp(`^${`${meta.openapi.method} ${meta.openapi.path}`.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^/}]+\}/g, "[^/]+")}$`)]
      : [],
  );
  return { has: (methodAndPath) => patterns.some((p) => p.test(methodAndPath)) };
}
