import { TEST_CARDS_ID, TestCardsPopover } from "./test-cards-popover";
import { useShopMode } from "./use-shop-mode";

/*
 * Same height as the slot index.html paints before any script runs: while the server is asked, the
 * slot keeps its space, so the ribbon filling it moves nothing (only a shop with real payments
 * gives the space back, once).
 */
const SLOT = "h-7 overflow-hidden";

/** A thin ribbon on every page of a demo shop (simulated payments): no real money is taken. */
export function DemoRibbon() {
  const demo = useShopMode();
  if (demo === false) return null;
  if (demo === null) return <div className={`${SLOT} bg-cream-100`} aria-hidden="true" />;
  return (
    <div className={`${SLOT} border-b border-wheat-300 bg-wheat-200 text-wheat-900`}>
      <p className="mx-auto flex h-full max-w-7xl items-center justify-center gap-1.5 px-4 text-xs font-semibold whitespace-nowrap sm:text-sm">
        <span>Demo shop: no real money is taken</span>
        <span aria-hidden="true">·</span>
        <button
          type="button"
          popoverTarget={TEST_CARDS_ID}
          className="rounded underline decoration-wheat-700 underline-offset-2 hover:text-field-900 hover:decoration-field-900"
        >
          Test cards
        </button>
      </p>
      <TestCardsPopover />
    </div>
  );
}
