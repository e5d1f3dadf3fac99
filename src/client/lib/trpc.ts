import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { AppRouter } from "../../server/routers/_app";
import { sessionHeaders } from "./session-token";

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: "/api/trpc",
        // The server refuses larger batches (MAX_TRPC_BATCH); more calls go as several requests.
        maxItems: 10,
        headers: () => sessionHeaders(),
        fetch: (input, init) => fetch(input, { ...init, credentials: "include" }),
      }),
    ],
  });
}
