import type { LiveCompetition } from "../../../shared/schemas/live";
import { formatCount } from "../../lib/numbers";

type Facts = Pick<LiveCompetition, "status" | "poolSize" | "soldTickets" | "maxTickets" | "drawnAt">;

/** Where a competition stands on the night, in a visitor's words, with its badge colours. */
export function liveStatus(c: Facts): { label: string; style: string } {
  if (c.status === "drawn" || c.drawnAt) return { label: "Drawn", style: "bg-field-800 text-white" };
  if (c.poolSize !== null) return { label: "Sales closed, ready to draw", style: "bg-wheat-100 text-wheat-900" };
  if (c.status === "closed") return { label: "Sales closed", style: "bg-wheat-100 text-wheat-900" };
  return { label: "Sales open", style: "bg-field-100 text-field-800" };
}

const tickets = (n: number) => `${formatCount(n)} ${n === 1 ? "ticket" : "tickets"}`;

/** "1,204 tickets in the draw" once the pool is frozen, else "312 of 1,000 tickets sold". */
export function poolLine(c: Facts): string {
  if (c.poolSize !== null) return `${tickets(c.poolSize)} in the draw`;
  return c.maxTickets ? `${formatCount(c.soldTickets)} of ${tickets(c.maxTickets)} sold` : `${tickets(c.soldTickets)} sold`;
}
