import { LONDON_DATE_TIME } from "../../../shared/london-time";
import { CalendarIcon } from "../ui/icons";

const LONG: Intl.DateTimeFormatOptions = { weekday: "long", ...LONDON_DATE_TIME };

let longFormat: Intl.DateTimeFormat | null = null;

/** "Monday, 7 December 2026 at 20:00" on the UK's clock (the same wherever the page is rendered). One formatter, made on first use (each costs a phone a few ms). */
export function longDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "to be announced";
  longFormat ??= new Intl.DateTimeFormat("en-GB", LONG);
  return longFormat.format(date);
}

export function DrawDate({ drawDate }: { drawDate: string }) {
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-cream-200 bg-white p-4 shadow-sm">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-wheat-100 text-wheat-800">
        <CalendarIcon className="size-5" />
      </span>
      <div>
        <p className="text-sm font-medium text-stone-600">Live Draw</p>
        <p className="font-semibold text-field-900">
          <time dateTime={drawDate}>{longDate(drawDate)}</time>
        </p>
        <p className="text-sm text-stone-600">Drawn live on our social video page, whether or not every ticket sells.</p>
      </div>
    </div>
  );
}
