import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { ButtonLink } from "../ui/button";
import { Card } from "../ui/card";
import { TrophyIcon } from "../ui/icons";
import { Container } from "../ui/page-header";
import { LoadingState } from "../ui/spinner";
import { IMAGE_SIZES } from "../../lib/picture";
import { SafeImage } from "./safe-image";
import { SectionHeading } from "./section-heading";

const DEFAULT_COUNT = 12;

function displayCount(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 500) : DEFAULT_COUNT;
}

const photoFallback = (
  <div className="flex aspect-square w-full items-center justify-center bg-wheat-100 text-wheat-700">
    <TrophyIcon className="size-12" />
  </div>
);

/** The newest winners with their photos; how many is an admin setting (default 12). */
export function RecentWinners() {
  const trpc = useTRPC();
  const setting = useQuery(trpc.public.content.winnersDisplayCount.queryOptions());
  const limit = displayCount(setting.data?.value);
  const query = useQuery(trpc.public.content.winners.queryOptions({ limit }, { enabled: !setting.isPending }));
  const winners = query.data ?? [];

  return (
    <Container className="pt-16">
      <section aria-labelledby="winners-heading">
        <SectionHeading id="winners-heading" title="Recent Winners" lead="Farmers and growers from across the UK and Ireland, drawn live." />
        {setting.isPending || query.isPending ? (
          <LoadingState label="Loading winners..." />
        ) : query.error ? (
          <Card className="py-10 text-center text-stone-700">We couldn't load our winners just now.</Card>
        ) : winners.length === 0 ? (
          <Card className="py-10 text-center text-stone-700">No winners to display yet. Be the first to win!</Card>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {winners.map((w) => (
              <li key={w.id} className="overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm">
                {w.photo ? (
                  <SafeImage
                    src={w.photo}
                    alt={`${w.customerName}, winner`}
                    fallback={photoFallback}
                    sizes={IMAGE_SIZES.tile}
                    width={600}
                    height={600}
                    className="aspect-square w-full bg-cream-100 object-cover"
                  />
                ) : (
                  photoFallback
                )}
                <div className="p-3">
                  <p className="font-bold leading-snug text-field-900">{w.customerName}</p>
                  {w.competitionTitle ? <p className="mt-0.5 line-clamp-2 text-sm text-stone-700">Won {w.competitionTitle}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-8 flex justify-center">
          <ButtonLink to="/competitions" variant="accent" size="lg">
            Enter Now
          </ButtonLink>
        </div>
      </section>
    </Container>
  );
}
