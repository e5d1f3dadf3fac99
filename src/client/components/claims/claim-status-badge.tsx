import type { CustomerClaim } from "../../../shared/schemas/claims";
import { Badge } from "../competition/phase-badge";
import { claimStatusLabel, isClaimable } from "./claim-words";

const STYLES = {
  open: "bg-wheat-200 text-wheat-900",
  claimed: "bg-sky-100 text-sky-900",
  fulfilled: "bg-field-100 text-field-800",
  expired: "bg-stone-200 text-stone-700",
  void: "bg-stone-200 text-stone-700",
} as const;

/** "Ready to claim", "Claimed", "Paid" or "Delivered", "Expired". */
export function ClaimStatusBadge({ claim }: { claim: Pick<CustomerClaim, "status" | "expiresAt" | "fulfilment"> }) {
  const style =
    claim.status === "notified" ? (isClaimable(claim) ? STYLES.open : STYLES.expired) : claim.status === "expired" ? STYLES.expired : STYLES[claim.status];
  return <Badge className={style}>{claimStatusLabel(claim)}</Badge>;
}
