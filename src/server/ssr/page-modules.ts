/**
 * Which source module draws each server-rendered page, so its built chunk (from Vite's manifest) is
 * announced with a modulepreload link and downloads beside the app's entry instead of after it.
 * Keys are the routes' paths (src/client/routes.tsx); values are manifest keys (paths under src/client).
 */
export const PAGE_MODULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/$/, "routes/public/home-page.tsx"],
  [/^\/competitions\/?$/, "routes/public/competitions-page.tsx"],
  [/^\/competition\/[^/]+\/draw\/?$/, "routes/public/draw-record-page.tsx"],
  [/^\/competition\/[^/]+\/?$/, "routes/public/competition-detail-page.tsx"],
  [/^\/winners\/?$/, "routes/public/winners-page.tsx"],
  [/^\/about\/?$/, "routes/public/about-page.tsx"],
  [/^\/live\/?$/, "routes/public/live-page.tsx"],
  [/^\/contact\/?$/, "routes/public/contact-page.tsx"],
  [/^\/women-in-agriculture\/?$/, "routes/public/landing-page.tsx"],
  [/^\/terms\/?$/, "routes/public/terms-page.tsx"],
  [/^\/privacy\/?$/, "routes/public/privacy-page.tsx"],
  [/^\/safer-play\/?$/, "routes/public/safer-play-page.tsx"],
  [/^\/our-commitments\/?$/, "routes/public/our-commitments-page.tsx"],
];

/**
 * Pages drawn in the browser only: what they show belongs to one visitor (account, checkout, a
 * claim), comes from a link's token (sign-in, reset, verify, unsubscribe) or is the back office.
 */
const BROWSER_ONLY = /^\/(?:auth|account|checkout|admin|unsubscribe|payments)(?:\/|$)/;

export function isServerRendered(pathname: string): boolean {
  return !BROWSER_ONLY.test(pathname);
}

/** The page shown at an address no route matches. */
export const NOT_FOUND_MODULE = "routes/public/not-found-page.tsx";

export function pageModuleOf(pathname: string): string | null {
  return PAGE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}
