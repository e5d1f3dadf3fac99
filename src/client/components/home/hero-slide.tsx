import { Link } from "react-router-dom";
import { linkTarget } from "../../../shared/safe-link";
import { useOrigin } from "../../lib/render-context";
import type { HeroSlide as Slide } from "../../../shared/schemas/content";
import { buttonClasses } from "../ui/button-styles";
import { ArrowRightIcon } from "../ui/icons";
import { IMAGE_SIZES } from "../../lib/picture";
import { SafeImage } from "./safe-image";

const VIDEO = /\.(mp4|webm|mov)(\?.*)?$/i;

function SlideMedia({ src, eager }: { src: string; eager: boolean }) {
  if (VIDEO.test(src)) {
    return <video src={src} autoPlay muted loop playsInline aria-hidden="true" className="absolute inset-0 size-full object-cover" />;
  }
  return (
    <SafeImage
      src={src}
      alt=""
      sizes={IMAGE_SIZES.full}
      width={1600}
      height={900}
      priority={eager}
      fallback="hide"
      className="absolute inset-0 size-full object-cover"
    />
  );
}

/**
 * The call to action: in-app for a site path, otherwise a new tab. A stored link that would leave
 * the site while looking like a path ("/\evil.test/"), or is not http(s) at all, gets no button.
 */
function SlideCta({ slide, tabIndex }: { slide: Slide; tabIndex?: number }) {
  const classes = buttonClasses("accent", "lg", "mt-6");
  const origin = useOrigin();
  const target = linkTarget(slide.ctaLink, origin);
  if (!target) return null;
  if (target.kind === "site") {
    return (
      <Link to={target.path} className={classes} tabIndex={tabIndex}>
        {slide.ctaText}
        <ArrowRightIcon className="size-5" />
      </Link>
    );
  }
  return (
    <a href={target.href} target="_blank" rel="noopener noreferrer" className={classes} tabIndex={tabIndex}>
      {slide.ctaText}
      <ArrowRightIcon className="size-5" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

interface HeroSlideProps {
  slide: Slide;
  index: number;
  total: number;
  current: boolean;
}

/** One slide: full-bleed media under a dark gradient, with white text on the left. */
export function HeroSlide({ slide, index, total, current }: HeroSlideProps) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${total}`}
      aria-hidden={!current}
      inert={!current}
      className={`absolute inset-0 bg-field-900 transition-opacity duration-700 ${current ? "z-10 opacity-100" : "z-0 opacity-0"}`}
    >
      <SlideMedia src={slide.image} eager={index === 0} />
      <div className="absolute inset-0 bg-gradient-to-r from-black/80 via-black/55 to-black/15" aria-hidden="true" />
      <div className="absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-black/50 to-transparent" aria-hidden="true" />
      <div className="relative mx-auto flex h-full max-w-6xl flex-col justify-center px-4 pb-14 sm:px-20 sm:pb-10">
        <div className="max-w-xl text-white">
          {slide.subtitle ? <p className="text-sm font-bold uppercase tracking-widest text-wheat-300 sm:text-base">{slide.subtitle}</p> : null}
          <h2 className="mt-2 text-3xl font-bold leading-tight text-white sm:text-5xl">{slide.title}</h2>
          {slide.description ? <p className="mt-4 text-base text-white/90 sm:text-lg">{slide.description}</p> : null}
          <SlideCta slide={slide} />
        </div>
      </div>
    </div>
  );
}
