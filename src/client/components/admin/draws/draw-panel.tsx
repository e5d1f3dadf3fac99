import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminCompetition } from "../../../../shared/schemas/admin";
import { shortDateTime } from "../../../lib/dates";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { appErrorCode, serverMessage } from "../../../lib/trpc-errors";
import { drawStage } from "../../draw/draw-types";
import { HashValue } from "../../draw/hash-value";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { TrophyIcon } from "../../ui/icons";
import { LoadingState } from "../../ui/spinner";
import { failureToast } from "../ui/admin-toasts";
import { CompetitionStatusBadge } from "../ui/badges";
import { LoadError } from "../ui/feedback";
import { NewTabLink } from "../ui/new-tab-link";
import { DRAW_MODE_LABEL, drawStatusText } from "./draw-labels";
import { DrawWinnersTable } from "./draw-winners-table";
import { Fact } from "../ui/fact";
import { earlyDrawReason, RunDrawDialog } from "./run-draw-dialog";

const WIDE = "sm:col-span-2 lg:col-span-3";

const later = (text: string) => <span className="font-normal text-stone-600 italic">{text}</span>;

/** Status, mode and the published values of one competition's draw, and the Run draw action. */
export function DrawPanel({ competition: c }: { competition: AdminCompetition }) {
  const trpc = useTRPC();
  const record = useQuery(trpc.public.draws.record.queryOptions({ id: c.id }, { staleTime: 0 }));
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; tooEarly: boolean } | null>(null);
  const early = earlyDrawReason(c);
  const run = useMutation(
    trpc.admin.draws.run.mutationOptions({
      // A refused draw may still have closed sales or frozen the pool: the lists refresh after a failure too.
      meta: { refreshesOnError: true },
      onSuccess: (drawn) => {
        queryClient.setQueryData(trpc.public.draws.record.queryKey({ id: c.id }), drawn);
        setConfirming(false);
        setRefusal(null);
        const n = drawn.winners.length;
        toast.success("Draw complete", `${n === 1 ? "1 winner" : `${n} winners`} drawn for “${c.title}”.`);
      },
      onError: (error) => {
        const code = appErrorCode(error);
        // Too early, or the end date typed did not match: the dialog stays open and says why.
        if (code === "DRAW_TOO_EARLY" || (code === "INVALID_INPUT" && confirming)) {
          setRefusal({ message: serverMessage(error) ?? "The draw could not be run.", tooEarly: code === "DRAW_TOO_EARLY" });
          return;
        }
        setConfirming(false);
        failureToast("Failed to run draw", error);
      },
    }),
  );

  return (
    <Card>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="draw-heading" className="text-2xl font-bold">
          Draw
        </h2>
        <CompetitionStatusBadge status={c.status} />
      </div>
      {record.isPending ? (
        <LoadingState label="Loading the draw record..." />
      ) : record.isError ? (
        <LoadError what="The draw record" error={record.error} />
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Fact term="Status">{drawStatusText(c, drawStage(record.data) !== "open")}</Fact>
            <Fact term="Draw mode">{DRAW_MODE_LABEL[c.drawMode]}</Fact>
            <Fact term="Draw date">
              <time dateTime={c.drawDate}>{shortDateTime(c.drawDate)}</time>
            </Fact>
            <Fact term="Sales close">
              <time dateTime={c.endDate}>{shortDateTime(c.endDate)}</time>
            </Fact>
            <Fact term="Tickets">
              <span className="tabular-nums">
                {c.soldTickets} sold{c.maxTickets ? ` of ${c.maxTickets}` : ""}
                {c.heldTickets ? `, ${c.heldTickets} held` : ""}
              </span>
            </Fact>
            <Fact term="Winners to draw">{c.numberOfWinners}</Fact>
            <Fact term="Commitment" className={WIDE}>
              <HashValue value={record.data.commitment} />
            </Fact>
            <Fact term="Pool size">
              {record.data.poolSize === null ? later("Frozen when sales close") : <span className="tabular-nums">{record.data.poolSize}</span>}
            </Fact>
            <Fact term="Sales closed">{record.data.closedAt ? shortDateTime(record.data.closedAt) : later("Not yet")}</Fact>
            <Fact term="Drawn">{record.data.drawnAt ? shortDateTime(record.data.drawnAt) : later("Not yet")}</Fact>
            <Fact term="Pool hash" className={WIDE}>
              {record.data.poolHash ? <HashValue value={record.data.poolHash} /> : later("Published when sales close")}
            </Fact>
            {record.data.beacon ? (
              <Fact term="Beacon" className={WIDE}>
                <HashValue value={record.data.beacon} />
              </Fact>
            ) : null}
            {record.data.seed ? (
              <Fact term="Seed" className={WIDE}>
                <HashValue value={record.data.seed} />
              </Fact>
            ) : null}
          </dl>

          <div className="mt-6 border-t border-cream-200 pt-5">
            {c.status === "drawn" || record.data.drawnAt ? (
              <div className="flex flex-col gap-4">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h3 className="flex items-center gap-2 font-sans text-lg font-bold text-field-900">
                    <TrophyIcon className="size-5 text-wheat-700" />
                    {record.data.winners.length === 1 ? "Winner" : "Winners"}
                  </h3>
                  <NewTabLink href={`/competition/${encodeURIComponent(c.id)}/draw`} size="sm">
                    Public draw record
                  </NewTabLink>
                </div>
                <DrawWinnersTable winners={record.data.winners} />
              </div>
            ) : record.data.poolSize === 0 ? (
              <p className="rounded-xl bg-cream-100 px-4 py-3 text-stone-800">Sales closed with no tickets in the pool, so there is nothing to draw.</p>
            ) : (
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="text-sm text-stone-700">
                  <p>
                    {c.drawMode === "live"
                      ? "This competition is drawn live: press Run draw during the Monday stream."
                      : "This competition is drawn automatically at its draw date; you can also run the draw now."}
                  </p>
                  {early ? (
                    <p className="mt-1 font-semibold text-wheat-800" data-testid="draw-early-note">
                      Too early: {early.charAt(0).toLowerCase()}
                      {early.slice(1)} Run draw lets you close it early on purpose.
                    </p>
                  ) : null}
                  {c.heldTickets > 0 ? (
                    <p className="mt-1 font-semibold text-wheat-800">Some payments are still being processed; the draw waits until they settle.</p>
                  ) : null}
                </div>
                <Button className="shrink-0" onClick={() => setConfirming(true)} pending={run.isPending}>
                  Run draw
                </Button>
              </div>
            )}
          </div>
        </>
      )}
      <RunDrawDialog
        open={confirming}
        competition={c}
        pending={run.isPending}
        refusal={refusal?.message}
        tooEarly={refusal?.tooEarly}
        onClose={() => {
          setConfirming(false);
          setRefusal(null);
        }}
        onConfirm={(beacon, closeEarly) => run.mutate({ id: c.id, beacon, closeEarly })}
      />
    </Card>
  );
}
