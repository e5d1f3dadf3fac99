import type { AdminCompetition } from "../../../../shared/schemas/admin";

export const DRAW_MODE_LABEL: Record<AdminCompetition["drawMode"], string> = {
  auto: "Automatic at the draw date",
  live: "Live: an admin presses Run draw",
};

/** Where the competition is in its life: open, closed (pool frozen or not yet) or drawn. */
export function drawStatusText(c: AdminCompetition, poolFrozen: boolean): string {
  if (c.status === "drawn") return "Drawn";
  if (c.status === "active") return "Sales open";
  return poolFrozen ? "Sales closed, pool frozen" : "Sales closed, pool not yet frozen";
}
