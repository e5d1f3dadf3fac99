import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate, useParams } from "react-router-dom";
import type { PublicCompetition } from "../../../shared/schemas/competition";
import { BuyBox, useEntryAvailability } from "../../components/competition/buy-box";
import { CompetitionImage } from "../../components/competition/competition-image";
import { IMAGE_SIZES } from "../../lib/picture";
import { CompetitionInfo } from "../../components/competition/competition-info";
import { CompetitionNotFound } from "../../components/competition/competition-not-found";
import { CompetitionSummary } from "../../components/competition/competition-summary";
import { EntryCountdown } from "../../components/competition/countdown";
import { DrawDate } from "../../components/competition/draw-date";
import { HowThisDrawWorks } from "../../components/competition/how-this-draw-works";
import { InstantWinsPanel } from "../../components/competition/instant-wins-panel";
import { PostalEntryCard } from "../../components/competition/postal-entry-card";
import { ShareWithAFriend } from "../../components/competition/share-with-a-friend";
import { Button } from "../../components/ui/button";
import { ArrowLeftIcon } from "../../components/ui/icons";
import { Container } from "../../components/ui/page-header";
import { LoadingState } from "../../components/ui/spinner";
import { useAuth } from "../../hooks/use-auth";
import { useSuspension } from "../../hooks/use-limits";
import { useTRPC } from "../../lib/trpc";
import { competitionPageTitle } from "../../../shared/page-titles";

/** Records one view per signed-in visitor and competition (SPEC §2). */
function useTrackView(competitionId: string | undefined) {
  const trpc = useTRPC();
  const { user } = useAuth();
  const trackView = useMutation(trpc.customer.entries.trackView.mutationOptions({ meta: { refreshes: [] } }));
  const tracked = useRef<string | null>(null);
  const { mutate } = trackView;
  useEffect(() => {
    if (!user || !competitionId) return;
    const key = `${user.id}:${competitionId}`;
    if (tracked.current === key) return;
    tracked.current = key;
    mutate({ competitionId, userId: user.id });
  }, [user, competitionId, mutate]);
}

function CompetitionView({ competition: c }: { competition: PublicCompetition }) {
  const navigate = useNavigate();
  const availability = useEntryAvailability(c);
  const suspended = useSuspension() !== null;
  useTrackView(c.id);
  // A player on a break may not enter by any route, so the free route is not offered to them either.
  const showPostal = c.allowPostalEntry && availability === "open" && !suspended;

  return (
    <Container className="py-6 sm:py-10">
      <title>{competitionPageTitle(c.title)}</title>
      <Button variant="ghost" size="sm" className="-ml-3 mb-4" onClick={() => navigate("/")}>
        <ArrowLeftIcon className="size-4" />
        Back
      </Button>

      <div className="grid gap-6 lg:grid-cols-2 lg:gap-10">
        <CompetitionImage src={c.image} alt={c.title} priority sizes={IMAGE_SIZES.half} className="aspect-[4/3] w-full rounded-2xl shadow-sm" />
        <div className="flex flex-col gap-5">
          <CompetitionSummary competition={c} />
          <EntryCountdown endDate={c.endDate} closed={availability === "ended"} />
          <DrawDate drawDate={c.drawDate} />
          <ShareWithAFriend competitionId={c.id} />
        </div>
      </div>

      <div className={`mt-8 grid gap-6 ${showPostal ? "lg:grid-cols-2" : "max-w-3xl"}`}>
        <BuyBox competition={c} availability={availability} />
        {showPostal ? <PostalEntryCard postalAddress={c.postalAddress} endDate={c.endDate} question={c.qualifyingQuestion} /> : null}
      </div>

      <div className="mt-8 flex max-w-3xl flex-col gap-6">
        <HowThisDrawWorks competition={c} />
        <InstantWinsPanel competitionId={c.id} />
      </div>

      <div className="mt-10 max-w-3xl">
        <CompetitionInfo competition={c} />
      </div>
    </Container>
  );
}

export function CompetitionDetailPage() {
  const trpc = useTRPC();
  const { id = "" } = useParams();
  const query = useQuery(trpc.public.competitions.get.queryOptions({ id }, { enabled: id.length > 0 }));

  const code = query.error?.data?.appCode;
  // An id the server cannot even read (too long) is as missing as an unknown one.
  if (!id || code === "NOT_FOUND" || code === "INVALID_INPUT") return <CompetitionNotFound />;
  if (query.isPending) return <LoadingState label="Loading competition..." />;
  if (query.error) {
    return (
      <Container className="py-16 text-center">
        <h1 className="text-2xl font-bold">We couldn't load this competition</h1>
        <p className="mt-2 text-stone-700">Please check your connection and try again.</p>
        <Button className="mt-6" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Container>
    );
  }
  return <CompetitionView competition={query.data} />;
}
