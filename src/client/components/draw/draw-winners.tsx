import { TrophyIcon } from "../ui/icons";
import type { DrawRecordView } from "./draw-types";

/** Winner 1, 2, … with their place in the pool, ticket number and (shortened) name. */
export function DrawWinners({ winners }: { winners: DrawRecordView["winners"] }) {
  return (
    <section className="rounded-2xl border border-wheat-200 bg-wheat-50 p-5 shadow-sm sm:p-6">
      <h2 className="flex items-center gap-2 text-2xl font-bold">
        <TrophyIcon className="size-6 text-wheat-700" />
        {winners.length === 1 ? "Winner" : "Winners"}
      </h2>
      {winners.length === 0 ? (
        <p className="mt-2 text-stone-700">The pool was empty, so no winner could be drawn.</p>
      ) : (
        <ol className="mt-4 flex flex-col gap-3">
          {winners.map((w) => (
            <li key={w.k} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl bg-white px-4 py-3 shadow-xs">
              <span className="font-display text-lg font-bold text-field-900">Winner {w.k + 1}</span>
              <span className="font-semibold text-stone-900">{w.displayName}</span>
              <span className="text-sm text-stone-700">
                Ticket <span className="font-mono font-semibold text-field-800">{w.ticketNumber}</span>
              </span>
              <span className="text-sm text-stone-600">Index {w.index} in the pool (counting from 0)</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
