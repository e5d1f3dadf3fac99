import { cn } from "../../../lib/cn";

/** The look of every admin input, matching ui/TextField. */
export function inputClasses(error?: string, extra?: string): string {
  return cn(
    "min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-stone-900 shadow-xs placeholder:text-stone-500",
    "disabled:bg-cream-100 focus-visible:border-field-600 focus-visible:outline-2 focus-visible:outline-offset-0",
    error ? "border-danger-700" : "border-stone-300",
    extra,
  );
}

export const labelClasses = "text-sm font-semibold text-stone-800";
