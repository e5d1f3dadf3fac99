import { cn } from "../../lib/cn";
import { Card } from "../ui/card";
import type { DrawRecordView } from "./draw-types";
import { formatCount } from "../../lib/numbers";

type Pool = NonNullable<DrawRecordView["pool"]>;

/** Every ticket in the frozen pool, in draw order, with masked names; winners are marked. */
export function DrawPool({ pool, winners }: { pool: Pool; winners: DrawRecordView["winners"] }) {
  const winnerAt = new Map(winners.map((w) => [w.index, w.k + 1]));
  return (
    <Card>
      <h2 className="text-2xl font-bold">The pool</h2>
      <p className="mt-1 text-stone-700">
        {formatCount(pool.length)} {pool.length === 1 ? "ticket" : "tickets"} in ascending ticket-number order. Names are shortened to protect players' privacy.
      </p>
      <div
        role="region"
        aria-label={`Pool of ${pool.length} tickets`}
        tabIndex={0}
        className="mt-4 max-h-96 overflow-y-auto rounded-xl border border-cream-200"
      >
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-cream-100 text-stone-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Index
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Ticket
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Name
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-cream-200">
            {pool.map((p, i) => {
              const winner = winnerAt.get(i);
              return (
                <tr key={p.ticketNumber} className={cn(winner ? "bg-wheat-100 font-semibold" : "bg-white")}>
                  <td className="px-3 py-1.5 tabular-nums text-stone-600">{i}</td>
                  <td className="px-3 py-1.5 font-mono text-field-800">{p.ticketNumber}</td>
                  <td className="px-3 py-1.5 text-stone-800">
                    {p.name}
                    {winner ? <span className="ml-2 text-wheat-800">Winner {winner}</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
