import type { IncomingMessage, ServerResponse } from "node:http";
import type { CachedPublicRead } from "../../shared/public-reads";
import type { ResponseCache } from "./response-cache";

/**
 * The public reads answered from memory, by procedure: the same for everyone (no session, no
 * per-user data), recomputed after any write. Each is reachable as REST (its documented path) and
 * as tRPC (what the web app calls); both faces share one cache, so neither can be used to make the
 * server compute a page again and again.
 */
const PUBLIC_READS: Record<CachedPublicRead, { rest: RegExp; input?: (m: RegExpExecArray) => unknown }> = {
  "public.competitions.list": { rest: /^\/api\/competitions$/ },
  "public.competitions.get": { rest: /^\/api\/competitions\/([A-Za-z0-9-]{1,64})$/, input: (m) => ({ id: m[1]! }) },
  "public.content.winners": { rest: /^\/api\/winners$/ },
  "public.content.heroSlides": { rest: /^\/api\/hero-slides\/active$/ },
  "public.content.statistics": { rest: /^\/api\/statistics$/ },
  "public.content.winnersDisplayCount": { rest: /^\/api\/settings\/winners_display_count$/ },
  "public.content.about": { rest: /^\/api\/about-page$/ },
  "public.content.categories": { rest: /^\/api\/categories$/ },
  "public.content.mediaSettings": { rest: /^\/api\/media-settings$/ },
  "public.content.shopMode": { rest: /^\/api\/shop-mode$/ },
};

const READS = Object.entries(PUBLIC_READS);

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

/** Answers a GET of a documented public REST path from the cache; false when it is not one. */
export function serveRestRead(cache: ResponseCache, call: CallByPath, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> | false {
  for (const [path, read] of READS) {
    const m = read.rest.exec(pathname);
    if (!m) continue;
    const input = read.input?.(m);
    return cache.serve(req, res, input === undefined ? `${path}:null` : keyOf(path, input), () => call(path, input));
  }
  return false;
}

const OPEN = Buffer.from('{"result":{"data":');
const CLOSE = Buffer.from("}}");

/**
 * Answers a tRPC GET from the cache when every call in it is a public read; false otherwise (a
 * mixed batch, a bad input, a read that fails: the tRPC handler then answers as usual). Each call is
 * cached on its own (by procedure and parsed input), so neither padding the URL nor combining calls
 * in new ways makes new entries.
 */
export async function serveTrpcRead(
  cache: ResponseCache,
  call: CallByPath,
  req: IncomingMessage,
  res: ServerResponse,
  procedurePaths: string[],
  search: URLSearchParams,
): Promise<boolean> {
  if (!procedurePaths.every((p) => p in PUBLIC_READS)) return false;
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
