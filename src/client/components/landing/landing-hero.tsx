import { buttonClasses } from "../ui/button-styles";
import { ArrowRightIcon } from "../ui/icons";
import { PlayIcon } from "../home/more-icons";
import { IMAGE_SIZES } from "../../lib/picture";
import { SafeImage } from "../home/safe-image";
import { ExternalLink, useCompetitionsUrl, VIDEO_URL } from "./external-link";

export function LandingHero() {
  const competitionsUrl = useCompetitionsUrl();
  return (
    <section className="on-dark relative overflow-hidden bg-field-800 text-white">
      <SafeImage
        src="/images/hero-harvest.svg"
        alt=""
        fallback="hide"
        priority
        sizes={IMAGE_SIZES.full}
        width={1600}
        height={900}
        className="absolute inset-0 size-full object-cover opacity-40"
      />
      <div className="absolute inset-0 bg-gradient-to-r from-field-950/90 via-field-900/75 to-field-900/30" aria-hidden="true" />
      <div className="relative mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <p className="text-sm font-bold uppercase tracking-widest text-wheat-300">For members of the Women in Agriculture initiative</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold leading-tight text-white sm:text-5xl">Win the equipment, training and capital to grow your farm</h1>
        <p className="mt-5 max-w-2xl text-lg text-field-100">
          Harvest Draws gives women farmers a fair chance at prizes that make a real difference: tractors and tillers, irrigation systems, agribusiness training
          and cash, all drawn live for everyone to see.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ExternalLink href={competitionsUrl} className={buttonClasses("accent", "lg")}>
            Explore competitions
            <ArrowRightIcon className="size-5" />
          </ExternalLink>
          <ExternalLink
            href={VIDEO_URL}
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-white/60 px-6 text-lg font-semibold text-white transition-colors hover:bg-white/10"
          >
            <PlayIcon className="size-5" />
            Watch how it works
          </ExternalLink>
        </div>
      </div>
    </section>
  );
}
