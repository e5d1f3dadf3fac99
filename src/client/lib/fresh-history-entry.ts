/**
 * Gives a page opened by a full load (a link from another site, a typed address, the cart's
 * "Proceed to Checkout") a history key of its own, before the router reads it.
 *
 * React Router keys saved scroll positions by the history entry's key, and an entry made by a full
 * load has none: every such entry reads as "default". So the home page, scrolled to its footer and
 * left by a full load, saved its position under "default", and /checkout, loaded next and also
 * "default", was scrolled to that same place: a phone showed only the footer. With a key of its
 * own, a fresh page starts at the top (or at its #fragment), while a reload or Back to this entry
 * still finds the position saved under its key.
 */
export function keyFreshHistoryEntry(history: History = window.history): void {
  const state: unknown = history.state;
  const keyed = typeof state === "object" && state !== null && typeof (state as { key?: unknown }).key === "string";
  if (keyed) return;
  const key = Math.random().toString(36).slice(2, 10);
  history.replaceState({ ...(typeof state === "object" && state !== null ? state : {}), usr: null, key }, "");
}
