/** The id the ribbon's link (and the checkout's hint) opens with `popovertarget`. */
export const TEST_CARDS_ID = "test-cards";

/** The simulated processor's cards (README "Payments"). */
const CARDS = [
  { number: "4242 4242 4242 4242", outcome: "Approved (debit card)" },
  { number: "5555 5555 5555 4444", outcome: "Approved (credit card: capped at £250 a month, not accepted for instant wins)" },
  { number: "4000 0027 6000 3184", outcome: "Approved after 3-D Secure: your bank's test page asks you to confirm" },
  { number: "4000 0000 0000 0002", outcome: "Declined" },
  { number: "4000 0000 0000 9995", outcome: "Declined: insufficient funds" },
  { number: "4000 0000 0000 0119", outcome: "Processing error" },
];

/**
 * The test-card list, as a native popover: no script to load, closed by Escape or a click outside,
 * announced with its heading, and focus returns to the link that opened it.
 */
export function TestCardsPopover() {
  return (
    <div
      id={TEST_CARDS_ID}
      popover="auto"
      role="dialog"
      aria-labelledby={`${TEST_CARDS_ID}-title`}
      className="inset-x-4 top-10 bottom-auto mx-auto my-0 w-auto max-w-md rounded-xl border border-cream-300 bg-white p-5 text-left text-sm text-stone-800 shadow-xl backdrop:bg-stone-900/30"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={`${TEST_CARDS_ID}-title`} className="text-lg font-bold">
          Test cards
        </h2>
        <button
          type="button"
          popoverTarget={TEST_CARDS_ID}
          popoverTargetAction="hide"
          className="-mt-1 -mr-2 inline-flex min-h-9 items-center rounded-lg px-2 font-semibold text-field-800 hover:bg-cream-100"
        >
          Close
        </button>
      </div>
      <p className="mt-2">
        This is a demo shop: payments are simulated and no card is ever charged. Use one of these numbers with any future expiry date and any 3-digit CVC.
      </p>
      <dl className="mt-3 divide-y divide-cream-200">
        {CARDS.map((card) => (
          <div key={card.number} className="py-2">
            <dt className="font-mono font-semibold tracking-wide text-field-900">{card.number}</dt>
            <dd className="text-stone-700">{card.outcome}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
