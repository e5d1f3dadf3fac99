import type { Notification } from "../../../shared/schemas/notification";

/** Type styling: winner, success, warning, error, else info. */
export function typeStyle(type: Notification["type"]): { dot: string; label: string; chip: string } {
  switch (type) {
    case "winner":
      return { dot: "bg-wheat-400", label: "Winner", chip: "bg-wheat-100 text-wheat-900" };
    case "success":
      return { dot: "bg-field-500", label: "Success", chip: "bg-field-100 text-field-800" };
    case "warning":
      return { dot: "bg-amber-500", label: "Warning", chip: "bg-amber-100 text-amber-900" };
    case "error":
      return { dot: "bg-danger-600", label: "Error", chip: "bg-danger-100 text-danger-800" };
    default:
      return { dot: "bg-sky-600", label: "Info", chip: "bg-sky-100 text-sky-900" };
  }
}

/** Priority styling: urgent, high, else normal (nothing extra). */
export function priorityStyle(priority: Notification["priority"]): { border: string; label: string | null; chip: string } {
  if (priority === "urgent") return { border: "border-l-danger-600", label: "Urgent", chip: "bg-danger-700 text-white" };
  if (priority === "high") return { border: "border-l-wheat-500", label: "High priority", chip: "bg-wheat-200 text-wheat-900" };
  return { border: "border-l-transparent", label: null, chip: "" };
}
