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
 * With Stripe as the provider, the checkout's Payment Element needs Stripe.js, its iframes (the
 * card form, 3-D Secure, wallets) and its API (stripe.com's documented CSP list); Apple Pay and
 * Google Pay need the Payment Request API. Nothing else is opened up.
 */
const STRIPE_FRAMES = ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"];

/**
 * The live draw page (/live, and only that document) may frame the stream's player: YouTube's
 * privacy-enhanced host or Facebook's video plugin, nothing else.
 */
export const LIVE_PAGE_PATHS = new Set(["/live", "/live/"]);

function buildCsp(stripe: boolean, live: boolean): string {
  const directives = DIRECTIVES.map((d) => {
    if (stripe && d.startsWith("script-src")) return `${d} https://js.stripe.com https://*.js.stripe.com`;
    if (stripe && d.startsWith("connect-src")) return `${d} https://api.stripe.com https://m.stripe.network https://q.stripe.com`;
    return d;
  });
  const frames = [...(stripe ? STRIPE_FRAMES : []), ...(live ? STREAM_FRAME_HOSTS : [])];
  if (frames.length) directives.push(`frame-src ${frames.join(" ")}`);
  return directives.join("; ");
}

const POLICIES = new Map<string, string>();
function csp(stripe: boolean, live: boolean): string {
  const key = `${stripe}:${live}`;
  let policy = POLICIES.get(key);
  if (!policy) POLICIES.set(key, (policy = buildCsp(stripe, live)));
  return policy;
}

export function setSecurityHeaders(res: ServerResponse, secure: boolean, stripe = false, pathname = ""): void {
  res.setHeader("Content-Security-Policy", csp(stripe, LIVE_PAGE_PATHS.has(pathname)));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Permissions-Policy", `camera=(), microphone=(), geolocation=(), payment=${stripe ? '(self "https://js.stripe.com")' : "()"}`);
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
