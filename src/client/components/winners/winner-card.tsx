import { formatLondonDate } from "../../../shared/london-time";
import type { PublicWinner } from "../../../shared/schemas/content";
import { IMAGE_SIZES } from "../../lib/picture";
import { SafeImage } from "../home/safe-image";
import { TrophyIcon } from "../ui/icons";

const longDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : formatLondonDate(d);
};

const trophy = (
  <div className="flex aspect-[4/3] w-full items-center justify-center bg-gradient-to-br from-wheat-100 to-wheat-200 text-wheat-700">
    <TrophyIcon className="size-16" />
  </div>
);

/** A winner in the gallery: photo (or a trophy), name, win date, a badge and their words. */
export function WinnerCard({ winner: w }: { winner: PublicWinner }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm">
      <div className="relative">
        {w.photo ? (
          <SafeImage
            src={w.photo}
            alt={`${w.customerName}, prize winner`}
            fallback={trophy}
            sizes={IMAGE_SIZES.card}
            width={800}
            height={600}
            className="aspect-[4/3] w-full bg-cream-100 object-cover"
          />
        ) : (
          trophy
        )}
        <span className="absolute left-3 top-3 inline-flex items-center gap-1 rounded-full bg-wheat-400 px-2.5 py-1 text-xs font-bold text-field-950 shadow-sm">
          <TrophyIcon className="size-3.5" />
          Prize Winner
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="font-sans text-lg font-bold text-field-900">{w.customerName}</h2>
        {w.competitionTitle ? <p className="text-sm font-semibold text-field-700">{w.competitionTitle}</p> : null}
        <p className="text-sm text-stone-600">
          Won on <time dateTime={w.winDate}>{longDate(w.winDate)}</time>
        </p>
        {w.testimonial ? <blockquote className="mt-2 border-l-4 border-wheat-300 pl-3 text-stone-700 italic">“{w.testimonial}”</blockquote> : null}
      </div>
    </article>
  );
}
