/*
 * /live is the only document served with frame-src for the stream's hosts. The app is a single-page
 * app, so a visitor who arrives at /live by a client-side navigation still has the previous page's
 * policy, and the player would be blocked: the page then loads itself again, once.
 */
const RELOAD_KEY = "live_page_reloaded_at";
/** A reload this recent is not repeated, whatever the navigation entry says (no loops). */
const GUARD_MS = 10_000;

const trimSlash = (path: string) => path.replace(/\/+$/, "") || "/";

/** The path the browser loaded this document at; null when the browser cannot say. */
function documentPath(): string | null {
  try {
    const entry = performance.getEntriesByType("navigation")[0];
    return entry?.name ? new URL(entry.name).pathname : null;
  } catch {
    return null;
  }
}

function reloadedRecently(now: number): boolean {
  try {
    const at = Number(sessionStorage.getItem(RELOAD_KEY));
    return Number.isFinite(at) && now - at < GUARD_MS;
  } catch {
    // Without storage a loop cannot be ruled out: do not reload.
    return true;
  }
}

/** Whether `path` was reached inside the SPA rather than loaded as a document of its own. */
export function reachedByClientNavigation(path: string): boolean {
  const loaded = documentPath();
  return loaded !== null && trimSlash(loaded) !== trimSlash(path);
}

let reloadRequested = false;

/** Whether the page at `path` must load again as a document of its own (at most once in a short while). */
export function needsDocumentLoad(path: string): boolean {
  return reloadRequested || (reachedByClientNavigation(path) && !reloadedRecently(Date.now()));
}

/** Loads the current address again as a full document, once. */
export function loadDocumentAgain(): void {
  if (reloadRequested) return;
  reloadRequested = true;
  try {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    // reloadedRecently already refuses when storage is unavailable.
  }
  window.location.reload();
}
