/**
 * Admin pop-ups on screen, and how many have appeared since the app loaded. The home page's
 * promotion is skipped in a page view that has already shown a pop-up (at most one dialog per page
 * view), and never opens over one.
 */
let openCount = 0;
let appearedCount = 0;

export function setOpenPopupCount(count: number): void {
  // Dismissals lower the count; only a rise is a pop-up appearing.
  if (count > openCount) appearedCount += count - openCount;
  openCount = count;
}

/** How many pop-ups have appeared so far: compare with the count at the start of a page view. */
export function popupsAppeared(): number {
  return appearedCount;
}

/** Whether a pop-up is on screen now. */
export function popupOpen(): boolean {
  return openCount > 0;
}

let promotionOnScreen = false;

/** The home page's promotion says when it opens and closes, so no pop-up appears over it. */
export function setPromotionOpen(open: boolean): void {
  promotionOnScreen = open;
}

export function promotionOpen(): boolean {
  return promotionOnScreen;
}
