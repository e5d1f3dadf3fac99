import { Link } from "react-router-dom";
import { savePendingEntry, type PendingEntry } from "../../lib/pending-entry";
import { NumbersTakenAlert } from "./numbers-taken-alert";
import { replacedText, type useNumbersTaken } from "./use-numbers-taken";

const chooseAgainLink = "inline-flex min-h-11 items-center self-start font-semibold text-field-800 underline underline-offset-4 hover:text-field-900";

/** Back to the competition page to choose, with the entry kept and the numbers that cannot be had taken off it. */
function ChooseAgain({ entry, drop }: { entry: PendingEntry; drop: string[] }) {
  return (
    <Link
      to={`/competition/${entry.competitionId}`}
      onClick={() => savePendingEntry({ ...entry, numbers: (entry.numbers ?? []).filter((n) => !drop.includes(n)), lostNumbers: undefined })}
      className={chooseAgainLink}
      data-testid="choose-again"
    >
      Choose again on the competition page
    </Link>
  );
}

/**
 * The direct checkout's chosen numbers when they cannot be paid for as they are: some were just taken
 * by another buyer (take a free one nearby, or choose again), or fewer are chosen than there are tickets.
 */
export function DirectNumbers({ entry, taken }: { entry: PendingEntry; taken: ReturnType<typeof useNumbersTaken> }) {
  const numbers = entry.numbers ?? [];
  const lost = taken.state;
  if (lost && lost.lost.length > 0) {
    const use = (n: string) => {
      const was = taken.replaceWith(n);
      if (was !== null) {
        savePendingEntry({ ...entry, numbers: numbers.map((x) => (x === was ? n : x)), lostNumbers: entry.lostNumbers?.filter((x) => x !== was) });
      }
    };
    return (
      <NumbersTakenAlert message={lost.message} nearby={lost.nearby.filter((n) => !numbers.includes(n))} onUse={use}>
        {lost.replaced.length > 0 ? <p className="text-sm text-stone-800">{replacedText(lost.replaced)}</p> : null}
        <ChooseAgain entry={entry} drop={lost.lost} />
      </NumbersTakenAlert>
    );
  }
  if (entry.numbers && numbers.length < entry.tickets) {
    const more = entry.tickets - numbers.length;
    return (
      <div role="alert" className="flex flex-col gap-1 rounded-xl border border-danger-200 bg-danger-50 p-4 text-danger-800">
        <p className="font-semibold">
          Choose {more} more {more === 1 ? "number" : "numbers"} for your {entry.tickets} tickets.
        </p>
        <ChooseAgain entry={entry} drop={[]} />
      </div>
    );
  }
  if (lost && lost.replaced.length > 0) {
    return (
      <p role="status" className="rounded-xl bg-field-50 px-4 py-3 text-sm font-semibold text-field-800" data-testid="numbers-replaced">
        {replacedText(lost.replaced)} Press Pay to continue.
      </p>
    );
  }
  return null;
}
