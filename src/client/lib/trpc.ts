import { httpBatchLink, splitLink } from "@trpc/client";
import { CACHED_PUBLIC_READS } from "../../shared/public-reads";
import { createTRPCReact } from "@trpc/react-query";
import type { AppRouter } from "../../server/routers/_app";
import { sessionHeaders } from "./session-token";

export const trpc = createTRPCReact<AppRouter>();

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
  return trpc.createClient({
    links: [
      // Public reads travel in batches of their own, which the server answers from its cache.
      splitLink({ condition: (op) => op.type === "query" && cachedReads.has(op.path), true: batch(), false: batch() }),
    ],
  });
}
