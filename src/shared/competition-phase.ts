// Here, not in the schemas, so a competition page's code loads without zod.
import type { CompetitionStatus } from "./schemas/competition";

export type CompetitionPhase = "Drawn" | "Drawing Soon" | "Closed" | "Active";

/** The customer-facing phase (SPEC §4). */
export function competitionPhase(c: { status: CompetitionStatus; drawDate: string; endDate: string }, now = new Date()): CompetitionPhase {
  if (c.status === "drawn") return "Drawn";
  if (now.getTime() > Date.parse(c.drawDate)) return "Drawing Soon";
  if (c.status === "closed" || now.getTime() > Date.parse(c.endDate)) return "Closed";
  return "Active";
}

/** The most numbers one GET /competitions/{id}/numbers answers (ten pages of the grid). */
export const NUMBERS_PER_REQUEST = 1000;
