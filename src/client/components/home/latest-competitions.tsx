import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { LoadFailed } from "../ui/load-failed";
import { useTRPC } from "../../lib/trpc";
import { Card } from "../ui/card";
import { ArrowRightIcon } from "../ui/icons";
import { Container } from "../ui/page-header";
import { LoadingState } from "../ui/spinner";
import { HomeCompetitionCard } from "./home-competition-card";
import { SectionHeading } from "./section-heading";

const SHOWN = 6;

/** Up to six active competitions, newest first. */
export function LatestCompetitions() {
  const trpc = useTRPC();
  const query = useQuery(trpc.public.competitions.list.queryOptions());
  const latest = (query.data ?? [])
    .filter((c) => c.status === "active")
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, SHOWN);

  return (
    <Container className="pt-14">
      <section aria-labelledby="latest-heading">
        <SectionHeading
          id="latest-heading"
          title="Latest Competitions"
          lead="Fresh prizes for the farm, with live draws every Monday evening."
          action={
            <Link to="/competitions" className="inline-flex min-h-11 items-center gap-1.5 rounded-md font-semibold text-field-700 hover:text-field-900">
              View all competitions
              <ArrowRightIcon className="size-4" />
            </Link>
          }
        />
        {query.isPending ? (
          <LoadingState label="Loading competitions..." />
        ) : query.error ? (
          <LoadFailed what="the competitions" retry={() => void query.refetch()} />
        ) : latest.length === 0 ? (
          <Card className="py-10 text-center">
            <p className="text-lg text-stone-700">No competitions available at the moment.</p>
          </Card>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {latest.map((c) => (
              <li key={c.id}>
                <HomeCompetitionCard competition={c} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Container>
  );
}
