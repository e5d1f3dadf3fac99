import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { cn } from "../../lib/cn";
import { HeroSlide } from "./hero-slide";
import { ChevronLeftIcon, ChevronRightIcon } from "./more-icons";

const ADVANCE_MS = 5000;
const HEIGHT = "h-[26rem] sm:h-[30rem] lg:h-[34rem]";

const arrowClasses =
  "absolute bottom-2 z-20 inline-flex size-11 items-center justify-center rounded-full bg-black/40 text-white backdrop-blur-sm hover:bg-black/60 sm:bottom-auto sm:top-1/2 sm:-translate-y-1/2";

/** The home page's slider of active hero slides (SPEC §2 Home); renders nothing when there are none. */
export function HeroSlider() {
  const trpc = useTRPC();
  const query = useQuery(trpc.public.content.heroSlides.queryOptions());
  const slides = (query.data ?? []).filter((s) => s.isActive);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [count, paused, index]);

  if (query.isPending) return <div className={cn(HEIGHT, "animate-pulse bg-field-900")} aria-hidden="true" />;
  if (count === 0) return null;
  const current = Math.min(index, count - 1);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured prizes"
      className={cn("on-dark relative overflow-hidden bg-field-900", HEIGHT)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      {slides.map((slide, i) => (
        <HeroSlide key={slide.id} slide={slide} index={i} total={count} current={i === current} />
      ))}

      {count > 1 ? (
        <>
          <button type="button" className={cn(arrowClasses, "left-3 lg:left-6")} onClick={() => go(current - 1)} aria-label="Previous slide">
            <ChevronLeftIcon className="size-6" />
          </button>
          <button type="button" className={cn(arrowClasses, "right-3 lg:right-6")} onClick={() => go(current + 1)} aria-label="Next slide">
            <ChevronRightIcon className="size-6" />
          </button>
          <div className="absolute inset-x-0 bottom-3 z-20 mx-auto flex w-fit justify-center gap-1">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => go(i)}
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === current ? "true" : undefined}
                className="group inline-flex size-8 items-center justify-center rounded-full"
              >
                <span
                  className={cn("block h-2.5 rounded-full transition-all", i === current ? "w-7 bg-wheat-300" : "w-2.5 bg-white/60 group-hover:bg-white")}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
