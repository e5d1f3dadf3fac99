import { useEffect } from "react";
import type { LiveEvening } from "../../../shared/schemas/live";
import { CountdownBoxes } from "../../components/live/countdown-boxes";
import { loadDocumentAgain, needsDocumentLoad } from "../../components/live/document-load";
import { formatDrawTime, sameUkDay } from "../../components/live/draw-time";
import { LiveCompetitionCard } from "../../components/live/live-competition-card";
import { StreamFrame } from "../../components/live/stream-frame";
import { useLiveCountdown } from "../../components/live/use-live-countdown";
import { useLiveEvening } from "../../components/live/use-live-evening";
import { useNewResults } from "../../components/live/use-new-results";
import { Button } from "../../components/ui/button";
import { Container } from "../../components/ui/page-header";
import { LoadingState } from "../../components/ui/spinner";
import { useNow } from "../../lib/render-context";
import { PAGE_TITLES } from "../../../shared/page-titles";

const PATH = "/live";

/** /live (issue #17): the next draw's time and countdown, the stream, and each result as it is drawn. */
export function LivePage() {
  const evening = useLiveEvening({ poll: true });
  const { fresh, announcement } = useNewResults(evening.data?.competitions);
  // The stream's frame is allowed only by /live's own document policy (see document-load.ts).
  const reloading = !!evening.data?.stream && needsDocumentLoad(PATH);

  useEffect(() => {
    if (reloading) loadDocumentAgain();
  }, [reloading]);

  return (
    <>
      <title>{PAGE_TITLES.live}</title>
      {/* Outside the loading states, so it is in place before the first result is announced. */}
      <div role="status" aria-live="polite" aria-label="Latest result" className="sr-only">
        {announcement}
      </div>
      {evening.isPending ? (
        <>
          <h1 className="sr-only">Live Draw</h1>
          <LoadingState label="Loading the live draw..." />
        </>
      ) : evening.isError && !evening.data ? (
        <Container className="py-16 text-center">
          <h1 className="text-3xl font-bold">Live Draw</h1>
          <p className="mt-2 text-stone-700">We couldn't load the live draw. Please check your connection and try again.</p>
          <Button className="mt-6" onClick={() => void evening.refetch()}>
            Try Again
          </Button>
        </Container>
      ) : (
        <LiveEveningView evening={evening.data} reloading={reloading} fresh={fresh} />
      )}
    </>
  );
}

function LiveEveningView({ evening, reloading, fresh }: { evening: LiveEvening; reloading: boolean; fresh: ReadonlySet<string> }) {
  const { left, live } = useLiveCountdown(evening.drawAt);
  const tonight = sameUkDay(Date.parse(evening.drawAt), useNow());

  return (
    <>
      <section aria-labelledby="live-heading" className="on-dark bg-field-800 text-white">
        <Container className="flex flex-col gap-6 py-8 sm:py-10">
          <div className="flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
            <div>
              <h1 id="live-heading" className="text-3xl font-bold text-white sm:text-4xl">
                Live Draw
              </h1>
              <p className="mt-2 text-lg text-field-100">
                {live ? "Tonight's draw started at " : "Next draw: "}
                <time dateTime={evening.drawAt} className="font-semibold text-white">
                  {formatDrawTime(evening.drawAt)}
                </time>{" "}
                (UK time)
              </p>
            </div>
            {live ? (
              <p className="inline-flex items-center gap-3 self-start rounded-full bg-danger-600 px-5 py-2 text-xl font-bold text-white md:self-auto">
                <span aria-hidden="true" className="size-3 animate-pulse rounded-full bg-white" />
                We're live now
              </p>
            ) : (
              <CountdownBoxes left={left} />
            )}
          </div>
          <div className="mx-auto w-full max-w-4xl">
            <StreamFrame stream={evening.stream} reloading={reloading} />
          </div>
        </Container>
      </section>

      <Container className="py-8 sm:py-10">
        <section aria-labelledby="running-order-heading">
          <h2 id="running-order-heading" className="text-2xl font-bold sm:text-3xl">
            {tonight ? "Tonight's draws" : "Due to be drawn"}
          </h2>
          <p className="mt-1 text-stone-700">In running order. Each result appears here as soon as it is drawn; there is no need to reload.</p>
          {evening.competitions.length === 0 ? (
            <p className="mt-6 rounded-2xl border border-cream-200 bg-white p-6 text-stone-800">
              No competitions are due to be drawn at this live draw yet. Check back closer to the time.
            </p>
          ) : (
            <ol className="mt-6 flex flex-col gap-4">
              {evening.competitions.map((c, i) => (
                <li key={c.id}>
                  <LiveCompetitionCard competition={c} position={i + 1} fresh={fresh.has(c.id)} />
                </li>
              ))}
            </ol>
          )}
        </section>
      </Container>
    </>
  );
}
