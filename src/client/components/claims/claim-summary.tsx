import { Link } from "react-router-dom";
import type { CustomerClaim } from "../../../shared/schemas/claims";
import { IMAGE_SIZES } from "../../lib/picture";
import { CompetitionImage } from "../competition/competition-image";
import { Card } from "../ui/card";
import { ShieldIcon } from "../ui/icons";
import { ClaimStatusBadge } from "./claim-status-badge";
import { longDate } from "./claim-words";

/** What was won: the picture, the prize, the winning ticket, the claim-by date and the draw's public record. */
export function ClaimSummary({ claim }: { claim: CustomerClaim }) {
  const open = claim.status === "notified";
  return (
    <Card className="flex flex-col gap-5 sm:flex-row">
      <CompetitionImage
        src={claim.competitionImage}
        alt=""
        eager
        sizes={IMAGE_SIZES.side}
        className="aspect-[16/9] w-full shrink-0 rounded-xl sm:aspect-[4/3] sm:w-56"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="font-sans text-xl font-bold leading-snug text-field-900">{claim.competitionTitle}</h2>
          <ClaimStatusBadge claim={claim} />
        </div>
        {claim.prize !== claim.competitionTitle ? <p className="whitespace-pre-line text-stone-800">{claim.prize}</p> : null}
        <dl className="grid grid-cols-2 gap-3 rounded-xl bg-cream-100 px-3 py-2 text-sm">
          <div>
            <dt className="text-stone-600">Winning ticket</dt>
            <dd className="font-semibold tabular-nums text-stone-900">{claim.ticketNumber ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-stone-600">{open ? "Claim by" : "Drawn on"}</dt>
            <dd className="font-semibold text-stone-900">
              <time dateTime={open ? claim.expiresAt : claim.notifiedAt}>{longDate(open ? claim.expiresAt : claim.notifiedAt)}</time>
            </dd>
          </div>
        </dl>
        <Link
          to={claim.verifyUrl}
          className="inline-flex min-h-11 items-center gap-1.5 self-start rounded font-semibold text-field-700 underline underline-offset-4 hover:text-field-900"
        >
          <ShieldIcon className="size-4" />
          Verify the draw
        </Link>
      </div>
    </Card>
  );
}
