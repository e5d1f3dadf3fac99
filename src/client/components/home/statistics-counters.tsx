import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { TrophyIcon } from "../ui/icons";
import { CoinsIcon, UsersIcon } from "./more-icons";
import { formatCompact, STATISTICS_FALLBACK, statisticValues } from "./statistics-format";
import { useCountUp } from "./use-count-up";

const counters = [
  { key: "winners", label: "Happy winners", icon: TrophyIcon, prefix: "" },
  { key: "prizes", label: "Worth of prizes won", icon: CoinsIcon, prefix: "£" },
  { key: "followers", label: "Followers and counting", icon: UsersIcon, prefix: "" },
] as const;

/** Winners, prize value and followers, counting up when scrolled into view; fallback text when unavailable. */
export function StatisticsCounters() {
  const trpc = useTRPC();
  const query = useQuery(trpc.public.content.statistics.queryOptions());
  const targets = statisticValues(query.data);
  const { ref, values } = useCountUp(targets);

  return (
    <section ref={ref} aria-labelledby="stats-heading" className="mx-auto w-full max-w-6xl px-4 pt-14 sm:px-6 lg:px-8">
      <h2 id="stats-heading" className="sr-only">
        Harvest Draws in numbers
      </h2>
      <ul className="grid gap-4 rounded-3xl border border-cream-200 bg-white p-6 shadow-sm sm:grid-cols-3 sm:p-8">
        {counters.map(({ key, label, icon: Icon, prefix }) => {
          const target = targets[key];
          const current = values[key];
          const final = target === null ? STATISTICS_FALLBACK[key] : `${prefix}${formatCompact(target)}`;
          const shown = target === null || current === null ? final : `${prefix}${formatCompact(current)}`;
          return (
            <li key={key} className="flex flex-col items-center gap-1 text-center">
              <Icon className="size-7 text-wheat-600" />
              {/* The final figure is what assistive technology reads; the moving one is decoration. */}
              <span className="sr-only">{final}</span>
              <span
                aria-hidden="true"
                className="inline-block font-display text-4xl font-bold tabular-nums text-field-800 sm:text-5xl"
                style={{ minWidth: `${final.length}ch` }}
              >
                {shown}
              </span>
              <span className="text-sm font-semibold uppercase tracking-wider text-stone-600">{label}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
