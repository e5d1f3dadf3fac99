export const menuTriggerClasses =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-field-800 hover:bg-field-50 data-open:bg-field-50";

export const menuItemsClasses = "z-50 w-60 rounded-xl border border-cream-200 bg-white p-1.5 shadow-xl [--anchor-gap:8px] focus:outline-none";

export const menuItemClasses =
  "flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-stone-800 data-focus:bg-field-50 data-focus:text-field-900";
