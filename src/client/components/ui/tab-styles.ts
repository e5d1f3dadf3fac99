/** Shared look for Headless UI tabs: a pill bar that scrolls sideways on narrow screens. */
export const tabListClasses = "flex gap-1 overflow-x-auto rounded-xl bg-cream-100 p-1";

export const tabClasses =
  "min-h-11 flex-1 whitespace-nowrap rounded-lg px-4 text-sm font-semibold text-stone-700 transition-colors hover:bg-white/70 hover:text-field-900 data-selected:bg-white data-selected:text-field-800 data-selected:shadow-sm";
