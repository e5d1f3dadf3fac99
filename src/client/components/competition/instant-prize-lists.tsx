import { TrophyIcon } from "../ui/icons";
import { groupInstantPrizes, instantWinners, londonShortDate, nameGivesValue, prizeKindLabel, voidedUnits, type InstantPrizeUnit } from "./instant-prizes";

/** What becomes of a unit whose winning entry is refunded or disputed: the public instant-win rule (decision 011). */
export const VOID_UNIT_RULE =
  "If the order of a winning ticket is refunded in full or its payment is disputed, its instant prize is void: site credit is taken back (any part already spent is owed and comes out of the winner's next credit), a cash or physical prize can no longer be claimed, and the prize is forfeited. Nobody wins it instead: its number, already revealed, goes back on sale as an ordinary number.";

/** Units won and then void, each with its number (still verifiable) and the day it became void. */
export function VoidedUnitsList({ units }: { units: readonly InstantPrizeUnit[] }) {
  const voided = voidedUnits(units);
  if (voided.length === 0) return null;
  return (
    <section aria-labelledby="instant-void-heading">
      <h3 id="instant-void-heading" className="font-sans text-lg font-bold text-field-900">
        Void prizes
      </h3>
      <ul aria-label="Void instant prizes" className="mt-2 flex flex-col gap-2">
        {voided.map((u) => (
          <li key={u.unitId} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 rounded-xl bg-stone-100 px-4 py-2.5 text-sm">
            <span className="min-w-0 break-words font-semibold text-stone-900">{u.name}</span>
            <span className="text-stone-700">
              Ticket <span className="font-mono font-semibold text-stone-800">#{u.ticketNumber}</span>
            </span>
            <span className="text-stone-700">
              Void since <time dateTime={u.voidedAt ?? undefined}>{londonShortDate(u.voidedAt)}</time>: the winning entry was refunded
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Each prize with how many are won and how many are still out there (or were never won, once sales close). */
export function InstantPrizeTally({ units, closed }: { units: readonly InstantPrizeUnit[]; closed: boolean }) {
  return (
    <ul aria-label="Instant prizes" className="flex flex-col gap-2">
      {groupInstantPrizes(units).map((g) => {
        const rest = g.total - g.won - g.voided;
        return (
          <li key={g.key} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 rounded-xl bg-wheat-50 px-4 py-3 ring-1 ring-wheat-200">
            <div className="min-w-0">
              <p className="font-semibold break-words text-stone-900">
                {g.name}
                <span className="sr-only"> — </span>
              </p>
              {nameGivesValue(g.name, g.value) ? null : <p className="text-sm text-stone-600">{prizeKindLabel(g.kind, g.value)}</p>}
            </div>
            <p className="shrink-0 text-sm font-semibold tabular-nums text-wheat-800">
              {g.won} won{g.voided ? ` · ${g.voided} void` : ""} · {rest} {closed ? "not won" : "left"}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** Who has won so far: their public name, the winning ticket, the prize and the day. */
export function InstantWinnersList({ units }: { units: readonly InstantPrizeUnit[] }) {
  const winners = instantWinners(units);
  return (
    <section aria-labelledby="instant-winners-heading">
      <h3 id="instant-winners-heading" className="flex items-center gap-2 font-sans text-lg font-bold text-field-900">
        <TrophyIcon className="size-5 text-wheat-700" />
        Winners so far
      </h3>
      {winners.length === 0 ? (
        <p className="mt-1 text-stone-700">No instant prize has been won yet.</p>
      ) : (
        <ul aria-label="Instant winners" className="mt-2 flex flex-col gap-2">
          {winners.map((w) => (
            <li key={w.unitId} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 rounded-xl bg-cream-100 px-4 py-2.5 text-sm">
              <span className="font-semibold break-words text-stone-900">{w.winnerDisplayName ?? "A winner"}</span>
              <span className="text-stone-700">
                Ticket <span className="font-mono font-semibold text-field-800">#{w.ticketNumber}</span>
              </span>
              <span className="min-w-0 break-words text-stone-800">{w.name}</span>
              <span className="text-stone-600">
                <time dateTime={w.wonAt ?? undefined}>{londonShortDate(w.wonAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
