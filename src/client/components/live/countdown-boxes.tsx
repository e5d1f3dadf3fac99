import { COUNTDOWN_UNITS, type TimeLeft } from "../../hooks/use-countdown";
import { cn } from "../../lib/cn";

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * The four Days/Hours/Minutes/Seconds boxes of the live draw countdown (home page and /live), on a
 * dark band. `left` null (still loading) shows dashes rather than numbers that are not true.
 */
export function CountdownBoxes({ left, className }: { left: TimeLeft | null; className?: string }) {
  const summary = left ? `${count(left.days, "day")}, ${count(left.hours, "hour")}, ${count(left.minutes, "minute")} to go` : "Loading the next draw time";
  return (
    // The digits change every second; screen readers get one summary instead of a stream of numbers.
    <div role="timer" aria-label={summary} className={cn("grid grid-cols-4 gap-2 sm:gap-3", className)}>
      {COUNTDOWN_UNITS.map(([key, label]) => (
        <div
          key={key}
          aria-hidden="true"
          className="flex min-w-16 flex-col items-center rounded-xl bg-field-900/70 px-2 py-2 ring-1 ring-field-600 sm:min-w-20"
        >
          <span className="text-2xl font-bold tabular-nums text-wheat-300 sm:text-3xl">{left ? String(left[key]).padStart(2, "0") : "--"}</span>
          <span className="text-xs font-semibold uppercase tracking-wider text-field-100">{label}</span>
        </div>
      ))}
    </div>
  );
}
