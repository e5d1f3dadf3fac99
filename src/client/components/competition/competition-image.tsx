import { useState } from "react";
import { cn } from "../../lib/cn";
import { WheatIcon } from "../ui/icons";

const PLACEHOLDER = "/images/placeholder.svg";

interface CompetitionImageProps {
  src: string;
  alt: string;
  className?: string;
  /** Images above the fold load eagerly; the rest wait until they are scrolled near. */
  eager?: boolean;
}

/** A competition's artwork; a missing file falls back to the placeholder, then to a plain block. */
export function CompetitionImage({ src, alt, className, eager }: CompetitionImageProps) {
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
    <img src={current} alt={alt} loading={eager ? "eager" : "lazy"} decoding="async" className={cn("bg-cream-100 object-cover", className)} onError={onError} />
  );
}
