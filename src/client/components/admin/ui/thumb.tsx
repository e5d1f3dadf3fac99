import { useState, type ReactNode } from "react";
import { cn } from "../../../lib/cn";

/** A list thumbnail that shows a neutral block (or the given fallback) when there is no picture or it fails. */
export function Thumb({ src, alt = "", className, fallback }: { src: string | null | undefined; alt?: string; className?: string; fallback?: ReactNode }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        className={cn("flex items-center justify-center bg-cream-200 text-stone-500", className)}
      >
        {fallback}
      </span>
    );
  }
  return <img src={src} alt={alt} loading="lazy" className={cn("bg-cream-100 object-cover", className)} onError={() => setFailed(src)} />;
}
