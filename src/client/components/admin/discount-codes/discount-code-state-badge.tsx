import type { DiscountCodeView } from "../../../../shared/schemas/discounts";
import { AdminBadge } from "../ui/badges";

type State = DiscountCodeView["state"];

const STATES: Record<State, { label: string; className: string }> = {
  active: { label: "Active", className: "bg-field-100 text-field-800" },
  scheduled: { label: "Scheduled", className: "bg-wheat-100 text-wheat-800" },
  ended: { label: "Ended", className: "bg-stone-200 text-stone-700" },
  used_up: { label: "Used up", className: "bg-cream-200 text-stone-800" },
  off: { label: "Off", className: "bg-stone-200 text-stone-700" },
};

/** Usable now green, starting later yellow, ended, used up or switched off grey. */
export function DiscountCodeStateBadge({ state }: { state: State }) {
  const { label, className } = STATES[state];
  return <AdminBadge className={className}>{label}</AdminBadge>;
}
