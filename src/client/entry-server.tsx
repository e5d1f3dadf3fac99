import { dehydrate, type Query } from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import { StrictMode } from "react";
import { renderToReadableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import type { AppRouter } from "../server/routers/_app";
import { AppProviders } from "./app-providers";
import { createQueryClient } from "./lib/query-client";
import type { RenderSnapshot } from "./lib/render-context";
import { renderDataScript } from "./lib/server-render";
import { routes } from "./routes";

/**
 * The server's side of server rendering (issue #31): one public page drawn to HTML with the same
 * routes, components and procedures as in the browser, plus the reads it was drawn from, which the
 * browser puts in its cache before hydrating (so it does not fetch them again).
 */
export interface ServerRender {
  /** The markup of #root. */
  html: string;
  /** React's hoisted head elements (the page's <title>, preloads) to place in <head>. */
  head: string;
  /** The data block for the browser (a JSON script element). */
  data: string;
  /** The address matched no page: the 404 page was drawn. */
  unmatched: boolean;
  /** A read the page is drawn from answered that its subject does not exist (an unknown competition). */
  notFound: boolean;
}

const staticHandler = createStaticHandler(routes);

/** The passes a page may take to discover reads that depend on other reads (a page's data, then what it shows). */
const MAX_PASSES = 5;
/** The largest read a page carries, as JSON characters; a larger one is read by the browser. */
export const MAX_CARRIED_CHARS = 48 * 1024;
/** What the public pages are about, carried whatever their size: the competitions on sale and the one a page shows. */
const ALWAYS_CARRIED = new Set(["public.competitions.list", "public.competitions.get"]);
/** A render that has not finished by then is cut short (React then leaves the rest to the browser). */
const RENDER_TIMEOUT_MS = 5_000;

/** A tRPC read's procedure path from its query key ([["public", "competitions", "get"], { input }]). */
const keyPath = (queryKey: readonly unknown[]) => (Array.isArray(queryKey[0]) ? queryKey[0].join(".") : "");
const pathOf = (query: Query) => keyPath(query.queryKey);

async function renderToString(tree: React.ReactNode): Promise<string> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), RENDER_TIMEOUT_MS);
  try {
    const stream = await renderToReadableStream(tree, {
      signal: abort.signal,
      // One document, sent whole (it is cached): React must not send parts of it as hidden segments
      // moved into place by inline scripts, which it does past this many bytes to paint a long page sooner.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A component that throws is drawn by the browser instead (React marks its boundary); the page still renders.
      onError: () => {},
    });
    await stream.allReady;
    return await new Response(stream).text();
  } finally {
    clearTimeout(timer);
  }
}

/** React writes hoisted elements (<title>, <meta>, <link>) first, before the root's markup. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/;

/** Reads whose "not found" makes the whole page a 404: the competition a page is about. */
const PAGE_SUBJECTS = new Set(["public.competitions.get", "public.draws.record"]);

/** What the browser needs of a read's error to draw the same page: its code, never the server's details. */
function errorForBrowser(error: unknown) {
  const data = (error as { data?: { code?: string; appCode?: string; httpStatus?: number } } | null)?.data;
  return { message: error instanceof Error ? error.message : "", data: { code: data?.code, appCode: data?.appCode, httpStatus: data?.httpStatus } };
}

export async function renderPage(
  pathname: string,
  opts: {
    trpcClient: TRPCClient<AppRouter>;
    snapshot: RenderSnapshot;
    /** Whether the server may read this procedure for an anonymous visitor's page (public reads only). */
    readable: (procedurePath: string) => boolean;
  },
): Promise<ServerRender> {
  const context = await staticHandler.query(new Request(new URL(pathname, opts.snapshot.origin || "http://localhost")));
  if (context instanceof Response) throw new Error(`${pathname}: a route answered with a response`);
  const router = createStaticRouter(staticHandler.dataRoutes, context);
  const unmatched = context.matches.some((m) => m.route.path === "*");
  const queryClient = createQueryClient();
  // No garbage-collection timers on the server: the whole cache goes when the render is done.
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, gcTime: Infinity } });
  const tree = (
    <StrictMode>
      <AppProviders queryClient={queryClient} trpcClient={opts.trpcClient} snapshot={opts.snapshot}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );

  // Components ask for their reads as they render; each pass reads what the last one asked for, until
  // a pass asks for nothing new. Reads the server may not make (who is signed in, a customer's own) stay
  // pending on both sides, so the browser's first render draws them as loading too, and fetches them.
  const tried = new Set<string>();
  // A part drawn only after its code loaded (a component loaded on demand, met for the first time) is
  // sent by React as a hidden segment and an inline script that moves it into place; the page allows no
  // inline script, so the page is drawn again, now with that code at hand.
  const drawSettled = async (): Promise<string> => {
    for (let pass = 1; ; pass++) {
      const drawn = await renderToString(tree);
      const wanted = queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.status === "pending" && !tried.has(q.queryHash) && opts.readable(pathOf(q)));
      const streamed = drawn.includes("<script");
      if (wanted.length === 0 && !streamed) return drawn;
      if (pass >= MAX_PASSES) throw new Error(`${pathname}: still ${streamed ? "streaming parts" : "discovering reads"} after ${MAX_PASSES} passes`);
      for (const q of wanted) tried.add(q.queryHash);
      await Promise.all(wanted.map((q) => q.fetch().catch(() => undefined)));
      // A read too large to travel in the page (a frozen pool of thousands of tickets, hundreds of
      // instant prizes with their commitments) is left to the browser: drawn as loading on both sides,
      // and fetched after the paint.
      for (const q of wanted) {
        if (q.state.status === "success" && !ALWAYS_CARRIED.has(pathOf(q)) && JSON.stringify(q.state.data).length > MAX_CARRIED_CHARS) q.reset();
      }
    }
  };
  const html = await drawSettled();

  const head = HOISTED.exec(html)?.[0] ?? "";
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) => q.state.status !== "pending" && opts.readable(pathOf(q)),
    // An error the page shows (a competition that does not exist) travels as its code, so the browser draws the same.
    shouldRedactErrors: () => false,
  });
  queryClient.clear();
  let notFound = false;
  for (const q of queries.queries) {
    if (!q.state.error) continue;
    const error = errorForBrowser(q.state.error);
    notFound ||= PAGE_SUBJECTS.has(keyPath(q.queryKey)) && (error.data.appCode === "NOT_FOUND" || error.data.appCode === "INVALID_INPUT");
    q.state.error = error as unknown as Error;
  }
  return { html: html.slice(head.length), head, data: renderDataScript({ ...opts.snapshot, queries }), unmatched, notFound };
}
