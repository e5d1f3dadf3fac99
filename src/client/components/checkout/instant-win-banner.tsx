import type { InstantWinView } from "../../../shared/schemas/instant-wins";
import { TrophyIcon } from "../ui/icons";

/** What happens next for each kind of prize. */
const NEXT_STEP: Record<InstantWinView["kind"], string> = {
  credit: "Added to your account's site credit.",
  cash: "We'll be in touch to arrange your prize.",
  physical: "We'll be in touch to arrange your prize.",
};

/** The success screens' news, above the ticket numbers, when the order's tickets won instant prizes. */
export function InstantWinBanner({ wins }: { wins: readonly InstantWinView[] }) {
  if (wins.length === 0) return null;
  return (
    <section
      role="status"
      aria-labelledby="instant-win-heading"
      data-testid="instant-win-banner"
      className="mt-5 w-full rounded-2xl border-2 border-wheat-300 bg-wheat-50 p-4 text-left shadow-sm sm:p-5"
    >
      <h2 id="instant-win-heading" className="flex items-center gap-2 text-2xl font-bold text-field-900">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-wheat-200 text-wheat-800">
          <TrophyIcon className="size-6" />
        </span>
        You've won instantly!
      </h2>
      <ul aria-label="Instant prizes won" className="mt-3 flex flex-col gap-2">
        {wins.map((w) => (
          <li key={w.prizeId} className="rounded-xl bg-white px-3 py-2 ring-1 ring-wheat-200">
            <p className="font-semibold break-words text-stone-900">
              {w.name} on ticket <span className="font-mono">#{w.ticketNumber}</span>
            </p>
            <p className="text-sm text-stone-700">{NEXT_STEP[w.kind]}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
