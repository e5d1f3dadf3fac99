import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { buttonClasses } from "../ui/button-styles";
import { DemoRibbon } from "./demo-ribbon";

/**
 * Shown when a screen throws or its code cannot be loaded (for example after a new release). It
 * renders outside the router's layout, so it uses plain links and reloads.
 */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong.";
  return (
    <>
      <DemoRibbon />
      <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-3xl font-bold">Sorry, this page could not be shown</h1>
        <p className="text-stone-700">{message} Please reload the page or go back to the home page.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <button type="button" className={buttonClasses("primary")} onClick={() => window.location.reload()}>
            Reload page
          </button>
          <a href="/" className={buttonClasses("secondary")}>
            Go to Home
          </a>
        </div>
      </main>
    </>
  );
}
