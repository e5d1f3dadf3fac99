import { useState } from "react";
import { cn } from "../../lib/cn";
import { IMAGE_SIZES } from "../../lib/picture";
import { Picture } from "../ui/picture";
import { WheatIcon } from "../ui/icons";

const PLACEHOLDER = "/images/placeholder.svg";

interface CompetitionImageProps {
  src: string;
  alt: string;
  className?: string;
  /** Images above the fold load eagerly; the rest wait until they are scrolled near. */
  eager?: boolean;
  /** The page's largest picture (a competition's own page): preloaded and fetched first. */
  priority?: boolean;
  /** How wide it is drawn (`IMAGE_SIZES`); a card in the competitions grid unless said. */
  sizes?: string;
  /** The shape of its box; a 4:3 card unless said. */
  width?: number;
  height?: number;
}

/** A competition's artwork; a missing file falls back to the placeholder, then to a plain block. */
export function CompetitionImage({ src, alt, className, eager, priority, sizes = IMAGE_SIZES.card, width = 800, height = 600 }: CompetitionImageProps) {
  const [shown, setShown] = useState({ for: src, current: src || PLACEHOLDER, failed: false });
  // A new competition in the same place starts again from its own image.
  if (shown.for !== src) setShown({ for: src, current: src || PLACEHOLDER, failed: false });
  const { current, failed } = shown;
  const onError = () => setShown((prev) => (prev.current === PLACEHOLDER ? { ...prev, failed: true } : { ...prev, current: PLACEHOLDER }));

  if (failed) {
    return (
      <div
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        className={cn("flex items-center justify-center bg-cream-100 text-field-600", className)}
      >
        <WheatIcon className="size-1/4 max-h-16 max-w-16 opacity-70" />
      </div>
    );
  }

  return (
    <Picture
      src={current}
      alt={alt}
      sizes={sizes}
      width={width}
      height={height}
      priority={priority}
      loading={eager ? "eager" : "lazy"}
      className={cn("bg-cream-100 object-cover", className)}
      onError={onError}
    />
  );
}
