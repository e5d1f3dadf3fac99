import { useEffect, useRef } from "react";
import { toast as sonner } from "sonner";
import type { AdminLiveEvening } from "../../../../shared/schemas/live";
import { formatDrawTime } from "../../live/draw-time";
import { poolLine } from "../../live/live-labels";

type Competition = AdminLiveEvening["competitions"][number];

interface PresenterViewProps {
  evening: AdminLiveEvening;
  /** The competition on screen (an index into the running order). */
  index: number;
  onMove: (index: number) => void;
  onExit: () => void;
}

const chrome =
  "inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold text-field-100 ring-1 ring-field-600 hover:bg-field-800 hover:text-white disabled:opacity-40";

/**
 * The presenter view: one competition and its result in very large type on a dark, full-window
 * background, for the stream's screen capture. ←/→ (or Page Up/Page Down) move through the running
 * order, Escape leaves; the little chrome there is sits at the foot of the screen.
 */
export function PresenterView({ evening, index, onMove, onExit }: PresenterViewProps) {
  const total = evening.competitions.length;
  const current = evening.competitions[Math.min(index, total - 1)];
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    region.current?.focus();
    // Nothing but the draw on the captured screen: a toast from the control view would show over it.
    sonner.dismiss();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowRight" || event.key === "PageDown") onMove(Math.min(index + 1, total - 1));
      else if (event.key === "ArrowLeft" || event.key === "PageUp") onMove(Math.max(index - 1, 0));
      else if (event.key === "Escape") onExit();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [index, total, onMove, onExit]);

  return (
    <div
      ref={region}
      role="region"
      aria-label="Presenter view"
      tabIndex={-1}
      className="on-dark fixed inset-0 z-[100] flex flex-col overflow-y-auto bg-field-950 text-white outline-none"
    >
      <div className="flex flex-1 flex-col items-center justify-center gap-6 px-6 py-10 text-center sm:px-12">
        <p className="text-lg font-bold uppercase tracking-[0.2em] text-wheat-300 sm:text-2xl">
          Harvest Draws · Live Draw{total > 0 ? ` · ${Math.min(index, total - 1) + 1} of ${total}` : ""}
        </p>
        {current ? <PresenterCompetition competition={current} /> : <NothingToDraw drawAt={evening.drawAt} />}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-3 px-4 pb-4 sm:justify-between">
        <p className="hidden text-xs text-field-300 sm:block">← → to move · Esc to leave</p>
        <div className="flex gap-2">
          <button type="button" className={chrome} onClick={() => onMove(Math.max(index - 1, 0))} disabled={index <= 0}>
            Previous
          </button>
          <button type="button" className={chrome} onClick={() => onMove(Math.min(index + 1, total - 1))} disabled={index >= total - 1}>
            Next
          </button>
          <button type="button" className={chrome} onClick={onExit}>
            Leave presenter view
          </button>
        </div>
      </div>
    </div>
  );
}

function PresenterCompetition({ competition: c }: { competition: Competition }) {
  const drawn = c.drawnAt !== null;
  return (
    <>
      <h2 className="max-w-6xl text-5xl font-bold leading-tight text-white sm:text-7xl">{c.title}</h2>
      {c.prize !== c.title ? <p className="max-w-5xl text-2xl text-field-100 sm:text-4xl">{c.prize}</p> : null}
      <p className="text-xl font-semibold tabular-nums text-field-200 sm:text-3xl">{poolLine(c)}</p>
      {/* Announced as each result arrives (the page polls), for a presenter using a screen reader. */}
      <div aria-live="polite" className="mt-4 flex flex-col items-center gap-4">
        {drawn && c.winners.length > 0 ? (
          c.winners.map((w) => (
            <div key={w.ticketNumber} className="flex flex-col items-center gap-2">
              <p className="text-xl font-bold uppercase tracking-[0.2em] text-wheat-300 sm:text-3xl">Winning ticket</p>
              <p className="font-mono text-7xl font-bold tabular-nums text-wheat-200 sm:text-9xl">{w.ticketNumber}</p>
              <p className="text-4xl font-bold text-white sm:text-6xl">{w.displayName}</p>
            </div>
          ))
        ) : drawn ? (
          <p className="text-3xl font-bold text-wheat-200 sm:text-5xl">No tickets in the pool: no winner</p>
        ) : (
          <p className="rounded-full bg-field-800 px-8 py-3 text-2xl font-bold text-wheat-200 sm:text-4xl">Coming up</p>
        )}
      </div>
    </>
  );
}

function NothingToDraw({ drawAt }: { drawAt: string }) {
  return (
    <>
      <h2 className="text-5xl font-bold text-white sm:text-7xl">Next live draw</h2>
      <p className="text-3xl text-field-100 sm:text-5xl">{formatDrawTime(drawAt)}</p>
    </>
  );
}
