import { Link } from "react-router-dom";
import type { LiveCompetition } from "../../../shared/schemas/live";
import { cn } from "../../lib/cn";
import { TrophyIcon } from "../ui/icons";

/** A drawn competition's result: each winning ticket and winner, and where to check the draw. */
export function LiveWinners({ competition: c, fresh }: { competition: LiveCompetition; fresh?: boolean }) {
  return (
    <div className={cn("rounded-xl bg-wheat-50 p-4 ring-1 ring-wheat-200", fresh && "ring-2 ring-wheat-500")}>
      <p className="flex items-center gap-2 text-sm font-bold uppercase tracking-wider text-wheat-800">
        <TrophyIcon className="size-4" />
        {c.winners.length === 1 ? "Winner" : c.winners.length === 0 ? "Result" : "Winners"}
      </p>
      {c.winners.length === 0 ? (
        <p className="mt-1 text-stone-800">There were no tickets in the pool, so no winner was drawn.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {c.winners.map((w) => (
            <li key={w.ticketNumber} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="text-sm text-stone-700">
                Winning ticket <span className="font-mono text-2xl font-bold text-field-900 sm:text-3xl">{w.ticketNumber}</span>
              </span>
              <span className="text-xl font-bold text-field-900">{w.displayName}</span>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={c.verifyUrl}
        className="mt-3 inline-flex min-h-11 items-center rounded font-semibold text-field-700 underline underline-offset-4 hover:text-field-900"
      >
        Verify this draw
        <span className="sr-only">: {c.title}</span>
      </Link>
    </div>
  );
}
