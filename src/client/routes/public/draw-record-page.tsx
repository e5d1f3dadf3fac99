import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router-dom";
import { CompetitionNotFound } from "../../components/competition/competition-not-found";
import { Badge } from "../../components/competition/phase-badge";
import { DrawExplainer } from "../../components/draw/draw-explainer";
import { DrawFacts } from "../../components/draw/draw-facts";
import { DrawPool } from "../../components/draw/draw-pool";
import { DrawSchedule } from "../../components/draw/draw-schedule";
import { drawStage, type DrawStage } from "../../components/draw/draw-types";
import { DrawWinners } from "../../components/draw/draw-winners";
import { VerifyDraw } from "../../components/draw/verify-draw";
import { Button } from "../../components/ui/button";
import { ArrowLeftIcon } from "../../components/ui/icons";
import { Container } from "../../components/ui/page-header";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";
import { drawRecordPageTitle } from "../../../shared/page-titles";

const STAGES: Record<DrawStage, { label: string; style: string }> = {
  open: { label: "Sales open", style: "bg-field-100 text-field-800" },
  frozen: { label: "Pool frozen, awaiting the draw", style: "bg-wheat-100 text-wheat-800" },
  drawn: { label: "Drawn", style: "bg-field-800 text-white" },
};

/** /competition/:id/draw: the public, checkable record of one competition's draw. */
export function DrawRecordPage() {
  const trpc = useTRPC();
  const { id = "" } = useParams();
  const query = useQuery(trpc.public.draws.record.queryOptions({ id }, { enabled: id.length > 0 }));
  const code = query.error?.data?.appCode;

  if (!id || code === "NOT_FOUND" || code === "INVALID_INPUT") return <CompetitionNotFound />;
  if (query.isPending) return <LoadingState label="Loading the draw record..." />;
  if (query.error) {
    return (
      <Container className="py-16 text-center">
        <h1 className="text-2xl font-bold">We couldn't load this draw record</h1>
        <p className="mt-2 text-stone-700">Please check your connection and try again.</p>
        <Button className="mt-6" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </Container>
    );
  }

  const record = query.data;
  const stage = drawStage(record);
  return (
    <Container className="py-6 sm:py-10">
      <title>{drawRecordPageTitle(record.title)}</title>
      <Link
        to={`/competition/${record.competitionId}`}
        className="-ml-1 mb-4 inline-flex min-h-11 items-center gap-2 rounded-md px-1 font-semibold text-field-700 hover:text-field-900"
      >
        <ArrowLeftIcon className="size-4" />
        Back to Competition
      </Link>
      <header className="mb-8">
        <p className="text-sm font-bold uppercase tracking-wider text-wheat-700">{record.title}</p>
        <h1 className="mt-1 text-3xl font-bold sm:text-4xl">Draw record</h1>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Badge className={STAGES[stage].style}>{STAGES[stage].label}</Badge>
          <a
            href={`/api/competitions/${encodeURIComponent(record.competitionId)}/draw`}
            className="text-sm font-semibold text-field-700 underline underline-offset-4 hover:text-field-900"
          >
            This record as JSON
          </a>
        </div>
      </header>

      <div className="flex flex-col gap-6">
        {stage === "drawn" ? (
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <DrawWinners winners={record.winners} />
            <VerifyDraw record={record} />
          </div>
        ) : (
          <DrawSchedule stage={stage} drawDate={record.drawDate} />
        )}
        {record.pool ? (
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <div className="min-w-0">
              <DrawFacts record={record} />
            </div>
            <div className="min-w-0">
              <DrawPool pool={record.pool} winners={record.winners} />
            </div>
          </div>
        ) : null}
        <DrawExplainer />
        {record.pool ? null : <DrawFacts record={record} />}
      </div>
    </Container>
  );
}
