import type { ReactNode } from "react";
import type { CustomerClaim } from "../../../shared/schemas/claims";
import { NoWins } from "../account/empty-tabs";
import { ButtonLink } from "../ui/button";
import { TrophyIcon } from "../ui/icons";
import { LoadFailed } from "../ui/load-failed";
import { LoadingState } from "../ui/spinner";
import { ClaimStatusBadge } from "./claim-status-badge";
import { claimPath, isClaimable, longDate } from "./claim-words";
import { useMyWins, type CustomerWin } from "./use-my-wins";

interface Loaded<T> {
  data: T[] | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
}

/** "Instant win · ticket #17" / "Main draw": what kind of win, beside the prize. */
function winKind(source: CustomerWin["source"], ticketNumber: string | null | undefined): string | null {
  if (!source) return null;
  const kind = source === "instant" ? "Instant win" : "Main draw";
  return ticketNumber ? `${kind} · ticket #${ticketNumber}` : kind;
}

function WinCard({ title, prize, kind, date, children }: { title: string; prize?: string; kind?: string | null; date: string; children?: ReactNode }) {
  return (
    <li aria-label={title} className="flex flex-col gap-4 rounded-2xl border border-wheat-200 bg-wheat-50 p-5 shadow-sm sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-wheat-200 text-wheat-800">
          <TrophyIcon className="size-6" />
        </span>
        <div className="min-w-0">
          <h3 className="font-sans text-lg font-bold leading-snug text-field-900">{title}</h3>
          {prize && prize !== title ? (
            <p className="font-semibold break-words text-wheat-900" data-testid="win-prize">
              {prize}
            </p>
          ) : null}
          {kind ? <p className="text-sm text-stone-700">{kind}</p> : null}
          <p className="text-sm text-stone-700">
            Won on <time dateTime={date}>{longDate(date)}</time>
          </p>
        </div>
      </div>
      {children}
    </li>
  );
}

function ClaimWin({ claim }: { claim: CustomerClaim }) {
  const open = isClaimable(claim);
  return (
    <WinCard title={claim.competitionTitle} prize={claim.prize} date={claim.notifiedAt}>
      <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        {open ? (
          <>
            <ButtonLink to={claimPath(claim.id)} variant="accent" size="sm" className="max-sm:min-h-11">
              Claim your prize<span className="sr-only"> for {claim.competitionTitle}</span>
            </ButtonLink>
            <span className="text-xs text-stone-700">
              Claim by <time dateTime={claim.expiresAt}>{longDate(claim.expiresAt)}</time>
            </span>
          </>
        ) : (
          <>
            <ClaimStatusBadge claim={claim} />
            <ButtonLink to={claimPath(claim.id)} variant="secondary" size="sm" className="max-sm:min-h-11">
              View claim<span className="sr-only"> for {claim.competitionTitle}</span>
            </ButtonLink>
          </>
        )}
      </div>
    </WinCard>
  );
}

/** My Wins: each win with its title and date, and where there is a claim, its state and the way to it. */
export function MyWinsList({ wins }: { wins: Loaded<CustomerWin> }) {
  const query = useMyWins(wins);
  if (query.isPending) return <LoadingState label="Loading your wins..." />;
  if (query.error || !query.data) return <LoadFailed what="your wins" retry={query.refetch} />;
  if (query.data.length === 0) return <NoWins />;
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Your wins">
      {query.data.map((item) =>
        item.kind === "claim" ? (
          <ClaimWin key={`claim-${item.claim.id}`} claim={item.claim} />
        ) : (
          <WinCard
            key={`win-${item.win.id}`}
            title={item.win.competitionTitle}
            prize={item.win.prize}
            kind={winKind(item.win.source, item.win.ticketNumber)}
            date={item.win.winDate}
          />
        ),
      )}
    </ul>
  );
}
