import { useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import type { AdminLiveEvening } from "../../../shared/schemas/live";
import { AdminPage } from "../../components/admin/admin-page";
import { LiveDrawRow } from "../../components/admin/live/live-draw-row";
import { PresenterView } from "../../components/admin/live/presenter-view";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { formatDrawTime } from "../../components/live/draw-time";
import { Button } from "../../components/ui/button";
import { VideoIcon } from "../../components/ui/icons";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

/** The running order refreshes this often, so a draw run elsewhere (or the scheduler) shows up. */
const POLL_MS = 5000;

/** The competition the presenter starts on: the first still to draw, else the last. */
function firstUndrawn(evening: AdminLiveEvening): number {
  const i = evening.competitions.findIndex((c) => c.drawnAt === null);
  return i >= 0 ? i : Math.max(evening.competitions.length - 1, 0);
}

/** /admin/live (issue #17): the evening's running order with a Run draw button each, and the presenter view. */
export function AdminLivePage() {
  const trpc = useTRPC();
  const evening = useQuery(trpc.admin.live.evening.queryOptions(undefined, { refetchInterval: POLL_MS, staleTime: 0 }));
  const [params, setParams] = useSearchParams();
  const presenting = params.get("view") === "presenter";
  // The competition on the presenter's screen, by id so it stays put as the order refreshes.
  const [shownId, setShownId] = useState<string | null>(null);

  const setPresenting = useCallback(
    (on: boolean) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (on) next.set("view", "presenter");
          else next.delete("view");
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const data = evening.data;
  if (presenting && data) {
    const found = data.competitions.findIndex((c) => c.id === shownId);
    const index = found >= 0 ? found : firstUndrawn(data);
    return (
      <>
        <title>Presenter view | Harvest Draws Admin</title>
        <PresenterView evening={data} index={index} onMove={(i) => setShownId(data.competitions[i]?.id ?? null)} onExit={() => setPresenting(false)} />
      </>
    );
  }

  return (
    <AdminPage
      title="Live Draw"
      lead={
        data ? <>The running order for {formatDrawTime(data.drawAt)} (UK time). Each draw is final once run.</> : "The running order of the evening's draws."
      }
      actions={
        <Button variant="secondary" onClick={() => setPresenting(true)} disabled={!data}>
          <VideoIcon className="size-5" />
          Presenter view
        </Button>
      }
    >
      {evening.isPending ? (
        <LoadingState label="Loading the running order..." />
      ) : evening.isError && !data ? (
        <LoadError what="The running order" error={evening.error} />
      ) : data ? (
        <div className="flex flex-col gap-6">
          <StreamNote evening={data} />
          {data.competitions.length === 0 ? (
            <EmptyState title="Nothing to draw at this live draw">
              Competitions set to draw live, or with a draw date on the evening, appear here in running order.
            </EmptyState>
          ) : (
            <ol className="flex flex-col gap-4">
              {data.competitions.map((c, i) => (
                <li key={c.id}>
                  <LiveDrawRow competition={c} position={i + 1} />
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </AdminPage>
  );
}

function StreamNote({ evening }: { evening: AdminLiveEvening }) {
  return (
    <p className="rounded-xl border border-field-200 bg-field-50 px-4 py-3 text-sm text-stone-800">
      Schedule: every {evening.scheduleLabel} (UK time).{" "}
      {evening.stream ? (
        <>
          Stream:{" "}
          <a href={evening.stream.url} target="_blank" rel="noreferrer" className="font-semibold break-all text-field-700 underline underline-offset-4">
            {evening.stream.url}
          </a>
          .
        </>
      ) : (
        "No stream link is set, so /live shows a note where the video will be."
      )}{" "}
      <Link to="/admin/settings" className="font-semibold text-field-700 underline underline-offset-4 hover:text-field-900">
        Change in Settings
      </Link>
      {" · "}
      <a href="/live" target="_blank" rel="noreferrer" className="font-semibold text-field-700 underline underline-offset-4 hover:text-field-900">
        Open /live
      </a>
    </p>
  );
}
