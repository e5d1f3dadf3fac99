import type { AdminClaim } from "../../../../shared/schemas/claims";
import { AdminBadge } from "../ui/badges";

const STYLES = {
  notified: "bg-wheat-100 text-wheat-800",
  claimed: "bg-sky-100 text-sky-900",
  fulfilled: "bg-field-100 text-field-800",
  expired: "bg-stone-200 text-stone-700",
  void: "bg-danger-50 text-danger-700",
} as const;

/** The claim's state in staff words: "Awaiting claim", "Claimed", "Paid" / "Delivered", "Expired". */
export function claimStatusText(c: Pick<AdminClaim, "status" | "fulfilment">): string {
  switch (c.status) {
    case "notified":
      return "Awaiting claim";
    case "claimed":
      return "Claimed";
    case "fulfilled":
      return c.fulfilment === "paid" ? "Paid" : "Delivered";
    case "void":
      return "Void (entry refunded or disputed)";
    default:
      return "Expired";
  }
}

export function AdminClaimStatusBadge({ claim }: { claim: Pick<AdminClaim, "status" | "fulfilment"> }) {
  return <AdminBadge className={STYLES[claim.status]}>{claimStatusText(claim)}</AdminBadge>;
}

/** Not acknowledged within 48 hours of the draw (the footer's promise). */
export function OverdueBadge() {
  return <AdminBadge className="bg-danger-700 text-white">Overdue</AdminBadge>;
}

/** The choice, and whether free delivery covers the address. */
export function choiceText(c: Pick<AdminClaim, "choice" | "cashAlternative">): string {
  if (c.choice === "cash") return c.cashAlternative ? `Cash (${c.cashAlternative})` : "Cash";
  if (c.choice === "prize") return "Prize";
  return "—";
}

export function DeliveryFlag({ claim }: { claim: Pick<AdminClaim, "deliverable" | "fulfilBy"> }) {
  // Money is paid, not delivered: a cash alternative or a cash prize has no delivery to arrange.
  if (claim.deliverable === null || claim.fulfilBy === "paid") return null;
  return claim.deliverable ? (
    <AdminBadge className="bg-field-50 text-field-800">Free delivery</AdminBadge>
  ) : (
    <AdminBadge className="bg-amber-100 text-amber-900">Outside free delivery: arrange</AdminBadge>
  );
}
