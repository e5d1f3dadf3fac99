import type { IncomingMessage, ServerResponse } from "node:http";
import { TRPCError } from "@trpc/server";
import type { Db } from "../../../db/client";
import type { User } from "../../../db/schema";
import { REFERRAL_COOKIE, SESSION_COOKIE, header, parseCookies } from "../auth/cookies";
import { validateSessionToken, type SessionRecord } from "../auth/session";
import { noopMailer, type Mailer } from "../mail/mailer";
import type { PaymentProvider } from "../payments/provider";
import { SimulatedPaymentProvider } from "../payments/simulated";
import { UploadGrants } from "../storage/uploads";
import { LoginThrottle } from "../auth/login-throttle";
import { createPurchaseGuard, createPurchasing, type PurchaseGuard, type PurchaseObserver, type Purchasing } from "../services/purchase";
import { countersFor, type Counters } from "../limits";
import { chooseSuccessStatus } from "../http/status";
import { isStorageFailure, UNAVAILABLE_MESSAGE } from "../errors";

/** Parts outside the database that services need, injected once per app. */
export interface AppServices {
  payments: PaymentProvider;
  mailer: Mailer;
  uploads: UploadGrants;
  /** The counters the rate limits, the sign-in throttle and the purchase guard keep (src/server/limits). */
  counters: Counters;
  loginThrottle: LoginThrottle;
  purchaseGuard: PurchaseGuard;
  /** Told what became of each order (the operator's metrics, when on). */
  purchaseOutcomes?: PurchaseObserver;
  /** The purchase path, built once from the parts above and the hold times (services/purchase/purchasing.ts). */
  purchasing: Purchasing;
}

/** Settings the request layer needs, fixed when the app is created. */
export interface AppConfig {
  /** Cookies get the Secure flag. */
  secureCookies: boolean;
  /** Origins allowed to send cookie-authenticated mutations; empty means "the request's own host". */
  allowedOrigins: string[];
  trustProxy: boolean;
  /** How long a pending order holds its ticket numbers. */
  orderHoldMs: number;
  /** How long an order waiting on 3-D Secure holds them, from the challenge (never past orderHoldMs). */
  authHoldMs: number;
  /** Stripe's publishable key (pk_…), handed to the Payment Element. */
  stripePublishableKey?: string;
  /** Which Cashflows environment its card form talks to: integration (test cards) or production. */
  cashflowsEnvironment?: "integration" | "production";
  /** The wallets Cashflows' form offers beside the card (CASHFLOWS_WALLETS). */
  cashflowsWallets?: Array<"google_pay" | "apple_pay">;
  /** How the charge appears on the cardholder's statement (CARD_DESCRIPTOR); shown at checkout. */
  cardDescriptor?: string;
}

export type AuthSource = "header" | "cookie" | "bearer";

export interface Context {
  db: Db;
  config: AppConfig;
  services: AppServices;
  /** From the Idempotency-Key header, for REST clients. */
  idempotencyKey: string | null;
  user: User | null;
  session: SessionRecord | null;
  authSource: AuthSource | null;
  /** False when a cookie-carrying request comes from another site. */
  originOk: boolean;
  setCookie: (cookie: string) => void;
  /** Set on the HTTP response, e.g. Retry-After. */
  setHeader: (name: string, value: string) => void;
  /** The REST success status when it depends on the outcome (e.g. 202 while a payment is processing). */
  setSuccessStatus: (status: number) => void;
  ip: string;
  /** The User-Agent header, for the description of a new session's device. */
  userAgent: string | null;
  /** The shop's public origin (PUBLIC_ORIGIN, else the one the request was made to; "" without HTTP). */
  origin: string;
  /** The X-Request-Id of this request, quoted in error answers and logs. */
  requestId?: string;
  /** The share link's code the visitor's cookie carries (/r/{code}), for a sign-up. */
  referralCode: string | null;
  /** How the call came: the REST face, tRPC over HTTP, or a server-side caller (tests, jobs). */
  transport: "rest" | "trpc" | "internal";
  now: () => Date;
}

export interface InnerContextOptions {
  db: Db;
  config?: Partial<AppConfig>;
  services?: Partial<AppServices>;
  idempotencyKey?: string | null;
  user?: User | null;
  session?: SessionRecord | null;
  authSource?: AuthSource | null;
  originOk?: boolean;
  setCookie?: (cookie: string) => void;
  setHeader?: (name: string, value: string) => void;
  setSuccessStatus?: (status: number) => void;
  ip?: string;
  userAgent?: string | null;
  origin?: string;
  requestId?: string;
  referralCode?: string | null;
  transport?: "rest" | "trpc" | "internal";
  now?: () => Date;
}

export const defaultConfig: AppConfig = { secureCookies: false, allowedOrigins: [], trustProxy: false, orderHoldMs: 10 * 60 * 1000, authHoldMs: 5 * 60 * 1000 };

