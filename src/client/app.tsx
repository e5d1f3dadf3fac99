import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { RouterProvider } from "react-router-dom";
import { Toaster } from "sonner";
import { CartProvider } from "./components/cart/cart-context";
import { showStashedFlashToast } from "./lib/flash-toast";
import { queryClient, trpcClient } from "./lib/clients";
import { trpc } from "./lib/trpc";
import { router } from "./router";

export function App() {
  // A toast stashed before a full page load (e.g. "Logged Out").
  useEffect(() => showStashedFlashToast(), []);

  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <CartProvider>
          <RouterProvider router={router} />
          <Toaster
            position="bottom-right"
            visibleToasts={1}
            duration={5000}
            hotkey={["F8"]}
            richColors
            closeButton
            toastOptions={{ classNames: { title: "font-bold!", description: "text-sm" } }}
          />
        </CartProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
