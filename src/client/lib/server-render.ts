import type { DehydratedState, QueryClient } from "@tanstack/react-query";
import type { RenderSnapshot } from "./render-context";

/** What a server-rendered page hands to the browser: its render snapshot and the reads it was drawn from. */
export interface RenderData extends RenderSnapshot {
  queries: DehydratedState;
}

/** The element that carries it: a JSON data block, never executed, so the page needs no inline script. */
export const RENDER_DATA_ID = "render-data";

/**
 * The data block's text: JSON in which "<" is written as \u003c, so neither "</script>" nor "<!--" in
 * a competition's text can end the block or change how the page is parsed. JSON.parse reads it back.
 */
export function renderDataScript(data: RenderData): string {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${RENDER_DATA_ID}">${json}</script>`;
}

/** The data a server-rendered page carries, or null for the plain shell (a page rendered in the browser only). */
export function readRenderData(doc: Document): RenderData | null {
  const text = doc.getElementById(RENDER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as RenderData;
  } catch {
    return null;
  }
}

/**
 * Puts the server's reads in the browser's cache, each with the state it had on the server (data or
 * error, and when it was read). What React Query's `hydrate` does for these, without its code for
 * mutations and promises, which a server-drawn page never carries (it is part of every first load).
 */
export function seedCache(queryClient: QueryClient, data: RenderData): void {
  const cache = queryClient.getQueryCache();
  for (const { queryKey, queryHash, state } of data.queries.queries) {
    if (!cache.get(queryHash)) cache.build(queryClient, { queryKey, queryHash }, state);
  }
}
