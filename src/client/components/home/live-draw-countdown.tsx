import { Link } from "react-router-dom";
import { CountdownBoxes } from "../live/countdown-boxes";
import { formatDrawTime, sameUkDay } from "../live/draw-time";
import { useLiveCountdown } from "../live/use-live-countdown";
import { useLiveEvening } from "../live/use-live-evening";
import { ArrowRightIcon, VideoIcon } from "../ui/icons";
import { useNow } from "../../lib/render-context";

/** The link's words: what a visitor will find on /live right now. */
function watchLabel(drawAt: string | undefined, live: boolean, now: number): string {
  if (live) return "Watch live";
  if (drawAt && sameUkDay(Date.parse(drawAt), now)) return "See tonight's draws";
  return "See the draws";
}

/** "Next Live Draw": counts down to the real draw time (setting live_draw_schedule) and links to /live. */
export function LiveDrawCountdown() {
  const evening = useLiveEvening();
  const drawAt = evening.data?.drawAt;
  const { left, live } = useLiveCountdown(drawAt);
  const now = useNow();

  return (
    <section aria-labelledby="live-draw-heading" className="on-dark bg-field-800 text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-6 sm:px-6 md:flex-row md:justify-between lg:px-8">
        <div className="flex items-center gap-3 text-center md:text-left">
          <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-wheat-400 text-field-950 sm:inline-flex">
            <VideoIcon className="size-6" />
          </span>
          <div>
            <h2 id="live-draw-heading" className="text-2xl font-bold text-white">
              Next Live Draw
            </h2>
            <p className="text-sm text-field-100">
              {live ? (
                <strong className="font-semibold text-wheat-200">We're live now</strong>
              ) : drawAt ? (
                <>
                  <time dateTime={drawAt}>{formatDrawTime(drawAt)}</time> (UK time), live on our social video page.
                </>
              ) : (
                "Watch live on our social video page every Monday evening."
              )}
            </p>
          </div>
        </div>
        <div className="flex flex-col items-center gap-3 sm:flex-row">
          <CountdownBoxes left={left} />
          {/* A full document load: /live is served with its own content security policy (it frames the stream). */}
          <Link
            to="/live"
            reloadDocument
            className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-3 font-semibold whitespace-nowrap text-wheat-200 underline underline-offset-4 hover:text-white"
          >
            {watchLabel(drawAt, live, now)}
            <ArrowRightIcon className="size-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}
