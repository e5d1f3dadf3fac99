import { formatLondonDate } from "../../../shared/london-time";
import type { ClaimAddress, CustomerClaim } from "../../../shared/schemas/claims";

/** "14 December 2025" on the shop's clock, whatever the browser's time zone. */
export function longDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return formatLondonDate(date);
}

/** What the winner chose, in the words of the form: "The prize" or "The cash alternative (£9,500)". */
export function choiceLabel(claim: Pick<CustomerClaim, "choice" | "cashAlternative">): string {
  if (claim.choice === "cash") return claim.cashAlternative ? `The cash alternative (${claim.cashAlternative})` : "The cash alternative";
  return "The prize";
}

/** "Paid — reference X" or "Delivered — carrier reference X". */
export function fulfilmentLine(claim: Pick<CustomerClaim, "fulfilment" | "reference">): string {
  const paid = claim.fulfilment === "paid";
  const what = paid ? "Paid" : "Delivered";
  if (!claim.reference) return what;
  return `${what} — ${paid ? "reference" : "carrier reference"} ${claim.reference}`;
}

export function addressLines(address: ClaimAddress): string[] {
  return [address.line1, address.line2, address.city, address.postcode, address.country].filter((l): l is string => Boolean(l?.trim()));
}

/**
 * Still open to claim: notified and inside the window. The server expires a claim on its own clock,
 * so a page opened just after the window closed already reads as expired.
 */
export function isClaimable(claim: Pick<CustomerClaim, "status" | "expiresAt">, now = Date.now()): boolean {
  return claim.status === "notified" && Date.parse(claim.expiresAt) > now;
}

/** The winner's word for where their claim stands. */
export function claimStatusLabel(claim: Pick<CustomerClaim, "status" | "expiresAt" | "fulfilment">, now = Date.now()): string {
  switch (claim.status) {
    case "notified":
      return isClaimable(claim, now) ? "Ready to claim" : "Expired";
    case "claimed":
      return "Claimed";
    case "fulfilled":
      return claim.fulfilment === "paid" ? "Paid" : "Delivered";
    case "void":
      return "Void";
    default:
      return "Expired";
  }
}

export const claimPath = (id: string) => `/account/claims/${encodeURIComponent(id)}`;
