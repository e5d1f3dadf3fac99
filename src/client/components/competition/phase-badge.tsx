import type { ReactNode } from "react";
import { competitionPhase, type CompetitionPhase } from "../../../shared/competition-phase";
import type { CompetitionStatus } from "../../../shared/schemas/competition";
import { cn } from "../../lib/cn";

const PHASE_STYLES: Record<CompetitionPhase, string> = {
  Active: "bg-field-100 text-field-800",
  "Drawing Soon": "bg-wheat-100 text-wheat-800",
  Closed: "bg-stone-200 text-stone-700",
  Drawn: "bg-field-800 text-white",
};

export function Badge({ className, children }: { className?: string; children: ReactNode }) {
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap", className)}>{children}</span>;
}

/** The customer-facing phase of a competition (SPEC §4): Active, Closed, Drawing Soon or Drawn. */
export function PhaseBadge({ competition }: { competition: { status: CompetitionStatus; drawDate: string; endDate: string } }) {
  const phase = competitionPhase(competition);
  return <Badge className={PHASE_STYLES[phase]}>{phase}</Badge>;
}

export function SoldOutBadge() {
  return <Badge className="bg-danger-100 text-danger-800">Sold Out</Badge>;
}
