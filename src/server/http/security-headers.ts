import type { ServerResponse } from "node:http";

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
const CSP = DIRECTIVES.join("; ");

/**
 * With Stripe as the provider, the checkout's Payment Element needs Stripe.js, its iframes (the
 * card form, 3-D Secure, wallets) and its API (stripe.com's documented CSP list); Apple Pay and
 * Google Pay need the Payment Request API. Nothing else is opened up.
 */
const STRIPE_CSP = DIRECTIVES.map((d) => {
  if (d.startsWith("script-src")) return `${d} https://js.stripe.com https://*.js.stripe.com`;
  if (d.startsWith("connect-src")) return `${d} https://api.stripe.com https://m.stripe.network https://q.stripe.com`;
  return d;
})
  .concat("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com")
  .join("; ");

export function setSecurityHeaders(res: ServerResponse, secure: boolean, stripe = false): void {
  res.setHeader("Content-Security-Policy", stripe ? STRIPE_CSP : CSP);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Permissions-Policy", `camera=(), microphone=(), geolocation=(), payment=${stripe ? '(self "https://js.stripe.com")' : "()"}`);
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
