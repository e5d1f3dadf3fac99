import { sitePath } from "../../shared/safe-link";

/**
 * Where to go after signing in. Only a path on this site is accepted ("/checkout"), never another
 * origin ("//evil.example", "https://…"), a backslash trick ("/\evil.example") or a tab or newline
 * the browser drops ("/%09/evil.example" arrives as "/<TAB>/evil.example"), so a crafted link cannot
 * send a customer elsewhere after they have typed their password.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  return raw ? sitePath(raw, window.location.origin) : null;
}

/** /auth in the given mode, carrying the page to come back to. */
export function authHref(mode: "login" | "register", next?: string | null): string {
  const params = new URLSearchParams({ mode });
  const safe = safeNextPath(next);
  if (safe) params.set("next", safe);
  return `/auth?${params.toString()}`;
}
