import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";

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

const RenderContext = createContext<RenderSnapshot | null>(null);

/**
 * Provides the snapshot while the server renders and while the browser hydrates its HTML, then
 * withdraws it: from then on the components read the clock, the window and storage themselves.
 *
 * The withdrawal is a transition, not an urgent update: its re-render of the components that read the
 * snapshot (countdowns, cards, the cart) yields to the browser every few milliseconds like hydration
 * itself, and it waits for any part of the page still being hydrated instead of discarding that
 * part's server HTML and drawing it again from scratch (what an urgent update does to a boundary that
 * has not finished hydrating). On the server effects never run, so the snapshot stays for the whole render.
 */
export function RenderSnapshotProvider({ snapshot, children }: { snapshot: RenderSnapshot | null; children: ReactNode }) {
  const [current, setCurrent] = useState(snapshot);
  useEffect(() => {
    startTransition(() => setCurrent(null));
  }, []);
  return <RenderContext.Provider value={current}>{children}</RenderContext.Provider>;
}

/**
 * The server's render time while the server renders or the browser hydrates its HTML, and null
 * afterwards (and on pages rendered only in the browser): then the caller reads the clock itself.
 */
export function useRenderNow(): number | null {
  return useContext(RenderContext)?.now ?? null;
}

/** The current time, or the server's render time while its HTML is being rendered or hydrated. */
export function useNow(): number {
  return useRenderNow() ?? Date.now();
}

/** True while the server renders or the browser hydrates server HTML: storage and window are not to be read. */
export function useHydrating(): boolean {
  return useContext(RenderContext) !== null;
}

/** The shop's origin: the page's own in the browser, the rendered one on the server and while hydrating. */
export function useOrigin(): string {
  const snapshot = useContext(RenderContext);
  return snapshot ? snapshot.origin : window.location.origin;
}
