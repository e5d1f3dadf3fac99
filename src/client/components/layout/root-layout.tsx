import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { PopupOverlay } from "../popups/popup-overlay";
import { LoadingState } from "../ui/spinner";
import { DemoRibbon } from "./demo-ribbon";
import { Footer } from "./footer";
import { Header } from "./header";

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-field-900 focus:shadow-lg"
      >
        Skip to content
      </a>
      <DemoRibbon />
      <Header />
      {/* At least a screen tall: while a page loads, the footer stays below the fold instead of jumping down. */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <PopupOverlay />
      <ScrollRestoration />
    </div>
  );
}
