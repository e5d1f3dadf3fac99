import { Link } from "react-router-dom";
import type { AdminClaim } from "../../../../shared/schemas/claims";
import { shortDateTime } from "../../../lib/dates";
import { addressLines, longDate } from "../../claims/claim-words";
import { Button } from "../../ui/button";
import { customerPath } from "../customers/customer-types";
import { actionWords, type ClaimAction } from "./claim-action-dialog";
import { AdminClaimStatusBadge, choiceText, DeliveryFlag, OverdueBadge } from "./claim-badges";
import { timeSince } from "./time-since";

const linkClasses = "font-semibold text-field-800 underline underline-offset-2 hover:text-field-950";

/** The winner: name (their customer record when they have an account), email and phone. */
export function WinnerCell({ claim: c }: { claim: AdminClaim }) {
  return (
    <div className="min-w-0">
      {c.userId ? (
        <Link to={customerPath(c.userId)} className={linkClasses}>
          {c.customerName}
        </Link>
      ) : (
        <span className="font-semibold text-stone-900">{c.customerName}</span>
      )}
      <p className="text-sm [overflow-wrap:anywhere] text-stone-700">{c.customerEmail}</p>
      {c.phone ? <p className="text-sm whitespace-nowrap text-stone-700">{c.phone}</p> : null}
    </div>
  );
}

export function CompetitionCell({ claim: c }: { claim: AdminClaim }) {
  return (
    <div className="min-w-0">
      <p className="font-medium text-stone-900">{c.competitionTitle}</p>
      <p className="text-sm text-stone-700">{c.ticketNumber ? `Ticket ${c.ticketNumber}` : "No ticket (named by hand)"}</p>
    </div>
  );
}

/** The state, the 48-hour mark, and what happened last: contact made, claim-by date, or why it expired. */
export function StatusCell({ claim: c }: { claim: AdminClaim }) {
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      <span className="flex flex-wrap gap-1.5">
        <AdminClaimStatusBadge claim={c} />
        {c.overdue ? <OverdueBadge /> : null}
      </span>
      {c.status === "notified" ? <p className="text-xs text-stone-600">Claim by {longDate(c.expiresAt)}</p> : null}
      {c.status === "notified" && c.contactedAt ? (
        <p className="text-xs text-stone-700">
          Contacted {timeSince(c.contactedAt).toLowerCase()}
          {c.contactNote ? `: ${c.contactNote}` : ""}
        </p>
      ) : null}
      {c.status === "expired" && c.expiryReason ? <p className="text-xs text-stone-700">{c.expiryReason}</p> : null}
    </div>
  );
}

export function SinceDrawCell({ claim: c }: { claim: AdminClaim }) {
  return (
    <time dateTime={c.notifiedAt} title={shortDateTime(c.notifiedAt)} className="whitespace-nowrap">
      {timeSince(c.notifiedAt)}
    </time>
  );
}

/** Prize or cash, whether free delivery covers the address, and the address itself. */
export function ChoiceCell({ claim: c }: { claim: AdminClaim }) {
  if (!c.choice) return <span className="text-stone-600">Not chosen yet</span>;
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      <span className="font-medium text-stone-900">{choiceText(c)}</span>
      <DeliveryFlag claim={c} />
      {c.address ? <p className="text-xs text-stone-700">{addressLines(c.address).join(", ")}</p> : null}
    </div>
  );
}

export function ReferenceCell({ claim: c }: { claim: AdminClaim }) {
  return c.reference ? <span className="font-mono text-sm break-words">{c.reference}</span> : <span className="text-stone-600">—</span>;
}

/** What can be done from here: record contact before the claim, fulfil after it, expire either. */
export function claimActions(c: Pick<AdminClaim, "status">): ClaimAction[] {
  if (c.status === "notified") return ["contact", "expire"];
  if (c.status === "claimed") return ["fulfil", "expire"];
  return [];
}

export function ActionButtons({ claim: c, onAction }: { claim: AdminClaim; onAction: (action: ClaimAction) => void }) {
  const actions = claimActions(c);
  if (actions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2 lg:flex-col lg:items-stretch">
      {actions.map((a) => (
        <Button key={a} size="sm" variant={a === "expire" ? "ghost" : "secondary"} className="whitespace-nowrap max-lg:min-h-11" onClick={() => onAction(a)}>
          {a === "expire" ? "Expire" : actionWords(a, c).submit}
          <span className="sr-only"> for {c.customerName}</span>
        </Button>
      ))}
    </div>
  );
}
