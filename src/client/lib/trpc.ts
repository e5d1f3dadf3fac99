import { createTRPCClient, httpBatchLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { CACHED_PUBLIC_READS } from "../../shared/public-reads";
import type { AppRouter } from "../../server/routers/_app";
import { sessionHeaders } from "./session-token";

/** React's access to the API: `useTRPC()` gives query/mutation options and keys for every procedure. */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

const cachedReads = new Set<string>(CACHED_PUBLIC_READS);

export function createTrpcClient() {
  const batch = () =>
    httpBatchLink({
      url: "/api/trpc",
      // The server refuses larger batches (MAX_TRPC_BATCH); more calls go as several requests.
      maxItems: 10,
      headers: () => sessionHeaders(),
      fetch: (input, init) => fetch(input, { ...init, credentials: "include" }),
    });
  return createTRPCClient<AppRouter>({
    links: [
      // Public reads travel in batches of their own, which the server answers from its cache.
      splitLink({ condition: (op) => op.type === "query" && cachedReads.has(op.path), true: batch(), false: batch() }),
    ],
  });
}