/** The context without HTTP: what tests and server-side callers use. */
export function createContextInner(opts: InnerContextOptions): Context {
  const config = { ...defaultConfig, ...opts.config };
  const payments = opts.services?.payments ?? new SimulatedPaymentProvider(0);
  const mailer = opts.services?.mailer ?? noopMailer;
  const counters = opts.services?.counters ?? countersFor(opts.db);
  const purchaseGuard = opts.services?.purchaseGuard ?? createPurchaseGuard(counters);
  const purchaseOutcomes = opts.services?.purchaseOutcomes;
  return {
    db: opts.db,
    config,
    services: {
      payments,
      mailer,
      uploads: opts.services?.uploads ?? new UploadGrants(),
      counters,
      loginThrottle: opts.services?.loginThrottle ?? new LoginThrottle(counters),
      purchaseGuard,
      purchaseOutcomes,
      purchasing:
        opts.services?.purchasing ??
        createPurchasing({
          db: opts.db,
          payments,
          mailer,
          guard: purchaseGuard,
          counters,
          onOutcome: purchaseOutcomes,
          holdMs: config.orderHoldMs,
          authHoldMs: config.authHoldMs,
        }),
    },
    idempotencyKey: opts.idempotencyKey ?? null,
    user: opts.user ?? null,
    session: opts.session ?? null,
    authSource: opts.authSource ?? (opts.user ? "header" : null),
    originOk: opts.originOk ?? true,
    setCookie: opts.setCookie ?? (() => {}),
    setHeader: opts.setHeader ?? (() => {}),
    setSuccessStatus: opts.setSuccessStatus ?? (() => {}),
    ip: opts.ip ?? "127.0.0.1",
    userAgent: opts.userAgent ?? null,
    origin: opts.origin ?? "",
    requestId: opts.requestId,
    referralCode: opts.referralCode ?? null,
    transport: opts.transport ?? "internal",
    now: opts.now ?? (() => new Date()),
  };
}

/** The origin (scheme://host[:port]) this request was made to, as the browser saw it. */
function requestOrigin(req: IncomingMessage, config: AppConfig): string {
  const proto = config.trustProxy ? (header(req.headers, "x-forwarded-proto") ?? "http") : "encrypted" in req.socket ? "https" : "http";
  const host = (config.trustProxy ? header(req.headers, "x-forwarded-host") : undefined) ?? header(req.headers, "host") ?? "";
  return `${proto.split(",")[0]!.trim().toLowerCase()}://${host.split(",")[0]!.trim()}`;
}

/** "HTTPS://Shop.example:443/" → "https://shop.example"; null for anything that is not an http(s) origin. */
function normalOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Same origin means same scheme, host and port: an https page must not be able to write through a
 * cookie sent to the http side of the same host:port (or the reverse).
 */
function originMatches(req: IncomingMessage, config: AppConfig): boolean {
  const given = header(req.headers, "origin");
  const origin = given ? normalOrigin(given) : null;
  if (!origin) return false;
  if (config.allowedOrigins.some((allowed) => normalOrigin(allowed) === origin)) return true;
  return normalOrigin(requestOrigin(req, config)) === origin;
}

/**
 * The client's address. Behind the one trusted proxy TRUST_PROXY names, that is the last
 * X-Forwarded-For entry, the one the proxy appended; entries before it are whatever the client sent
 * (nginx's $proxy_add_x_forwarded_for keeps them), so trusting the first would let anyone choose
 * their address and slip every per-address limit.
 */
export function clientIp(req: IncomingMessage, config: AppConfig): string {
  if (config.trustProxy) {
    const fwd = header(req.headers, "x-forwarded-for");
    const last = fwd?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  return req.socket?.remoteAddress ?? "unknown";
}

/** Where the session token came from: an explicit header wins over the cookie. */
export function readSessionToken(req: IncomingMessage): { token: string; source: AuthSource } | null {
  const explicit = header(req.headers, "x-session-token");
  if (explicit) return { token: explicit.trim(), source: "header" };
  const auth = header(req.headers, "authorization");
  if (auth && /^Bearer\s+/i.test(auth)) return { token: auth.replace(/^Bearer\s+/i, "").trim(), source: "bearer" };
  const cookie = parseCookies(header(req.headers, "cookie"))[SESSION_COOKIE];
  if (cookie) return { token: cookie, source: "cookie" };
  return null;
}

/**
 * The account a request was made by, recorded when its session is looked up for a procedure (the
 * request log line reads it, so naming the user costs no second look-up). Absent for a request whose
 * session was never read: a public read answered from memory, a static file.
 */
export const requestUsers = new WeakMap<IncomingMessage, string>();

export async function createHttpContext(
  db: Db,
  config: AppConfig,
  services: AppServices,
  req: IncomingMessage,
  res: ServerResponse,
  transport: "rest" | "trpc" = "trpc",
): Promise<Context> {
  const found = readSessionToken(req);
  let validated: Awaited<ReturnType<typeof validateSessionToken>> | { session: null; user: null } = { session: null, user: null };
  try {
    if (found) validated = await validateSessionToken(db, found.token);
  } catch (err) {
    // The session cannot be read (a database out of reach): the same 503 as a procedure's storage failure.
    if (!isStorageFailure(err)) throw err;
    if (!res.headersSent) res.setHeader("Retry-After", "30");
    throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE_MESSAGE, cause: err });
  }
  if (validated.user) requestUsers.set(req, validated.user.id);
  return createContextInner({
    db,
    config,
    services,
    idempotencyKey: header(req.headers, "idempotency-key")?.trim() || null,
    user: validated.user,
    session: validated.session,
    authSource: validated.session ? found!.source : null,
    originOk: found?.source !== "cookie" || originMatches(req, config),
    setCookie: (cookie) => {
      if (!res.headersSent) res.appendHeader("Set-Cookie", cookie);
    },
    setHeader: (name, value) => {
      if (!res.headersSent) res.setHeader(name, value);
    },
    setSuccessStatus: (status) => chooseSuccessStatus(res, status),
    ip: clientIp(req, config),
    userAgent: header(req.headers, "user-agent") ?? null,
    origin: config.allowedOrigins[0] ? (normalOrigin(config.allowedOrigins[0]) ?? "") : (normalOrigin(requestOrigin(req, config)) ?? ""),
    requestId: String(res.getHeader("X-Request-Id") ?? "") || undefined,
    referralCode: parseCookies(header(req.headers, "cookie"))[REFERRAL_COOKIE] || null,
    transport,
  });
}
