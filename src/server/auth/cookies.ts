import type { IncomingMessage } from "node:http";
import { parseCookie, stringifySetCookie } from "cookie";
import { SESSION_TTL_MS } from "./session";

export const SESSION_COOKIE = "session";

/** The request's cookies by name; the first of a repeated name wins, a malformed %-escape is kept as sent. */
export function parseCookies(header: string | undefined): Record<string, string> {
  if (!header) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(parseCookie(header))) if (value !== undefined) out[name] = value;
  return out;
}

// Set-Cookie attributes for the session: never readable by scripts, not sent on cross-site subresource
// requests or posts, Secure when the shop's public origin is https.
const attributes = (secure: boolean) => ({ path: "/", httpOnly: true, sameSite: "lax", secure }) as const;

export function sessionCookie(token: string, secure: boolean, expiresAt: Date): string {
  const maxAge = Math.floor(Math.max(0, expiresAt.getTime() - Date.now()) / 1000) || SESSION_TTL_MS / 1000;
  return stringifySetCookie({ name: SESSION_COOKIE, value: token, ...attributes(secure), maxAge });
}

export function clearSessionCookie(secure: boolean): string {
  return stringifySetCookie({ name: SESSION_COOKIE, value: "", ...attributes(secure), maxAge: 0 });
}

/** The share link's code a visitor arrived with (/r/{code}), kept for their sign-up. */
export const REFERRAL_COOKIE = "referral";
const REFERRAL_COOKIE_DAYS = 30;

export function referralCookie(code: string, secure: boolean): string {
  return stringifySetCookie({ name: REFERRAL_COOKIE, value: code, ...attributes(secure), maxAge: REFERRAL_COOKIE_DAYS * 24 * 60 * 60 });
}

export function clearReferralCookie(secure: boolean): string {
  return stringifySetCookie({ name: REFERRAL_COOKIE, value: "", ...attributes(secure), maxAge: 0 });
}

export type HeaderBag = IncomingMessage["headers"];

export function header(headers: HeaderBag, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}
