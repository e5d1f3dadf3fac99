/**
 * Links an admin sets for visitors to follow: hero and pop-up calls to action, a campaign's policy
 * links, media references. A site path must stay on this site however the browser reads it:
 * browsers treat "\" as "/" and drop tabs and newlines, so "/\evil.test/" and "/<TAB>/evil.test/"
 * both mean "//evil.test/", another site. Used by the shared schemas (form and procedure) and by
 * the storefront before it turns a stored link into navigation, so a value stored before this
 * check cannot redirect either. Deliberately free of zod: the home page imports it.
 */

/** Stands in for the shop's origin on the server, which may be reached under several names. */
const STAND_IN_ORIGIN = "https://shop.invalid";

/** Characters a browser strips or reinterprets (controls, tab, newline, space, backslash). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const AMBIGUOUS = /[\u0000-\u0020\u007f\\]/;
/** An encoded slash or backslash in the path: a proxy or router that decodes it would see "//" or "/\". */
const ENCODED_SEPARATOR = /%(2f|5c)/i;

/**
 * The path a site link leads to, or null when it is not one that resolves to `origin` exactly as
 * written (no dot segments, nothing the browser would rewrite).
 */
export function sitePath(link: string, origin = STAND_IN_ORIGIN): string | null {
  if (!link.startsWith("/") || link.startsWith("//") || AMBIGUOUS.test(link)) return null;
  let url: URL;
  try {
    url = new URL(link, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin || ENCODED_SEPARATOR.test(url.pathname)) return null;
  const path = url.pathname + url.search + url.hash;
  return path === link && !path.startsWith("//") ? path : null;
}

/** An absolute http(s) URL, shown as an external link; null for anything else. */
export function externalUrl(link: string): string | null {
  if (!/^https?:\/\//i.test(link) || AMBIGUOUS.test(link)) return null;
  try {
    const url = new URL(link);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/** A site path that stays on this site, or an absolute http(s) URL; never javascript:, data: or "//host". */
export const isSafeLink = (link: string): boolean => sitePath(link) !== null || externalUrl(link) !== null;

export type LinkTarget = { kind: "site"; path: string } | { kind: "external"; href: string };

/** Where a stored link may take a visitor from `origin`; null means render no link at all. */
export function linkTarget(link: string | null | undefined, origin: string): LinkTarget | null {
  if (!link) return null;
  const path = sitePath(link, origin);
  if (path !== null) return { kind: "site", path };
  const href = externalUrl(link);
  return href === null ? null : { kind: "external", href };
}
