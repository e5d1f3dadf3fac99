import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminLiveEvening } from "../../../../shared/schemas/live";
import { shortDateTime } from "../../../lib/dates";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { serverMessage } from "../../../lib/trpc-errors";
import { liveStatus, poolLine } from "../../live/live-labels";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { SproutIcon, TrophyIcon } from "../../ui/icons";
import { AdminBadge } from "../ui/badges";
import { NewTabLink } from "../ui/new-tab-link";
import { Thumb } from "../ui/thumb";

type AdminLiveCompetition = AdminLiveEvening["competitions"][number];

const MODE = { auto: "Automatic", live: "Drawn live" } as const;

/** One competition of the running order: its pool, what stops its draw, the Run draw button and the result. */
export function LiveDrawRow({ competition: c, position }: { competition: AdminLiveCompetition; position: number }) {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useMutation(
    trpc.admin.draws.run.mutationOptions({
      // A refused draw may still have closed sales or frozen the pool: the lists refresh after a failure too.
      meta: { refreshesOnError: true },
      onSuccess: (drawn) => {
        setConfirming(false);
        const n = drawn.winners.length;
        toast.success("Draw complete", `${n === 1 ? "1 winner" : `${n} winners`} drawn for “${c.title}”.`);
      },
      onError: (failure) => {
        setConfirming(false);
        setError(serverMessage(failure) ?? "The draw could not be run.");
      },
    }),
  );
  const status = liveStatus(c);
  const errorId = `live-draw-error-${c.id}`;

  return (
    <article aria-labelledby={`live-row-${c.id}`} className="rounded-2xl border border-cream-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex gap-4">
        <Thumb src={c.image} className="size-16 shrink-0 rounded-lg sm:size-20" fallback={<SproutIcon className="size-6 text-field-300" />} />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-bold uppercase tracking-wider text-wheat-700">Draw {position}</p>
          <h2 id={`live-row-${c.id}`} className="text-lg font-bold text-field-900 sm:text-xl">
            {c.title}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <AdminBadge className={status.style}>{status.label}</AdminBadge>
            <AdminBadge className="bg-cream-100 text-stone-700">{MODE[c.drawMode]}</AdminBadge>
          </div>
          <p className="mt-2 text-sm text-stone-700">
            <span className="tabular-nums">{poolLine(c)}</span>
            {c.heldTickets > 0 ? <span className="tabular-nums">, {c.heldTickets} held in payments</span> : null} · draw date{" "}
            <time dateTime={c.drawDate}>{shortDateTime(c.drawDate)}</time>
          </p>
        </div>
      </div>

      <div className="mt-4 border-t border-cream-200 pt-4">
        {c.drawnAt ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <p className="flex items-center gap-2 font-bold text-field-900">
                <TrophyIcon className="size-5 text-wheat-700" />
                {c.winners.length === 0 ? "No winner: the pool was empty" : c.winners.length === 1 ? "Winner" : "Winners"}
              </p>
              <ul className="mt-1 flex flex-col gap-1">
                {c.winners.map((w) => (
                  <li key={w.ticketNumber} className="text-stone-800">
                    Ticket <span className="font-mono text-lg font-bold text-field-900">{w.ticketNumber}</span> · {w.displayName}
                  </li>
                ))}
              </ul>
            </div>
            <NewTabLink href={c.verifyUrl} size="sm" className="shrink-0 self-start">
              Public draw record
            </NewTabLink>
          </div>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            {c.blockedReason ? (
              <p id={`live-blocked-${c.id}`} className="text-sm font-medium text-stone-700">
                {c.blockedReason}
              </p>
            ) : (
              <p className="text-sm text-stone-700">
                {c.poolSize === null ? "Ready: sales close and the pool is frozen as the draw runs." : "Ready: sales are closed and the pool is frozen."}
              </p>
            )}
            <Button
              className="shrink-0"
              disabled={c.blockedReason !== null}
              aria-describedby={c.blockedReason ? `live-blocked-${c.id}` : error ? errorId : undefined}
              pending={run.isPending}
              onClick={() => {
                setError(null);
                setConfirming(true);
              }}
            >
              Run draw<span className="sr-only"> for {c.title}</span>
            </Button>
          </div>
        )}
        {error ? (
          <p id={errorId} role="alert" className="mt-3 rounded-xl border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-800">
            {error}
          </p>
        ) : null}
      </div>

      <ConfirmDialog
        open={confirming}
        title="Run the draw?"
        confirmLabel="Run draw"
        variant="primary"
        pending={run.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => run.mutate({ id: c.id })}
      >
        <p>
          Run the draw for <strong className="font-semibold text-field-900">{c.title}</strong> now? Sales close and the winner is drawn from the frozen pool;
          this cannot be undone.
        </p>
      </ConfirmDialog>
    </article>
  );
}
