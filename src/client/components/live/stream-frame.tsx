import type { LiveStream } from "../../../shared/schemas/live";
import { cn } from "../../lib/cn";
import { ExternalLinkIcon, VideoIcon } from "../ui/icons";

const PROVIDER = { youtube: "YouTube", facebook: "Facebook" } as const;

/** The stream's player (16:9), or a note saying where it will appear when none is set yet. */
export function StreamFrame({ stream, reloading }: { stream: LiveStream | null; reloading?: boolean }) {
  if (!stream || reloading) {
    return (
      <div
        className={cn(
          "flex w-full flex-col items-center justify-center gap-3 rounded-2xl bg-field-950 p-6 text-center text-field-100 ring-1 ring-field-700",
          // Holding the player's place while it loads; without a stream, a note needs less room.
          reloading ? "aspect-video" : "min-h-48 sm:min-h-64",
        )}
      >
        <VideoIcon className="size-10 text-wheat-300" />
        <p className="max-w-sm text-lg font-semibold text-white">{reloading ? "Loading the stream..." : "The stream link will appear here"}</p>
        {reloading ? null : <p className="max-w-sm text-sm">Shortly before the draw starts, the live video will play in this space.</p>}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="aspect-video w-full overflow-hidden rounded-2xl bg-black ring-1 ring-field-700">
        <iframe
          src={stream.embedUrl}
          title={`Live draw stream on ${PROVIDER[stream.provider]}`}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          className="size-full border-0"
        />
      </div>
      <a
        href={stream.url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center gap-1.5 self-start rounded text-sm font-semibold text-wheat-200 underline underline-offset-4 hover:text-white"
      >
        Watch on {PROVIDER[stream.provider]}
        <ExternalLinkIcon className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </div>
  );
}
