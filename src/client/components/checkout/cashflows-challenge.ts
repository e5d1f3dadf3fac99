/*
 * Cashflows' library shows the bank's 3-D Secure page in a dialog of its own: a backdrop it puts
 * first in <body> (z-index 1, so the shop's sticky header would cover it), holding a box at least
 * 450 px wide (wider than a phone) with the bank's iframe. While the card form is on screen, such a
 * backdrop is lifted above the page, fitted to the screen, named for screen readers, and its iframe
 * focused. Nothing in it is read or changed beyond its position and size.
 */

const isChallenge = (node: Node): node is HTMLDivElement =>
  node instanceof HTMLDivElement && node.style.position === "fixed" && node.parentElement === document.body && !!node.querySelector(":scope > div > iframe");

export function fitChallenge(backdrop: HTMLDivElement) {
  backdrop.style.zIndex = "2147483000";
  backdrop.setAttribute("role", "dialog");
  backdrop.setAttribute("aria-modal", "true");
  backdrop.setAttribute("aria-label", "Confirm the payment with your bank");
  const box = backdrop.firstElementChild as HTMLElement | null;
  if (box) {
    box.style.minWidth = "0";
    box.style.width = "min(32rem, calc(100vw - 1rem))";
    box.style.height = "min(44rem, calc(100dvh - 1rem))";
  }
  const frame = backdrop.querySelector("iframe");
  if (frame) {
    frame.title = "Your bank's payment check";
    frame.focus();
  }
}

/** Watches <body> for the library's challenge dialog; returns the clean-up. */
export function watchCashflowsChallenge(): () => void {
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (isChallenge(node)) fitChallenge(node);
  });
  observer.observe(document.body, { childList: true });
  return () => observer.disconnect();
}
