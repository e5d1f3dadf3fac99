import type { Notification } from "../../../../shared/schemas/notification";

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const TYPE_OPTIONS = (["info", "success", "warning", "error", "winner"] as const).map((value) => ({ value, label: capitalise(value) }));
export const PRIORITY_OPTIONS = (["low", "normal", "high", "urgent"] as const).map((value) => ({ value, label: capitalise(value) }));

const TYPE_CHIPS: Record<Notification["type"], string> = {
  info: "bg-sky-100 text-sky-900",
  success: "bg-field-100 text-field-800",
  warning: "bg-amber-100 text-amber-900",
  error: "bg-danger-100 text-danger-800",
  winner: "bg-wheat-100 text-wheat-900",
};

const PRIORITY_CHIPS: Record<Notification["priority"], string> = {
  low: "bg-stone-100 text-stone-700",
  normal: "bg-stone-200 text-stone-800",
  high: "bg-wheat-200 text-wheat-900",
  urgent: "bg-danger-700 text-white",
};

export const typeChip = (t: Notification["type"]) => TYPE_CHIPS[t];
export const priorityChip = (p: Notification["priority"]) => PRIORITY_CHIPS[p];
export { capitalise };
