import { useQuery } from "@tanstack/react-query";
import { useDeferredValue } from "react";
import type { InstantWinsView } from "../../../shared/schemas/instant-wins";
import { useTRPC } from "../../lib/trpc";
import { Card } from "../ui/card";
import { InstantPrizeTally, InstantWinnersList, VOID_UNIT_RULE, VoidedUnitsList } from "./instant-prize-lists";
import { londonDateTime } from "./instant-prizes";
import { InstantWinsVerify } from "./instant-wins-verify";

function Explanation({ committedAt }: { committedAt: string | null }) {
  const when = londonDateTime(committedAt);
  return (
    <p className="text-stone-800">
      Every winning number was fixed before the first ticket was sold
      {when ? (
        <>
          , on <time dateTime={committedAt ?? undefined}>{when}</time>,
        </>
      ) : null}{" "}
      and published as a fingerprint (the commitment root below). Each number is revealed when it is won, and all of them when sales close, so anyone can check
      none was moved.
    </p>
  );
}

/** The prizes, their winners and the proof, for a competition whose instant prizes are committed. */
export function InstantWinsProof({ view, root }: { view: InstantWinsView; root: string }) {
  const revealedCount = view.prizes.filter((p) => p.ticketNumber !== null).length;
  return (
    <Card data-testid="instant-wins" className="min-w-0">
      <section aria-labelledby="instant-wins-heading" className="flex flex-col gap-5">
        <div>
          <h2 id="instant-wins-heading" className="text-2xl font-bold">
            Instant Wins
          </h2>
          <p className="mt-1 text-stone-700">A ticket on one of these winning numbers wins its prize the moment it is paid for.</p>
        </div>

        <InstantPrizeTally units={view.prizes} closed={view.revealed} />
        <InstantWinnersList units={view.prizes} />
        <VoidedUnitsList units={view.prizes} />

        <p className="rounded-xl bg-cream-100 px-4 py-3 text-sm font-semibold text-field-900">
          {view.winnersStayInDraw ? "Instant winners also stay in the main draw." : "A ticket that wins an instant prize leaves the main draw."}
        </p>
        <p className="text-sm text-stone-700" data-testid="instant-void-rule">
          {VOID_UNIT_RULE}
        </p>

        <div className="flex flex-col gap-3 rounded-xl border border-cream-200 p-4">
          <h3 className="font-sans text-lg font-bold text-field-900">How you can check them</h3>
          <Explanation committedAt={view.committedAt} />
          <div className="min-w-0">
            <p className="text-sm font-semibold text-field-900">Commitment root</p>
            <code data-testid="instant-commitment-root" className="mt-1 block font-mono text-sm leading-relaxed break-all text-stone-900">
              {root}
            </code>
          </div>
          {/* A new reveal changes what there is to check, so the last outcome is dropped with it. */}
          <InstantWinsVerify key={`${root}:${revealedCount}`} view={view} root={root} />
          <a
            href={`/api/competitions/${encodeURIComponent(view.competitionId)}/instant-wins`}
            className="inline-flex min-h-11 items-center self-start rounded-md text-sm font-semibold text-field-700 underline underline-offset-4 hover:text-field-900"
          >
            Every commitment, number and salt (JSON)
          </a>
        </div>
      </section>
    </Card>
  );
}

/** The competition page's instant-win section; nothing for a competition without instant prizes. */
export function InstantWinsPanel({ competitionId }: { competitionId: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.public.competitions.instantWins.queryOptions({ id: competitionId }));
  // Read after the page is painted (src/server/ssr/render.ts) and drawn in slices when it arrives, so
  // hundreds of prizes never hold a phone's main thread in one task.
  const view = useDeferredValue(query.data);
  const root = view?.commitmentRoot;
  if (!view || !root) return null;
  return <InstantWinsProof view={view} root={root} />;
}
