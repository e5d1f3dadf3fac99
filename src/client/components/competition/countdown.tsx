import { COUNTDOWN_UNITS, useCountdown } from "../../hooks/use-countdown";
import { ClockIcon } from "../ui/icons";

/** "Time Left to Enter", ticking each second; "Competition Ended" once the end date passes. */
export function EntryCountdown({ endDate, closed }: { endDate: string; closed?: boolean }) {
  const left = useCountdown(endDate);
  const ended = closed || left.ended;

  return (
    <section aria-labelledby="countdown-heading" className="rounded-2xl bg-field-800 p-4 text-white on-dark">
      <h2 id="countdown-heading" className="flex items-center gap-2 font-sans text-sm font-semibold uppercase tracking-wide text-wheat-300">
        <ClockIcon className="size-4" />
        Time Left to Enter
      </h2>
      {ended ? (
        <p className="mt-2 font-display text-2xl font-bold text-white">Competition Ended</p>
      ) : (
        // The visible digits change every second; screen readers get a single summary instead.
        <div className="mt-3 grid grid-cols-4 gap-2" role="timer" aria-label={`${left.days} days, ${left.hours} hours, ${left.minutes} minutes left`}>
          {COUNTDOWN_UNITS.map(([key, label]) => (
            <div key={key} aria-hidden="true" className="rounded-xl bg-field-900/60 px-1 py-2 text-center">
              <span className="block text-2xl font-bold tabular-nums sm:text-3xl">{String(left[key]).padStart(2, "0")}</span>
              <span className="block text-[0.7rem] font-medium uppercase tracking-wide text-field-100 sm:text-xs">{label}</span>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
