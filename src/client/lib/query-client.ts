import { MutationCache, QueryClient, useQueryClient, type Mutation } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * What a write refreshes, decided in one place (docs/decisions/013-one-invalidation-rule.md).
 *
 * The rule: a write under `admin.<domain>` or `customer.<domain>` refreshes the reads of its own
 * domain, plus the reads elsewhere that show the same data (SHOWN_IN: the storefront's copy of what
 * the admin edits, the summaries that count it). The public router's calls are a visitor's actions
 * (signing in, a message, a payment) that change nothing the shop's shared reads show, so they
 * refresh only what they declare. A write that knows better declares it in its `meta`.
 *
 * "Refresh" is React Query's invalidation: the reads on screen refetch at once, the others are
 * marked stale and refetch when a page shows them again (SPEC §9: nothing else refetches by itself).
 */
export type RefreshMeta = {
  /** Replaces the rule's reads for this write (empty: the write changes nothing a page reads). */
  refreshes?: readonly string[];
  /** Reads to refresh after this write fails (a refusal may mean the data moved on); true: the same reads as on success. */
  refreshesOnError?: readonly string[] | true;
};

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: RefreshMeta;
  }
}

/** Reads outside a domain that show what its writes change. Paths are tRPC procedure paths or their prefixes. */
export const SHOWN_IN: Readonly<Record<string, readonly string[]>> = {
  "admin.about": ["public.content.about"],
  "admin.categories": ["public.content.categories"],
  "admin.claims": ["admin.customers"],
  "admin.competitions": ["admin.reports", "public.competitions", "public.content.heroSlides"],
  "admin.draws": [
    "admin.competitions",
    "admin.live",
    "admin.reports",
    "admin.winners",
    "admin.claims",
    "public.competitions",
    "public.content.heroSlides",
    "public.content.winners",
    "public.content.statistics",
    "public.draws",
    "public.live",
  ],
  "admin.heroSlides": ["public.content.heroSlides"],
  "admin.mail": ["admin.reports"],
  "admin.notifications": ["customer.notifications"],
  "admin.orders": ["admin.reports", "admin.customers", "admin.referrals"],
  "admin.popups": ["public.content.popups"],
  "admin.protection": ["admin.customers"],
  "admin.settings": ["public.content", "public.live", "admin.referrals"],
  "admin.statistics": ["public.content.statistics"],
  "admin.users": ["admin.customers", "admin.protection"],
  "admin.winners": ["admin.reports", "admin.claims", "public.content.winners", "public.content.statistics"],
  "customer.account": ["public.auth.session"],
  "customer.claims": ["customer.notifications"],
};

/** Declared refreshes shared by several writes or events the rule cannot see. */
export const REFRESH = {
  /** Signing in: the new user's session and everything cached for whoever was signed in before. */
  signedIn: { refreshes: ["public.auth.session", "customer"] },
  /** A paid order (settled by the checkout's call or later, after the bank's page): entries, receipts, limits, sold counts. */
  paidOrder: ["customer.entries.list", "customer.orders.list", "customer.protection.limits", "public.competitions"],
  /** A refused checkout: the session (signed out?), the limits (a break?), the number grids (numbers taken). */
  checkout: { refreshes: [], refreshesOnError: ["public.auth.session", "customer.protection.limits", "public.competitions.numbers"] },
} as const satisfies { signedIn: RefreshMeta; paidOrder: readonly string[]; checkout: RefreshMeta };

const PRIVATE_ROUTERS = new Set(["admin", "customer"]);

/** The reads a write at `path` (e.g. ["admin", "competitions", "update"]) refreshes, as dotted paths. */
export function readsRefreshedBy(path: readonly string[], meta: RefreshMeta | undefined, failed: boolean): readonly string[] {
  const fromRule = (): readonly string[] => {
    if (meta?.refreshes) return meta.refreshes;
    if (!PRIVATE_ROUTERS.has(path[0] ?? "") || path.length < 3) return [];
    const domain = path.slice(0, -1).join(".");
    return [domain, ...(SHOWN_IN[domain] ?? [])];
  };
  if (!failed) return fromRule();
  const onError = meta?.refreshesOnError;
  return onError === true ? fromRule() : (onError ?? []);
}

/** Refreshes reads by path prefix: "public.competitions" covers list, get, numbers… of any input. */
export function refreshReads(queryClient: QueryClient, paths: readonly string[]): void {
  for (const path of paths) void queryClient.invalidateQueries({ queryKey: [path.split(".")] });
}

/** For events that are not a write of this page (a payment settled after the bank's page): refresh these reads. */
export function useRefreshReads(paths: readonly string[]): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => refreshReads(queryClient, paths), [queryClient, paths]);
}

/** The procedure path of a tRPC mutation: its key is [["admin", "competitions", "update"]]. */
function procedurePath(mutation: Mutation<unknown, unknown, unknown, unknown>): readonly string[] {
  const first = mutation.options.mutationKey?.[0];
  return Array.isArray(first) ? first.map(String) : [];
}

/** SPEC §9 data defaults: nothing refetches by itself, data never goes stale, no retries; a write refreshes by the rule above. */
export function createQueryClient(): QueryClient {
  // In onSettled, after the screen's own onSuccess: a sign-in's token and user are in place before the session refetches.
  const mutationCache: MutationCache = new MutationCache({
    onSettled: (_data, error, _variables, _context, mutation) => {
      refreshReads(queryClient, readsRefreshedBy(procedurePath(mutation), mutation.meta, error !== null));
    },
  });
  const queryClient = new QueryClient({
    mutationCache,
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        retry: false,
        // A read that failed is shown as failed until the page asks again (a server-rendered "not found" is not fetched again).
        retryOnMount: false,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
