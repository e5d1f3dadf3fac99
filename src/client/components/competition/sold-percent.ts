export interface SoldPercent {
  /** "0%" only when none has sold, "<1%" for the first few sales, "100%" only when every ticket has gone. */
  label: string;
  /** The progress bar's width in percent: a sliver for a first sale, never full while a ticket is left. */
  width: number;
}

/** How much of a limited competition has sold; every progress bar and percentage on the site reads it from here. */
export function soldPercent(sold: number, max: number): SoldPercent {
  if (sold >= max) return { label: "100%", width: 100 };
  if (sold <= 0) return { label: "0%", width: 0 };
  const exact = (sold / max) * 100;
  // Rounded down, and held at 99 so a competition with a ticket left never reads as sold out.
  const whole = Math.min(99, Math.floor(exact));
  return { label: whole < 1 ? "<1%" : `${whole}%`, width: Math.max(exact, 2) };
}
