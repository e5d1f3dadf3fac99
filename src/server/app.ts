import { nodeHTTPRequestHandler } from "@trpc/server/adapters/node-http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRestHandler } from "./http/rest";
import { formBodyRoutes, successStatuses } from "./http/declared";
import { buildOpenApiDocument } from "./http/openapi";
import { callerByPath, createPublicReads, publicReadsOf } from "./http/public-reads";
import { BATCH_TOO_LARGE_MESSAGE, createRequestBudget, MAX_TRPC_BATCH, type RequestBudgetOptions } from "./http/request-budget";
import type { Db } from "../../db/client";
import { APP_CODE_BY_TRPC_CODE } from "../shared/errors";
import { BodyError, readBody, readJsonBody } from "./http/body";
import type { StripePaymentProvider } from "./payments/stripe";
import type { CashflowsPaymentProvider } from "./payments/cashflows";
import { paymentSurfaceOf, setSecurityHeaders } from "./http/security-headers";
import { originOf, robotsTxt, sitemapXml } from "./http/crawlers";
import { createStaticHandler } from "./http/static";
import { createPageRenderer } from "./ssr/render";
import { pageHead } from "./ssr/head";
import { createTRPCClient, unstable_localLink } from "@trpc/client";
import type { AppRouter } from "./routers/_app";
import { silentLogger, type Logger } from "./logger";
import { appRouter, createCaller } from "./routers/_app";
import { ResponseCache } from "./http/response-cache";
import { internalErrorMessage, isStorageFailure, UNAVAILABLE_MESSAGE } from "./errors";
import { noopMailer } from "./mail/mailer";
import { SIMULATED_CHALLENGE_PATH, SimulatedPaymentProvider } from "./payments/simulated";
import { createPurchasing, handlePaymentEvent, type Purchasing } from "./services/purchase";
import { LocalDiskStorage } from "./storage/local-disk";
import type { ObjectStorage } from "./storage/storage";
import { UploadGrants } from "./storage/uploads";
import { LoginThrottle } from "./auth/login-throttle";
import { createPurchaseGuard } from "./services/purchase";
import { countersFor } from "./limits";
import { handleUpload, serveObject } from "./http/uploads";
import { REFERRAL_LINK_PATH, serveReferralLink } from "./http/referral-link";
import { createImageHandler } from "./http/images";
import { tmpdir } from "node:os";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { readFile } from "node:fs/promises";
import { clientIp, createContextInner, createHttpContext, defaultConfig, requestUsers, type AppConfig, type AppServices } from "./trpc/context";
import { createRouteLabels, metricsEnabled, serveMetrics, type MetricsAccess } from "./http/metrics";
import { ShopMetrics } from "./metrics";

export interface AppOptions {
  db: Db;
  config?: Partial<AppConfig>;
  services?: Partial<AppServices>;
  /** Uploaded media; defaults to a temporary folder (main.ts passes DATA_DIR/uploads). */
  storage?: ObjectStorage;
  /** Folder of the built SPA; when absent only the API is served. */
  clientDir?: string;
  logger?: Logger;
  maxBodyBytes?: number;
  /** Shared with the scheduler so its writes invalidate public reads too. */
  cache?: ResponseCache;
  /** Used as the server URL in the OpenAPI document. */
  publicOrigin?: string;
  /** The origin of links in mail sent without a request (PUBLIC_ORIGIN, else the local address); publicOrigin when absent. */
  mailOrigin?: string;
  /** Calls per client address (429 past it); none when absent. main.ts sets it from the environment. */
  requestBudget?: RequestBudgetOptions | null;
  /** Where files served under /.well-known/ live (Apple Pay's domain association file); none when absent. */
  wellKnownDir?: string;
  /** Answers the REST paths; http/rest.ts unless a test plugs in trpc-to-openapi's own handler to compare the two. */
  restHandler?: typeof createRestHandler;
  /**
   * GET /metrics for the operator's Prometheus: off when absent or with neither a token nor loopback
   * (main.ts sets it from METRICS_TOKEN and METRICS_LOOPBACK). `shop` is the registry to serve, when
   * the caller made it (main.ts, so the sweep's outcomes count too); else the app makes its own.
   */
  metrics?: (MetricsAccess & { shop?: ShopMetrics }) | null;
}

