import { useQuery } from "@tanstack/react-query";
import { CompetitionCard } from "../../components/competition/competition-card";
import { LoadFailed } from "../../components/ui/load-failed";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { Card } from "../../components/ui/card";
import { Container, PageHeader } from "../../components/ui/page-header";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";
import { PAGE_TITLES } from "../../../shared/page-titles";

function Grid({ competitions, eagerFirst }: { competitions: PublicCompetition[]; eagerFirst?: boolean }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {competitions.map((c, i) => (
        <li key={c.id}>
          <CompetitionCard competition={c} eager={eagerFirst && i < 3} />
        </li>
      ))}
    </ul>
  );
}

function Empty() {
  return (
    <Card className="py-12 text-center">
      <p className="text-lg text-stone-700">No competitions available at the moment.</p>
    </Card>
  );
}

export function CompetitionsPage() {
  const trpc = useTRPC();
  const query = useQuery(trpc.public.competitions.list.queryOptions());
  const all = query.data ?? [];
  const active = all.filter((c) => c.status === "active");
  const closed = all.filter((c) => c.status === "closed");

  return (
    <Container className="py-10 sm:py-14">
      <title>{PAGE_TITLES.competitions}</title>
      <PageHeader title="All Competitions" lead="Farm machinery, irrigation, training and cash prizes." />
      {query.isPending ? (
        <LoadingState label="Loading competitions..." />
      ) : query.error ? (
        <LoadFailed what="the competitions" retry={() => void query.refetch()} />
      ) : active.length + closed.length === 0 ? (
        <Empty />
      ) : (
        <div className="flex flex-col gap-12">
          <section aria-labelledby="active-heading">
            <h2 id="active-heading" className="mb-5 text-2xl font-bold sm:text-3xl">
              Active Competitions ({active.length})
            </h2>
            {active.length > 0 ? <Grid competitions={active} eagerFirst /> : <Empty />}
          </section>
          {closed.length > 0 ? (
            <section aria-labelledby="closed-heading">
              <h2 id="closed-heading" className="mb-5 text-2xl font-bold sm:text-3xl">
                Recently Closed ({closed.length})
              </h2>
              <Grid competitions={closed} />
            </section>
          ) : null}
        </div>
      )}
    </Container>
  );
}
