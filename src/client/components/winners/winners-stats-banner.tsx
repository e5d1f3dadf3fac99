import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { formatCompact, STATISTICS_FALLBACK, statisticValues } from "../home/statistics-format";
import { CoinsIcon, UsersIcon } from "../home/more-icons";
import { TrophyIcon } from "../ui/icons";

/** Happy Winners, Total Prize Value and Community Members, from the site statistics. */
export function WinnersStatsBanner() {
  const trpc = useTRPC();
  const query = useQuery(trpc.public.content.statistics.queryOptions());
  const v = statisticValues(query.data);
  const stats = [
    { label: "Happy Winners", icon: TrophyIcon, value: v.winners === null ? STATISTICS_FALLBACK.winners : formatCompact(v.winners) },
    { label: "Total Prize Value", icon: CoinsIcon, value: v.prizes === null ? STATISTICS_FALLBACK.prizes : `£${formatCompact(v.prizes)}` },
    { label: "Community Members", icon: UsersIcon, value: v.followers === null ? STATISTICS_FALLBACK.followers : formatCompact(v.followers) },
  ];

  return (
    <section aria-label="Our winners in numbers" className="on-dark mb-10 rounded-3xl bg-field-800 p-6 text-white sm:p-8">
      <dl className="grid gap-6 text-center sm:grid-cols-3">
        {stats.map(({ label, icon: Icon, value }) => (
          <div key={label} className="flex flex-col items-center gap-1">
            <Icon className="size-7 text-wheat-300" />
            <dt className="order-last text-sm font-semibold uppercase tracking-wider text-field-100">{label}</dt>
            <dd className="font-display text-4xl font-bold tabular-nums text-white">{query.isPending ? "…" : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
