import type { AnyRouter } from "@trpc/server";
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ShopMetrics } from "../metrics";
import { declaredProcedures } from "./declared";

/**
 * GET /metrics, for the operator's Prometheus. Off unless METRICS_TOKEN or METRICS_LOOPBACK is set;
 * while off it is an unknown path like any other.
 *
 * - With a token, a caller anywhere sends `Authorization: Bearer <token>`; a missing or wrong one is
 *   a 401 that says nothing more.
 * - With loopback on, a caller on this machine (the socket's own peer address, never a header) is
 *   served without the token. A request carrying X-Forwarded-For, Forwarded or X-Real-IP came
 *   through a proxy, which connects from loopback on behalf of someone else: it is never treated as
 *   loopback, whatever TRUST_PROXY says. Without a token it is then answered as if metrics were off.
 */
export interface MetricsAccess {
  token?: string;
  loopback?: boolean;
}

export type MetricsDecision = "serve" | "unauthorized" | "not_found";

/** 127.0.0.0/8, ::1 and IPv4 loopback written as IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares the two in constant time (as hashes, so the token's length does not show either). */
function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Who may read the metrics, from the peer address and the request's headers alone. */
export function decideMetricsAccess(access: MetricsAccess, peer: { remoteAddress?: string }, headers: IncomingMessage["headers"]): MetricsDecision {
  if (access.loopback) {
    const proxied = headers["x-forwarded-for"] !== undefined || headers["forwarded"] !== undefined || headers["x-real-ip"] !== undefined;
    if (!proxied && isLoopbackAddress(peer.remoteAddress)) return "serve";
  }
  if (access.token) {
    const auth = headers.authorization;
    const given = typeof auth === "string" && /^Bearer\s+/i.test(auth) ? auth.replace(/^Bearer\s+/i, "").trim() : "";
    return tokenMatches(given, access.token) ? "serve" : "unauthorized";
  }
  return "not_found";
}

export function metricsEnabled(access: MetricsAccess | null | undefined): access is MetricsAccess {
  return !!access && (!!access.token || !!access.loopback);
}

/** Answers GET /metrics for a caller the access rules let in; false when it is to be answered as an unknown path. */
export async function serveMetrics(shop: ShopMetrics, access: MetricsAccess, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const decision = decideMetricsAccess(access, req.socket, req.headers);
  if (decision === "not_found") return false;
  res.setHeader("Cache-Control", "no-store");
  if (decision === "unauthorized") {
    req.resume();
    res.writeHead(401, { "Content-Type": "text/plain; charset=utf-8", "WWW-Authenticate": 'Bearer realm="metrics"' }).end("Unauthorized\n");
    return true;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" }).end("Method Not Allowed\n");
    return true;
  }
  const text = await shop.registry.metrics();
  res.writeHead(200, { "Content-Type": shop.registry.contentType, "Content-Length": Buffer.byteLength(text) });
  res.end(req.method === "HEAD" ? undefined : text);
  return true;
}

/**
 * The route label of a request, from a fixed set: the REST pattern a procedure declares
 * ("/api/competitions/{id}"), the tRPC procedure ("/api/trpc/public.competitions.list", a batch of
 * several as "/api/trpc/{batch}"), or one of the app's own paths. Never the raw URL, so a scan of
 * made-up paths cannot grow the series without bound.
 */
export function createRouteLabels(router: AnyRouter) {
  const procedures = declaredProcedures(router);
  const known = new Set(procedures.map((p) => p.path));
  const byProcedure = new Map(procedures.map(({ path, meta }) => [path, meta.openapi ? `/api${meta.openapi.path}` : `/api/trpc/${path}`]));
  return {
    /** A REST call answered by this procedure. */
    rest: (procedurePath: string) => byProcedure.get(procedurePath) ?? "other",
    /** A tRPC call (or batch) of these procedures. */
    trpc: (procedurePaths: string[]) => {
      if (!procedurePaths.every((p) => known.has(p))) return "other";
      return procedurePaths.length === 1 ? `/api/trpc/${procedurePaths[0]}` : "/api/trpc/{batch}";
    },
  };
}
