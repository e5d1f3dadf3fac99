import { cn } from "../../../lib/cn";
import { AdminBadge } from "../ui/badges";
import type { Complaint } from "../ui/router-types";
import { dueDate, dueState } from "./response-due";

/** The deadline, with a red "Overdue" or a yellow "Due soon" when it needs attention. */
export function ResponseDue({ complaint }: { complaint: Pick<Complaint, "status" | "responseDueAt"> }) {
  const state = dueState(complaint);
  return (
    <span className="flex flex-col items-start gap-1">
      <time
        dateTime={complaint.responseDueAt ?? undefined}
        className={cn("whitespace-nowrap", state === "overdue" && "font-semibold text-danger-800", state === "soon" && "font-semibold text-wheat-800")}
      >
        {dueDate(complaint.responseDueAt)}
      </time>
      {state === "overdue" ? <AdminBadge className="bg-danger-100 text-danger-800">Overdue</AdminBadge> : null}
      {state === "soon" ? <AdminBadge className="bg-wheat-100 text-wheat-800">Due within 7 days</AdminBadge> : null}
    </span>
  );
}
