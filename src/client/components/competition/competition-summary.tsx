import type { ReactNode } from "react";
import { formatPrice } from "../../../shared/money";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { Badge, PhaseBadge, SoldOutBadge } from "./phase-badge";
import { cashAlternativeText, oddsPerTicket } from "./prize-extras";
import { TicketProgress } from "./ticket-progress";
import { formatCount } from "../../lib/numbers";

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="text-xl font-bold tabular-nums text-field-800 sm:text-2xl">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-stone-600">{hint}</dd> : null}
    </div>
  );
}

function oddsHint(c: PublicCompetition): string {
  if (c.maxTickets === null) {
    const now = c.soldTickets > 0 ? ` With ${formatCount(c.soldTickets)} sold so far, it is 1 in ${formatCount(c.soldTickets)}.` : "";
    return `No ticket limit, so each ticket's chance is 1 in the number of entries.${now}`;
  }
  const perPrize = c.numberOfWinners > 1 ? ` for each of ${c.numberOfWinners} prizes` : "";
  return `Per ticket${perPrize} if every ticket sells; better if fewer sell`;
}

/** Category, status, title, description, prize, price, and the numbers that give the odds (COMPLIANCE 2.3). */
export function CompetitionSummary({ competition: c }: { competition: PublicCompetition }) {
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-bold uppercase tracking-wider text-wheat-700">{c.category}</span>
        <PhaseBadge competition={c} />
        {c.soldOut ? <SoldOutBadge /> : null}
        {c.instantWin ? <Badge className="bg-wheat-200 text-wheat-900">Instant win — debit cards only</Badge> : null}
      </div>
      <h1 className="mt-2 text-3xl font-bold leading-tight sm:text-4xl">{c.title}</h1>
      {c.cashAlternative ? (
        <p className="mt-2 inline-flex flex-wrap items-baseline gap-x-2 rounded-xl bg-wheat-50 px-3 py-1.5 text-stone-800 ring-1 ring-wheat-200">
          <span className="text-sm font-semibold text-wheat-800">Cash alternative</span>
          <span>
            or take <strong className="text-field-900">{cashAlternativeText(c.cashAlternative)}</strong> in cash instead
          </span>
        </p>
      ) : null}
      <p className="mt-3 whitespace-pre-line text-lg text-stone-700">{c.description}</p>

      <dl className="mt-5 grid grid-cols-2 gap-3">
        <Stat label="Price per entry" value={formatPrice(c.price)} />
        <Stat label="Entries sold" value={formatCount(c.soldTickets)} />
        <Stat label="Maximum tickets" value={c.maxTickets === null ? "No limit" : formatCount(c.maxTickets)} />
        <Stat label="Odds per ticket" value={oddsPerTicket(c.maxTickets)} hint={oddsHint(c)} />
      </dl>

      <div className="mt-4">
        {c.soldOut ? <p className="mb-1 font-bold text-danger-700">Sold Out</p> : null}
        <TicketProgress soldTickets={c.soldTickets} maxTickets={c.maxTickets} />
        {c.remainingTickets !== null && !c.soldOut && c.status === "active" ? (
          <p className="text-sm text-stone-600">{formatCount(c.remainingTickets)} tickets remaining</p>
        ) : null}
      </div>
    </div>
  );
}
