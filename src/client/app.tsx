import { useEffect } from "react";
import { RouterProvider } from "react-router-dom";
import { AppProviders } from "./app-providers";
import { showStashedFlashToast } from "./lib/flash-toast";
import { queryClient, trpcClient } from "./lib/clients";
import type { RenderSnapshot } from "./lib/render-context";
import { router } from "./router";

export function App({ snapshot = null }: { snapshot?: RenderSnapshot | null }) {
  // A toast stashed before a full page load (e.g. "Logged Out").
  useEffect(() => showStashedFlashToast(), []);
  // The page is the app's from here on (hydrated, or drawn in the browser): a mark for the browser journeys.
  useEffect(() => {
    document.documentElement.dataset.app = "ready";
  }, []);

  return (
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} snapshot={snapshot}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
