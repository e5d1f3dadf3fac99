import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { RouterProvider } from "react-router-dom";
import { CartProvider } from "./components/cart/cart-context";
import { AppToaster } from "./components/ui/app-toaster";
import { showStashedFlashToast } from "./lib/flash-toast";
import { queryClient, trpcClient } from "./lib/clients";
import { TRPCProvider } from "./lib/trpc";
import { router } from "./router";

export function App() {
  // A toast stashed before a full page load (e.g. "Logged Out").
  useEffect(() => showStashedFlashToast(), []);

  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <CartProvider>
          <RouterProvider router={router} />
          <AppToaster />
        </CartProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
