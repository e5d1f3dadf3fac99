import { popupInput } from "../../../../shared/schemas/admin";
import type { Popup } from "../../../../shared/schemas/content";
import { fromDateTimeInput, toDateTimeInput } from "../ui/date-input";

export type ShowFrequency = Popup["showFrequency"];

export interface PopupFormValues {
  title: string;
  description: string;
  image: string;
  ctaText: string;
  ctaLink: string;
  displayPages: string[];
  isActive: boolean;
  displayDelay: string;
  showFrequency: ShowFrequency;
  priority: string;
  startDate: string;
  endDate: string;
}

export const FREQUENCIES: Array<{ value: ShowFrequency; label: string }> = [
  { value: "once_per_session", label: "Once per session" },
  { value: "once_per_day", label: "Once per day" },
  { value: "always", label: "Always" },
];

/** SPEC §9 pop-up defaults: delay 3000 ms, priority 1, once per session. */
export const NEW_POPUP: PopupFormValues = {
  title: "",
  description: "",
  image: "",
  ctaText: "",
  ctaLink: "",
  displayPages: [],
  isActive: true,
  displayDelay: "3000",
  showFrequency: "once_per_session",
  priority: "1",
  startDate: "",
  endDate: "",
};

export function popupFormFrom(p: Popup): PopupFormValues {
  return {
    title: p.title,
    description: p.description ?? "",
    image: p.image ?? "",
    ctaText: p.ctaText,
    ctaLink: p.ctaLink,
    displayPages: p.displayPages,
    isActive: p.isActive,
    displayDelay: String(p.displayDelay),
    showFrequency: p.showFrequency,
    priority: String(p.priority),
    startDate: toDateTimeInput(p.startDate),
    endDate: toDateTimeInput(p.endDate),
  };
}

export function popupInputFrom(v: PopupFormValues) {
  return {
    ...v,
    displayDelay: v.displayDelay.trim() === "" ? 3000 : v.displayDelay,
    priority: v.priority.trim() === "" ? 1 : v.priority,
    startDate: v.startDate ? fromDateTimeInput(v.startDate) : null,
    endDate: v.endDate ? fromDateTimeInput(v.endDate) : null,
  };
}

export const validatePopup = (v: PopupFormValues) => popupInput.safeParse(popupInputFrom(v));

export const frequencyLabel = (f: ShowFrequency) => FREQUENCIES.find((x) => x.value === f)?.label ?? f;
