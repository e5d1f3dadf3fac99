import { useQuery } from "@tanstack/react-query";
import type { Popup } from "../../../shared/schemas/content";
import { useLocation } from "react-router-dom";
import { useAuth } from "../../hooks/use-auth";
import { useTRPC } from "../../lib/trpc";
import { lazy, Suspense } from "react";

// The stack (and its dialog code) loads only when a page actually has a pop-up to show.
const PopupStack = lazy(async () => ({ default: (await import("./popup-stack")).PopupStack }));

const NONE: Popup[] = [];
/** Generated pop-ups (last chance, recently viewed) change with time, so a page view reads fresh ones. */
const FRESH_FOR_MS = 60_000;

/** Mounted once in the layout: the pop-ups for the current path and visitor. */
export function PopupOverlay() {
  const trpc = useTRPC();
  const { pathname } = useLocation();
  const { user, isLoading } = useAuth();
  const query = useQuery(trpc.public.content.popups.queryOptions({ page: pathname, userId: user?.id }, { enabled: !isLoading, staleTime: FRESH_FOR_MS }));
  // A new path is a new page view: its dismissals and timers start afresh.
  const popups = query.data ?? NONE;
  if (popups.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PopupStack key={`${pathname}|${user?.id ?? ""}`} popups={popups} signedIn={user !== null} />
    </Suspense>
  );
}
