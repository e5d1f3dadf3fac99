import { useState, type ImgHTMLAttributes, type ReactNode } from "react";
import { cn } from "../../lib/cn";

interface SafeImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "onError"> {
  src: string;
  alt: string;
  /**
   * What shows when the file cannot be loaded: "hide" renders nothing, "block" a neutral panel the
   * size of the image (so the layout does not jump), or any element.
   */
  fallback?: "hide" | "block" | ReactNode;
}

/** An image that is lazy by default and never shows a broken-image icon. */
export function SafeImage({ src, alt, fallback = "block", className, loading = "lazy", ...rest }: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    if (fallback === "hide") return null;
    if (fallback === "block") {
      return <div role={alt ? "img" : undefined} aria-label={alt || undefined} className={cn("bg-cream-200", className)} />;
    }
    return <>{fallback}</>;
  }

  return <img src={src} alt={alt} loading={loading} decoding="async" className={className} onError={() => setFailedSrc(src)} {...rest} />;
}
