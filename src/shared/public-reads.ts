/**
 * The public reads the server answers from its response cache (the same for every visitor,
 * recomputed after any write). The web app sends these in batches of their own, so a batch is never
 * mixed with a signed-in read and stays cacheable, with an ETag the browser can revalidate.
 *
 * The server reads which procedures these are from their meta (`cache: "public"`); the browser
 * cannot load the router, so it gets this list, and tests/unit/declared-procedures.test.ts keeps
 * the two equal.
 */
export const CACHED_PUBLIC_READS = [
  "public.competitions.list",
  "public.competitions.get",
  "public.competitions.instantWins",
  "public.content.winners",
  "public.content.heroSlides",
  "public.content.statistics",
  "public.content.winnersDisplayCount",
  "public.content.about",
  "public.content.categories",
  "public.content.mediaSettings",
  "public.content.shopMode",
  "public.payments.config",
  "public.live.evening",
  "public.live.promotion",
] as const;
