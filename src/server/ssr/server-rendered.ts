/**
 * Pages drawn in the browser only: what they show belongs to one visitor (account, checkout, a
 * claim), comes from a link's token (sign-in, reset, verify, unsubscribe) or is the back office.
 */
const BROWSER_ONLY = /^\/(?:auth|account|checkout|admin|unsubscribe|payments)(?:\/|$)/;

export function isServerRendered(pathname: string): boolean {
  return !BROWSER_ONLY.test(pathname);
}
