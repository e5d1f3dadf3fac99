import { useQuery } from "@tanstack/react-query";
import { WinnerCard } from "../../components/winners/winner-card";
import { LoadFailed } from "../../components/ui/load-failed";
import { WinnersStatsBanner } from "../../components/winners/winners-stats-banner";
import { ButtonLink } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { TrophyIcon } from "../../components/ui/icons";
import { Container, PageHeader } from "../../components/ui/page-header";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";
import { PAGE_TITLES } from "../../../shared/page-titles";

/** /winners (SPEC §2): every winner, newest first. */
export function WinnersPage() {
  const trpc = useTRPC();
  const query = useQuery(trpc.public.content.winners.queryOptions());
  const winners = query.data ?? [];

  return (
    <Container className="py-10 sm:py-14">
      <title>{PAGE_TITLES.winners}</title>
      <PageHeader title="Winners Gallery" lead="Meet the farmers and growers who have won with us. Every one drawn live on a Monday evening." />
      <WinnersStatsBanner />
      {query.isPending ? (
        <LoadingState label="Loading winners..." />
      ) : query.error ? (
        <LoadFailed what="our winners" retry={() => void query.refetch()} />
      ) : winners.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 py-12 text-center">
          <TrophyIcon className="size-12 text-wheat-600" />
          <p className="text-lg text-stone-700">No winners to display yet. Be the first to win!</p>
          <ButtonLink to="/competitions" variant="accent">
            Enter Now
          </ButtonLink>
        </Card>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {winners.map((w) => (
            <li key={w.id}>
              <WinnerCard winner={w} />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
