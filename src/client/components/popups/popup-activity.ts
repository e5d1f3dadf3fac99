import { useSyncExternalStore } from "react";

/**
 * How many admin pop-ups are on screen. The home page's promotion waits for them to close, so two
 * modal dialogs never fight over focus and Escape.
 */
let openCount = 0;
const listeners = new Set<() => void>();

export function setOpenPopupCount(count: number): void {
  if (count === openCount) return;
  openCount = count;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOpenPopupCount(): number {
  return useSyncExternalStore(subscribe, () => openCount);
}
