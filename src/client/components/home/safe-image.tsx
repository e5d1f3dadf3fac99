import { useState, type ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Picture, type PictureProps } from "../ui/picture";

interface SafeImageProps extends Omit<PictureProps, "onError"> {
  /**
   * What shows when the file cannot be loaded: "hide" renders nothing, "block" a neutral panel the
   * size of the image (so the layout does not jump), or any element.
   */
  fallback?: "hide" | "block" | ReactNode;
}

/** An image in the size the screen needs, lazy by default, that never shows a broken-image icon. */
export function SafeImage({ src, alt, fallback = "block", className, ...rest }: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    if (fallback === "hide") return null;
    if (fallback === "block") {
      return <div role={alt ? "img" : undefined} aria-label={alt || undefined} className={cn("bg-cream-200", className)} />;
    }
    return <>{fallback}</>;
  }

  return <Picture src={src} alt={alt} className={className} onError={() => setFailedSrc(src)} {...rest} />;
}
