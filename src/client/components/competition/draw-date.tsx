import { formatLondonWeekdayDateTime } from "../../../shared/london-time";
import { CalendarIcon } from "../ui/icons";

/** "Monday, 7 December 2026 at 20:00" on the UK's clock (the same wherever the page is rendered). */
export function longDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "to be announced" : formatLondonWeekdayDateTime(date);
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
