import type { Complaint } from "../ui/router-types";

const DAY = 24 * 60 * 60 * 1000;

export type DueState = "overdue" | "soon" | "later" | "done" | "none";

/** A complaint still being handled is flagged 7 days before its response deadline, and when it has passed. */
export function dueState(c: Pick<Complaint, "status" | "responseDueAt">, now = Date.now()): DueState {
  if (!c.responseDueAt) return "none";
  if (c.status === "closed") return "done";
  const left = Date.parse(c.responseDueAt) - now;
  if (left < 0) return "overdue";
  if (left <= 7 * DAY) return "soon";
  return "later";
}

export const dueDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" }) : "—");
