import type { PlayerAtRisk } from "../ui/router-types";

const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });

/** Who stopped this player's play and until when; an operator restriction has no end date. */
export function suspensionText(p: Pick<PlayerAtRisk, "suspendedUntil" | "suspensionKind">): string | null {
  if (!p.suspendedUntil || !p.suspensionKind) return null;
  if (p.suspensionKind === "restricted") return "Restricted by us";
  if (p.suspensionKind === "self_exclusion") return `Self-excluded until ${day(p.suspendedUntil)}`;
  return `On a break until ${day(p.suspendedUntil)}`;
}

export const isRestricted = (p: Pick<PlayerAtRisk, "suspensionKind">) => p.suspensionKind === "restricted";
