import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { CustomerClaim } from "../../../shared/schemas/claims";
import { cn } from "../../lib/cn";
import { Card } from "../ui/card";
import { CheckCircleIcon, ClockIcon, CoinsIcon, TruckIcon } from "../ui/icons";
import { addressLines, choiceLabel, fulfilmentLine, longDate } from "./claim-words";

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-stone-600">{term}</dt>
      <dd className="font-semibold break-words text-stone-900">{children}</dd>
    </div>
  );
}

/** What the winner sent: their choice, phone and address. */
function ClaimDetails({ claim }: { claim: CustomerClaim }) {
  return (
    <dl className="mt-5 grid gap-4 rounded-xl bg-cream-100 p-4 sm:grid-cols-2">
      <Detail term="Your choice">{choiceLabel(claim)}</Detail>
      <Detail term="Claimed on">{longDate(claim.claimedAt)}</Detail>
      {claim.phone ? <Detail term="Phone">{claim.phone}</Detail> : null}
      {claim.address ? (
        <Detail term={claim.choice === "cash" ? "Address" : "Delivery address"}>
          <address className="not-italic">
            {addressLines(claim.address).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </Detail>
      ) : null}
    </dl>
  );
}

function nextStep(claim: CustomerClaim): string {
  if (claim.choice === "cash") return "We'll pay your cash alternative and let you know the payment reference here and by email.";
  if (claim.deliverable === false) {
    return "Your address is outside the UK mainland and Ireland, where delivery is free, so we'll be in touch to arrange delivery with you.";
  }
  return "We'll be in touch to arrange delivery, free to your door, and give you the carrier's reference here and by email.";
}

interface PanelProps {
  tone: "done" | "waiting" | "closed";
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** Full width under the heading, so a phone does not lose a column to the icon. */
  details?: ReactNode;
}

function Panel({ tone, icon, title, children, details }: PanelProps) {
  return (
    <Card className={cn(tone === "done" && "border-field-200", tone === "closed" && "border-stone-300 bg-cream-50")}>
      <div className="flex items-start gap-4">
        <span
          className={cn(
            "inline-flex size-12 shrink-0 items-center justify-center rounded-full",
            tone === "done" ? "bg-field-100 text-field-800" : tone === "waiting" ? "bg-wheat-100 text-wheat-800" : "bg-stone-200 text-stone-700",
          )}
        >
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-sans text-xl font-bold text-field-900">{title}</h2>
          {children}
        </div>
      </div>
      {details}
    </Card>
  );
}

/** Where a claim stands once the form is behind the winner: claimed, delivered or paid, or expired. */
export function ClaimStatusPanel({ claim }: { claim: CustomerClaim }) {
  if (claim.status === "claimed") {
    return (
      <Panel tone="waiting" icon={<CheckCircleIcon className="size-6" />} title="Claim received" details={<ClaimDetails claim={claim} />}>
        <p className="mt-1 text-stone-800">{nextStep(claim)}</p>
      </Panel>
    );
  }
  if (claim.status === "fulfilled") {
    const paid = claim.fulfilment === "paid";
    return (
      <Panel
        tone="done"
        icon={paid ? <CoinsIcon className="size-6" /> : <TruckIcon className="size-6" />}
        title={paid ? "Your prize has been paid" : "Your prize has been delivered"}
        details={<ClaimDetails claim={claim} />}
      >
        <p className="mt-1 text-lg font-semibold break-words text-field-900">{fulfilmentLine(claim)}</p>
        <p className="text-sm text-stone-700">On {longDate(claim.fulfilledAt)}</p>
      </Panel>
    );
  }
  if (claim.status === "void") {
    return (
      <Panel tone="closed" icon={<ClockIcon className="size-6" />} title="This prize is void">
        <p className="mt-1 text-stone-800">
          It can no longer be claimed{claim.expiryReason ? `: ${claim.expiryReason}` : "."}
          {claim.expiredAt ? ` (${longDate(claim.expiredAt)})` : null}
        </p>
        <ContactIfWrong />
      </Panel>
    );
  }
  // Expired, or still "notified" on the server after its window closed (the clock has not run yet).
  const reason = claim.status === "expired" ? claim.expiryReason : null;
  return (
    <Panel tone="closed" icon={<ClockIcon className="size-6" />} title="This claim has expired">
      <p className="mt-1 text-stone-800">
        {claim.status === "expired" && claim.expiredAt
          ? `It expired on ${longDate(claim.expiredAt)}.`
          : `The claim window closed on ${longDate(claim.expiresAt)}.`}
      </p>
      {reason ? (
        <p className="mt-2 text-stone-800">
          <span className="font-semibold">Reason:</span> {reason}
        </p>
      ) : null}
      <ContactIfWrong />
    </Panel>
  );
}

/** The way out of a claim that can no longer be made. */
function ContactIfWrong() {
  return (
    <p className="mt-3 text-stone-700">
      If you think this is wrong, please{" "}
      <Link to="/contact" className="font-semibold text-field-800 underline underline-offset-2">
        contact us
      </Link>
      .
    </p>
  );
}
