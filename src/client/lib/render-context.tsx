import { createContext, useContext, useSyncExternalStore } from "react";

/**
 * What a server-rendered page was rendered with, so the browser's first render (hydration) draws
 * exactly the same HTML: the moment it was rendered (countdowns, "closing soon") and the shop's
 * origin (deciding which links stay inside the shop). The server provides it for each render; the
 * browser provides what the page's HTML carried. A page rendered only in the browser has none.
 */
export interface RenderSnapshot {
  /** Milliseconds since the epoch at which the server rendered the page. */
  now: number;
  /** e.g. "https://harvestdraws.co.uk". */
  origin: string;
}

export const RenderContext = createContext<RenderSnapshot | null>(null);

const never = () => () => {};

/**
 * The server's render time while the server renders or the browser hydrates its HTML, and null
 * afterwards (and on pages rendered only in the browser): then the caller reads the clock itself.
 * React switches from the one to the other by re-rendering just after hydration.
 */
export function useRenderNow(): number | null {
  const snapshot = useContext(RenderContext);
  return useSyncExternalStore(
    never,
    () => null,
    () => snapshot?.now ?? null,
  );
}

/** The current time, or the server's render time while its HTML is being rendered or hydrated. */
export function useNow(): number {
  return useRenderNow() ?? Date.now();
}

/** True while the server renders or the browser hydrates server HTML: storage and window are not to be read. */
export function useHydrating(): boolean {
  const snapshot = useContext(RenderContext);
  return useSyncExternalStore(
    never,
    () => false,
    () => snapshot !== null,
  );
}

/** The shop's origin: the page's own in the browser, the rendered one on the server and while hydrating. */
export function useOrigin(): string {
  const snapshot = useContext(RenderContext);
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => snapshot?.origin ?? "",
  );
}
