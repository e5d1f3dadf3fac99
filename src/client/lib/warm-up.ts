import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../server/routers/_app";
import { loadCompetitionDetailPage, loadHomePage } from "../router";
import { queryClient, trpcClient } from "./clients";
import { IMAGE_SIZES, preloadPicture } from "./picture";

/**
 * Starts the download of the picture the page will open with, so it is in cache when React asks: the
 * same sized copy, with the same preload the page's component makes while it renders (React keeps
 * one), so the browser fetches one copy, not the original as well. A server-rendered page already
 * carries that preload in its HTML; then this finds it there and adds nothing.
 */
function preloadImage(src: string | null | undefined, sizes: string): void {
  if (!src || /\.(mp4|webm|mov)(\?.*)?$/i.test(src)) return;
  preloadPicture(src, sizes);
}

/**
 * Runs once, before the first render: for the page the visitor opened, starts downloading its code
 * and its data together, instead of one after the other (code, then render, then fetch). On a
 * phone network that is the difference between the competition photo appearing in two round trips
 * or four. The queries land in the cache under the same keys the pages ask for, and the page's
 * first picture starts downloading as soon as its address is known.
 */
export function warmUp(pathname: string): void {
  const trpc = createTRPCOptionsProxy<AppRouter>({ queryClient, client: trpcClient });
  const quietly = (p: Promise<unknown>) => void p.catch(() => {});
  quietly(queryClient.prefetchQuery(trpc.public.auth.session.queryOptions()));
  if (pathname === "/") {
    quietly(loadHomePage());
    quietly(
      queryClient
        .fetchQuery(trpc.public.content.heroSlides.queryOptions())
        .then((slides) => preloadImage(slides.find((s) => s.isActive)?.image, IMAGE_SIZES.full)),
    );
    quietly(queryClient.prefetchQuery(trpc.public.content.statistics.queryOptions()));
    quietly(queryClient.prefetchQuery(trpc.public.competitions.list.queryOptions()));
    quietly(queryClient.prefetchQuery(trpc.public.content.winnersDisplayCount.queryOptions()));
    return;
  }
  const competition = /^\/competition\/([^/]+)\/?$/.exec(pathname);
  if (competition) {
    quietly(loadCompetitionDetailPage());
    quietly(
      queryClient
        .fetchQuery(trpc.public.competitions.get.queryOptions({ id: decodeURIComponent(competition[1]!) }))
        .then((c) => preloadImage(c.image, IMAGE_SIZES.half)),
    );
  }
}