/** The largest webhook body read: Stripe's events are far smaller. */
const WEBHOOK_MAX_BYTES = 256 * 1024;
/** Cashflows' notification is two references; anything much larger is not one. */
const CASHFLOWS_NOTIFY_MAX_BYTES = 4 * 1024;

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The shop's request handler, and the purchase path it was built with (the sweep takes it from here). */
export type App = RequestHandler & { readonly purchasing: Purchasing };

/** A tRPC-shaped refusal of a request no procedure gets to see (same fields as the error formatter's). */
function trpcError(message: string) {
  return { error: { message, code: -32600, appCode: "INVALID_INPUT", data: { code: "BAD_REQUEST", httpStatus: 400, appCode: "INVALID_INPUT" } } };
}

/** A REST error body for a request no procedure answered: the same fields as a procedure's error. */
function restError(code: string, message: string, requestId?: string) {
  return { message, code, appCode: APP_CODE_BY_TRPC_CODE[code] ?? "INTERNAL", requestId };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

/** An address a page could be at: no file extension, and readable (a malformed escape is the static handler's 400). */
function isPagePath(pathname: string): boolean {
  if (/\.[A-Za-z0-9]+$/.test(pathname)) return false;
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export function createApp(opts: AppOptions): App {
  const config: AppConfig = { ...defaultConfig, ...opts.config };
  const logger = opts.logger ?? silentLogger;
  const maxBodyBytes = opts.maxBodyBytes ?? 1_000_000;
  const { db } = opts;
  const metricsAccess = metricsEnabled(opts.metrics) ? opts.metrics : null;
  const mailer = opts.services?.mailer ?? noopMailer;
  // One registry per app: nothing is counted (and nothing costs) while metrics are off.
  const metrics = metricsAccess ? (metricsAccess.shop ?? new ShopMetrics(db, { mailer: () => mailer })) : null;
  const payments = opts.services?.payments ?? new SimulatedPaymentProvider(0);
  const instrumented = metrics ? metrics.instrument(payments) : payments;
  const counters = opts.services?.counters ?? countersFor(db);
  const purchaseGuard = opts.services?.purchaseGuard ?? createPurchaseGuard(counters);
  const purchaseOutcomes = opts.services?.purchaseOutcomes ?? (metrics ? (outcome, reason) => metrics.purchase(outcome, reason) : undefined);
  const services: AppServices = {
    payments: instrumented,
    mailer,
    uploads: opts.services?.uploads ?? new UploadGrants(),
    counters,
    loginThrottle: opts.services?.loginThrottle ?? new LoginThrottle(counters),
    purchaseGuard,
    purchaseOutcomes,
    // Built once here for checkout, the provider's reports and the sweep alike. Links in mail sent
    // without a request (a webhook, the sweep) use the shop's public origin.
    purchasing: createPurchasing({
      db,
      payments: instrumented,
      mailer,
      guard: purchaseGuard,
      counters,
      onOutcome: purchaseOutcomes,
      holdMs: config.orderHoldMs,
      authHoldMs: config.authHoldMs,
      origin: opts.mailOrigin ?? opts.publicOrigin,
    }),
  };
  const { purchasing } = services;
  // Each request's route label for the metrics, set where the request is recognised.
  const routes = new WeakMap<IncomingMessage, string>();
  const labels = metrics ? createRouteLabels(appRouter) : null;
  const setRoute = (req: IncomingMessage, route: string) => {
    if (metrics) routes.set(req, route);
  };
  const onMatch = labels ? (req: IncomingMessage, procedurePath: string) => routes.set(req, labels.rest(procedurePath)) : undefined;
  // The simulated bank tells the shop when a challenge is answered, as Stripe's webhook does, and the
  // report is settled by the same purchase path as the shop's own calls (hold times, the guard).
  if (services.payments instanceof SimulatedPaymentProvider) services.payments.onEvent((event) => handlePaymentEvent(purchasing, event));
  const storage: ObjectStorage = opts.storage ?? new LocalDiskStorage(join(tmpdir(), `harvest-uploads-${process.pid}`));
  const createContext = ({ req, res }: { req: IncomingMessage; res: ServerResponse }) => createHttpContext(db, config, services, req, res);
  const serveStatic = opts.clientDir ? createStaticHandler(opts.clientDir) : null;
  const serveImage = createImageHandler({ storage, clientDir: opts.clientDir, logger });

  const onError = ({ error, path }: { error: { code: string; message: string; cause?: unknown }; path?: string }) => {
    if (error.code === "INTERNAL_SERVER_ERROR") {
      const cause = error.cause instanceof Error ? error.cause : undefined;
      logger.error("procedure failed", { path, err: cause?.message ?? error.message, stack: cause?.stack });
    } else if (error.code === "SERVICE_UNAVAILABLE") {
      logger.error("storage unavailable", { path, err: error.cause instanceof Error ? error.cause.message : error.message });
    }
  };

  const rest = (opts.restHandler ?? createRestHandler)({
    router: appRouter,
    createContext: (req, res) => createHttpContext(db, config, services, req, res, "rest"),
    onError,
    successStatus: successStatuses(appRouter),
    onMatch,
  });

  let openApiText: string | null = null;
  const formRoutes = formBodyRoutes(appRouter);

  // The most requested public reads, answered from memory by the same procedures, over REST and tRPC alike.
  const cache = opts.cache ?? new ResponseCache();
  // The procedures as an anonymous visitor calls them, in process: for the cached reads and the server-drawn pages' heads.
  const anonymous = createCaller(createContextInner({ db, config, services }));
  const publicReads = createPublicReads(publicReadsOf(appRouter), cache, callerByPath(anonymous), onMatch);
  const withinBudget = createRequestBudget(opts.requestBudget ?? null, services.counters);
  // Public pages drawn on the server from the same procedures, called in process as an anonymous visitor.
  const servePage = opts.clientDir
    ? createPageRenderer({
        clientDir: opts.clientDir,
        trpcClient: createTRPCClient<AppRouter>({
          links: [unstable_localLink({ router: appRouter, createContext: async () => createContextInner({ db, config, services }) })],
        }),
        version: () => cache.currentVersion,
        logger,
        head: (pathname, origin, now) => pageHead(pathname, anonymous.public, { origin, now }),
      })
    : null;
  // What the provider's browser component loads, opened up in every page's policy (and nothing else).
  const paymentSurface = paymentSurfaceOf(services.payments.name, config.cashflowsEnvironment, config.cashflowsWallets);

  const handler: RequestHandler = (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    // The simulated bank's challenge page answers a REST client's POST at its own URL, as /api/… does.
    const pathname = req.method === "POST" && url.pathname.startsWith(SIMULATED_CHALLENGE_PATH) ? `/api${url.pathname}` : url.pathname;
    setSecurityHeaders(res, config.secureCookies, paymentSurface, pathname);
    // One id per request, echoed to the client and on every log line about it.
    const given = req.headers["x-request-id"];
    const requestId = typeof given === "string" && /^[A-Za-z0-9_.:-]{8,64}$/.test(given) ? given : randomUUID();
    res.setHeader("X-Request-Id", requestId);
    // Any write may change what the public reads show: they are recomputed after it.
    if (req.method !== "GET" && req.method !== "HEAD" && pathname.startsWith("/api/")) res.on("finish", () => cache.invalidate());
    const started = process.hrtime.bigint();
    if (pathname.startsWith("/api/")) {
      res.on("finish", () => {
        logger.info("request", {
          reqId: requestId,
          method: req.method,
          path: pathname,
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
          // Who asked: the account when its session was read for this request, and the address as the
          // per-address limits see it (behind TRUST_PROXY, the one the proxy appended). Never a token.
          userId: requestUsers.get(req),
          ip: clientIp(req, config),
        });
      });
    }
    if (metrics) {
      res.on("finish", () => metrics.request(req.method ?? "GET", routes.get(req) ?? "other", res.statusCode, Number(process.hrtime.bigint() - started) / 1e9));
    }

    const handle = async () => {
      if (pathname === "/metrics") {
        // Not an API path: outside the per-address budget, and unknown (404) unless the access rules let the caller in.
        setRoute(req, "/metrics");
        if (metrics && metricsAccess && (await serveMetrics(metrics, metricsAccess, req, res))) return;
        req.resume();
        sendJson(res, 404, restError("NOT_FOUND", "Not found"));
        return;
      }
      if (pathname.startsWith("/api/trpc/") || pathname === "/api/trpc") {
        // Counted as tRPC will see them: it decodes the path, so "%2C" separates calls too.
        let procedurePaths: string[];
        try {
          procedurePaths = decodeURIComponent(pathname.slice("/api/trpc/".length)).split(",");
        } catch {
          sendJson(res, 400, trpcError("Malformed procedure path"));
          return;
        }
        if (labels) setRoute(req, labels.trpc(procedurePaths));
        // Refused before any procedure runs, any session is looked up or any body is read.
        if (procedurePaths.length > MAX_TRPC_BATCH) {
          req.resume();
          sendJson(res, 400, trpcError(BATCH_TOO_LARGE_MESSAGE));
          return;
        }
        if (!(await withinBudget(req, res, clientIp(req, config), procedurePaths.length, true))) return;
        if (req.method === "GET" && (await publicReads.serveTrpc(req, res, procedurePaths, url.searchParams))) return;
        res.setHeader("Cache-Control", "no-store");
        await nodeHTTPRequestHandler({
          router: appRouter,
          req,
          res,
          path: pathname.slice("/api/trpc/".length),
          createContext,
          onError: onError as never,
          maxBodySize: maxBodyBytes,
          maxBatchSize: MAX_TRPC_BATCH,
        });
        return;
      }
      // Health checks, Stripe's signed webhooks and Cashflows' notifications are outside the per-address budget (until refused).
      const stripeWebhook = pathname === "/api/payments/stripe/webhook" && req.method === "POST" && services.payments.name === "stripe";
      const cashflowsNotify = pathname === "/api/payments/cashflows/notify" && req.method === "POST" && services.payments.name === "cashflows";
      if (pathname.startsWith("/api/") && pathname !== "/api/health" && !stripeWebhook && !cashflowsNotify) {
        if (!(await withinBudget(req, res, clientIp(req, config), 1, false))) return;
      }
      if (stripeWebhook) {
        setRoute(req, "/api/payments/stripe/webhook");
        // Stripe's events are a few kilobytes; a post whose signature fails is charged to its address's budget.
        const raw = await readBody(req, Math.min(maxBodyBytes, WEBHOOK_MAX_BYTES));
        const { handleStripeWebhook } = await import("./payments/stripe-webhook");
        const answer = await handleStripeWebhook(
          { ...purchasing, payments: purchasing.payments as StripePaymentProvider },
          raw,
          String(req.headers["stripe-signature"] ?? ""),
        );
        if (answer.status === 400 && !(await withinBudget(req, res, clientIp(req, config), 1, false))) return;
        if (answer.status === 200) cache.invalidate();
        sendJson(res, answer.status, answer.body);
        return;
      }
      if (cashflowsNotify) {
        setRoute(req, "/api/payments/cashflows/notify");
        res.setHeader("Cache-Control", "no-store");
        const address = clientIp(req, config);
        let raw: Buffer;
        try {
          raw = await readBody(req, Math.min(maxBodyBytes, CASHFLOWS_NOTIFY_MAX_BYTES));
        } catch (err) {
          if (!(err instanceof BodyError)) throw err;
          logger.warn("cashflows notification refused: body too large", { address });
          if (!(await withinBudget(req, res, address, 1, false))) return;
          res.setHeader("Connection", "close");
          sendJson(res, err.status, restError(err.code, err.message));
          return;
        }
        const { handleCashflowsNotification } = await import("./payments/cashflows-notify");
        const answer = await handleCashflowsNotification(
          { ...purchasing, payments: purchasing.payments as CashflowsPaymentProvider, logger },
          { orderId: url.searchParams.get("order"), signature: url.searchParams.get("signature"), raw, address },
        );
        // A forged notification is charged to its address's budget, like a bad Stripe signature.
        if (answer.status === 401 && !(await withinBudget(req, res, address, 1, false))) return;
        if (answer.status === 200) cache.invalidate();
        sendJson(res, answer.status, answer.body);
        return;
      }
      // A picture's sized copies and its link-preview card (http/images.ts).
      if (/^\/objects\/(?:uploads\/[a-z0-9-]{8,80}\/[^/]+|preview\.jpg)$/.test(pathname)) {
        setRoute(req, pathname === "/objects/preview.jpg" ? "/objects/preview.jpg" : "/objects/uploads/{id}/{variant}");
        await serveImage(req, res, pathname, url);
        return;
      }
      const object = /^\/objects\/uploads\/([a-z0-9-]{8,80})$/.exec(pathname);
      if (object) {
        setRoute(req, "/objects/uploads/{id}");
        if (req.method === "PUT") await handleUpload({ db, storage, grants: services.uploads }, req, res, object[1]!, url);
        else if (req.method === "GET" || req.method === "HEAD") await serveObject(storage, req, res, object[1]!, logger);
        else sendJson(res, 405, { message: "Method not allowed" });
        return;
      }
      if (pathname === "/api/openapi.json") {
        setRoute(req, "/api/openapi.json");
        openApiText ??= JSON.stringify(buildOpenApiDocument(appRouter, `${opts.publicOrigin ?? ""}/api`));
        res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" });
        res.end(openApiText);
        return;
      }
      // No documented path ends in "/": "/api/competitions/" is not the list, nor a competition with an empty id.
      if (pathname.startsWith("/api/") && pathname.length > "/api/".length && pathname.endsWith("/")) {
        res.setHeader("Cache-Control", "no-store");
        sendJson(res, 404, restError("NOT_FOUND", "Not found"));
        return;
      }
      if ((req.method === "GET" || req.method === "HEAD") && !url.search && (await publicReads.serveRest(req, res, pathname))) return;
      if (pathname.startsWith("/api/") || pathname === "/api") {
        res.setHeader("Cache-Control", "no-store");
        const method = req.method ?? "GET";
        // An absent body is treated as {}.
        const path = pathname.slice("/api".length);
        const hasBody = method === "POST" || method === "PUT" || method === "PATCH";
        const body = hasBody ? ((await readJsonBody(req, maxBodyBytes, formRoutes.has(`${method} ${path}`))) ?? {}) : undefined;
        await rest(req, res, path, url.searchParams, body);
        return;
      }
      const shared = REFERRAL_LINK_PATH.exec(pathname);
      if (shared && (req.method === "GET" || req.method === "HEAD")) {
        setRoute(req, "/r/{code}");
        await serveReferralLink(db, req, res, shared[1]!, url, config.secureCookies);
        return;
      }
      if ((pathname === "/robots.txt" || pathname === "/sitemap.xml") && (req.method === "GET" || req.method === "HEAD")) {
        setRoute(req, pathname);
        const origin = originOf(req, opts.publicOrigin);
        const text = pathname === "/robots.txt" ? robotsTxt(origin) : await sitemapXml(db, origin, new Date());
        res.writeHead(200, {
          "Content-Type": pathname === "/robots.txt" ? "text/plain; charset=utf-8" : "application/xml; charset=utf-8",
          "Content-Length": Buffer.byteLength(text),
          "Cache-Control": "public, max-age=3600",
        });
        res.end(req.method === "HEAD" ? undefined : text);
        return;
      }
      const wellKnown = /^\/\.well-known\/(apple-developer-merchantid-domain-association)$/.exec(pathname);
      if (wellKnown && opts.wellKnownDir && (req.method === "GET" || req.method === "HEAD")) {
        const file = await readFile(join(opts.wellKnownDir, wellKnown[1]!)).catch(() => null);
        if (file) {
          setRoute(req, "/.well-known/{file}");
          res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": file.length, "Cache-Control": "public, max-age=3600" });
          res.end(req.method === "HEAD" ? undefined : file);
          return;
        }
      }
      if (servePage && (req.method === "GET" || req.method === "HEAD") && isPagePath(pathname)) {
        setRoute(req, "page");
        const mayDraw = () => withinBudget(req, res, clientIp(req, config), 1, false);
        if (await servePage(req, res, pathname, originOf(req, opts.publicOrigin), mayDraw)) return;
      }
      if (serveStatic) {
        setRoute(req, "static");
        serveStatic(req, res, pathname);
        return;
      }
      sendJson(res, 404, restError("NOT_FOUND", "Not found"));
    };

    handle().catch((err: unknown) => {
      if (err instanceof BodyError) {
        if (!res.headersSent) sendJson(res, err.status, restError(err.code, err.message));
        return;
      }
      logger.error("request failed", { reqId: requestId, path: pathname, err: err instanceof Error ? err.message : String(err) });
      if (res.headersSent) res.end();
      else if (isStorageFailure(err)) {
        res.setHeader("Retry-After", "30");
        sendJson(res, 503, restError("SERVICE_UNAVAILABLE", UNAVAILABLE_MESSAGE, requestId));
      } else sendJson(res, 500, restError("INTERNAL_SERVER_ERROR", internalErrorMessage(requestId), requestId));
    });
  };
  return Object.assign(handler, { purchasing });
}
