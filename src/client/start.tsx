// The app itself: what src/client/main.tsx loads once the page has been painted.
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";
import { queryClient } from "./lib/clients";
import { preloadPages } from "./lib/lazy-page";
import { readRenderData, seedCache } from "./lib/server-render";
import { routes } from "./routes";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

// A public page arrives drawn by the server with the reads it was drawn from: they go in the cache
// first, so the page is hydrated from them and none is fetched again.
const rendered = readRenderData(document);
if (rendered) seedCache(queryClient, rendered);

if (rendered) {
  const { now, origin } = rendered;
  // The address's pages are loaded first, so the whole page is hydrated in one go (src/client/lib/lazy-page.ts).
  // As a transition too: the page is already painted, and hydrating it in slices leaves a slow phone
  // free to answer a tap between them instead of one long task.
  const hydrate = () =>
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App snapshot={{ now, origin }} />
        </StrictMode>,
      );
    });
  // In a task of its own: asking for the page's chunks costs a slow phone some milliseconds per file.
  setTimeout(() => void preloadPages(routes, window.location.pathname).then(hydrate, hydrate), 0);
} else {
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread in one long task (a slow phone stays responsive to taps meanwhile).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
