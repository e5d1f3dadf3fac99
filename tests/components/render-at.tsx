import { QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { CartProvider } from "../../src/client/components/cart/cart-context";
import { AppToaster } from "../../src/client/components/ui/app-toaster";
import { createQueryClient } from "../../src/client/lib/query-client";
import { createTrpcClient, TRPCProvider } from "../../src/client/lib/trpc";

/** Where the router is now, for tests that follow a navigation. */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * The app's providers (as render.tsx's renderWithApp) with the router started at `url`, a toaster,
 * and the current location readable from the "location" test id. `routes` maps paths to elements.
 */
export function renderAt(url: string, routes: Record<string, ReactNode>): RenderResult {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <CartProvider>
          <MemoryRouter initialEntries={[url]}>
            <Routes>
              {Object.entries(routes).map(([path, element]) => (
                <Route key={path} path={path} element={element} />
              ))}
            </Routes>
            <Where />
          </MemoryRouter>
          <AppToaster />
        </CartProvider>
      </TRPCProvider>
    </QueryClientProvider>,
  );
}
