import type { ServerResponse } from "node:http";
import { STREAM_FRAME_HOSTS } from "../services/live-stream";

/** The SPA loads only its own scripts; nothing may frame the shop. */
const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
];

/**
 * What a payment provider's browser component needs opened up in the page: its scripts, the
 * addresses it calls, its frames (card fields, 3-D Secure, wallets) and the origins allowed the
 * Payment Request API (Apple Pay, Google Pay). Nothing else is opened up; the simulated provider
 * needs nothing.
 */
export interface PaymentSurface {
  scripts: string[];
  connect: string[];
  frames: string[];
  /** Origins besides the shop's own allowed `payment` in Permissions-Policy; null: none, not even the shop. */
  payment: string[] | null;
}

/** Stripe.js and its Payment Element: stripe.com's documented CSP list. */
const STRIPE_SURFACE: PaymentSurface = {
  scripts: ["https://js.stripe.com", "https://*.js.stripe.com"],
  connect: ["https://api.stripe.com", "https://m.stripe.network", "https://q.stripe.com"],
  frames: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  payment: ["https://js.stripe.com"],
};

/** Cashflows' gateway, per environment: the card fields and 3-D Secure are its frames, its API the library's calls. */
export const CASHFLOWS_GATEWAYS = { integration: "https://gateway-int.cashflows.com", production: "https://gateway.cashflows.com" } as const;
/** Google Pay's script and sheet, which the Cashflows library loads where the device offers it (Apple Pay is the browser's own). */
const GOOGLE_PAY = "https://pay.google.com";

/**
 * The surface of the shop's provider: the one place that knows what each provider's browser part
 * loads. Cashflows' card form is its gateway's frames and API; Google Pay's script and sheet are
 * admitted only when the configuration offers it, and the Payment Request API only for a wallet.
 */
export function paymentSurfaceOf(
  provider: string,
  cashflowsEnvironment: keyof typeof CASHFLOWS_GATEWAYS = "integration",
  wallets: ReadonlyArray<"google_pay" | "apple_pay"> = [],
): PaymentSurface | null {
  if (provider === "stripe") return STRIPE_SURFACE;
  if (provider === "cashflows") {
    const gateway = CASHFLOWS_GATEWAYS[cashflowsEnvironment];
    const google = wallets.includes("google_pay") ? [GOOGLE_PAY] : [];
    return { scripts: google, connect: [gateway, ...google], frames: [gateway, ...google], payment: wallets.length ? google : null };
  }
  return null;
}

/**
 * The live draw page (/live, and only that document) may frame the stream's player: YouTube's
 * privacy-enhanced host or Facebook's video plugin, nothing else.
 */
export const LIVE_PAGE_PATHS = new Set(["/live", "/live/"]);

function buildCsp(surface: PaymentSurface | null, live: boolean): string {
  const directives = DIRECTIVES.map((d) => {
    if (surface?.scripts.length && d.startsWith("script-src")) return `${d} ${surface.scripts.join(" ")}`;
    if (surface?.connect.length && d.startsWith("connect-src")) return `${d} ${surface.connect.join(" ")}`;
    return d;
  });
  const frames = [...(surface?.frames ?? []), ...(live ? STREAM_FRAME_HOSTS : [])];
  if (frames.length) directives.push(`frame-src ${frames.join(" ")}`);
  return directives.join("; ");
}

const POLICIES = new Map<string, string>();
function csp(surface: PaymentSurface | null, live: boolean): string {
  const key = `${surface?.frames.join(",") ?? ""}:${live}`;
  let policy = POLICIES.get(key);
  if (!policy) POLICIES.set(key, (policy = buildCsp(surface, live)));
  return policy;
}

const PERMISSIONS = new Map<PaymentSurface | null, string>();
function permissions(surface: PaymentSurface | null): string {
  let policy = PERMISSIONS.get(surface);
  if (!policy) {
    const payment = surface?.payment ? `(${["self", ...surface.payment.map((o) => `"${o}"`)].join(" ")})` : "()";
    PERMISSIONS.set(surface, (policy = `camera=(), microphone=(), geolocation=(), payment=${payment}`));
  }
  return policy;
}

export function setSecurityHeaders(res: ServerResponse, secure: boolean, surface: PaymentSurface | null = null, pathname = ""): void {
  res.setHeader("Content-Security-Policy", csp(surface, LIVE_PAGE_PATHS.has(pathname)));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Permissions-Policy", permissions(surface));
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
