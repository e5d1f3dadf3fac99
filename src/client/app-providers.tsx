import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import type { ReactNode } from "react";
import type { AppRouter } from "../server/routers/_app";
import { CartProvider } from "./components/cart/cart-context";
import { AppToaster } from "./components/ui/app-toaster";
import { RenderSnapshotProvider, type RenderSnapshot } from "./lib/render-context";
import { TRPCProvider } from "./lib/trpc";

interface AppProvidersProps {
  queryClient: QueryClient;
  trpcClient: TRPCClient<AppRouter>;
  /** What the server rendered the page with; null for a page rendered only in the browser. */
  snapshot: RenderSnapshot | null;
  /** The router: the browser's, or the server's for one address. */
  children: ReactNode;
}

/** Everything around the pages, the same on the server and in the browser so hydration matches. */
export function AppProviders({ queryClient, trpcClient, snapshot, children }: AppProvidersProps) {
  return (
    <RenderSnapshotProvider snapshot={snapshot}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <CartProvider>
            {children}
            <AppToaster />
          </CartProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </RenderSnapshotProvider>
  );
}
