import type { AnyRouter } from "@trpc/server";
import type { IncomingMessage, ServerResponse } from "node:http";
import { normalizePath } from "trpc-to-openapi";
import { declaredProcedures } from "./declared";
import type { ResponseCache } from "./response-cache";

/**
 * The public reads answered from memory: the procedures whose meta says `cache: "public"` (the same
 * for everyone: no session, no per-user data), recomputed after any write. Each is reachable as REST
 * (its documented GET path) and as tRPC (what the web app calls); both faces share one cache, so
 * neither can be used to make the server compute a page again and again.
 */
export interface PublicRead {
  /** The procedure, e.g. "public.competitions.get". */
  path: string;
  /** Its documented GET path under /api, e.g. /^\/api\/competitions\/([A-Za-z0-9-]{1,64})$/; null when it has none. */
  rest: RegExp | null;
  /** The path parameters the pattern captures, in order: the read's input over REST. */
  params: string[];
}

/** A path parameter of a cached read is short and plain, so a URL cannot fill the cache with keys of its choosing. */
const PARAM = "([A-Za-z0-9-]{1,64})";

/** The pattern of a documented path such as `/competitions/{id}`, as requested under /api. */
export function restPattern(template: string): { rest: RegExp; params: string[] } {
  const params: string[] = [];
  const source = normalizePath(template)
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const param = /^\{(.+)\}$/.exec(part)?.[1];
      if (param === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
      params.push(param);
      return PARAM;
    })
    .join("");
  return { rest: new RegExp(`^/api${source}$`), params };
}

export function publicReadsOf(router: AnyRouter): PublicRead[] {
  return declaredProcedures(router)
    .filter(({ meta }) => meta.cache === "public")
    .map(({ path, type, meta }) => {
      if (type !== "query") throw new Error(`${path}: only a query can be answered from the cache`);
      if (!meta.openapi) return { path, rest: null, params: [] };
      if (meta.openapi.method !== "GET") throw new Error(`${path}: a cached read is a GET`);
      return { path, ...restPattern(meta.openapi.path) };
    });
}

/** Calls a procedure by its dotted path on a caller made for an anonymous visitor. */
export type CallByPath = (path: string, input: unknown) => Promise<unknown>;

export function callerByPath(caller: object): CallByPath {
  return (path, input) => {
    const fn = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], caller);
    if (typeof fn !== "function") return Promise.reject(new Error(`no procedure ${path}`));
    return (fn as (i: unknown) => Promise<unknown>)(input);
  };
}

/** One cache key per procedure and input, shared by the REST and tRPC faces. */
const keyOf = (path: string, input: unknown) => `${path}:${JSON.stringify(input ?? null)}`;

const OPEN = Buffer.from('{"result":{"data":');
const CLOSE = Buffer.from("}}");

/** `onMatch` is told which procedure a REST path matched (the request metrics' route label). */
export function createPublicReads(
  reads: PublicRead[],
  cache: ResponseCache,
  call: CallByPath,
  onMatch?: (req: IncomingMessage, procedurePath: string) => void,
) {
  const cached = new Set(reads.map((r) => r.path));
  const overRest = reads.filter((r): r is PublicRead & { rest: RegExp } => r.rest !== null);

  /** Answers a GET of a documented public REST path from the cache; false when it is not one. */
  function serveRest(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> | false {
    for (const { path, rest, params } of overRest) {
      const m = rest.exec(pathname);
      if (!m) continue;
      onMatch?.(req, path);
      const input = params.length ? Object.fromEntries(params.map((name, i) => [name, m[i + 1]!])) : undefined;
      return cache.serve(req, res, keyOf(path, input), () => call(path, input));
    }
    return false;
  }

  /**
   * Answers a tRPC GET from the cache when every call in it is a public read; false otherwise (a
   * mixed batch, a bad input, a read that fails: the tRPC handler then answers as usual). Each call is
   * cached on its own (by procedure and parsed input), so neither padding the URL nor combining calls
   * in new ways makes new entries.
   */
  async function serveTrpc(req: IncomingMessage, res: ServerResponse, procedurePaths: string[], search: URLSearchParams): Promise<boolean> {
    if (!procedurePaths.every((p) => cached.has(p))) return false;
    const batch = search.get("batch") === "1";
    let inputs: unknown;
    try {
      const raw = search.get("input");
      inputs = raw === null ? undefined : JSON.parse(raw);
    } catch {
      return false;
    }
    const inputOf = (i: number) => (batch ? (inputs as Record<string, unknown> | undefined)?.[String(i)] : inputs);
    const parts = procedurePaths.map((path, i) => {
      const input = inputOf(i);
      return { key: keyOf(path, input), compute: () => call(path, input) };
    });
    return cache.serveParts(req, res, parts, (bodies) => {
      const envelopes = bodies.map((b) => Buffer.concat([OPEN, b, CLOSE]));
      if (!batch) return envelopes[0]!;
      const joined: Buffer[] = [Buffer.from("[")];
      envelopes.forEach((e, i) => joined.push(...(i ? [Buffer.from(","), e] : [e])));
      joined.push(Buffer.from("]"));
      return Buffer.concat(joined);
    });
  }

  return { serveRest, serveTrpc };
}
