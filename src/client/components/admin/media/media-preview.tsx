import { useState, type ReactNode } from "react";
import { cn } from "../../../lib/cn";
import { looksLikeVideo, type MediaKind } from "../../../lib/upload";

const IMAGE_EXTENSIONS = /\.(svg|png|jpe?g|gif|webp|avif)(\?|#|$)/i;

interface MediaPreviewProps {
  src: string;
  alt: string;
  /** Known after an upload; otherwise guessed from the URL, and an extension-less picture that fails is tried as a video. */
  kind?: MediaKind;
  className?: string;
  fallback?: ReactNode;
}

export function MediaPreview({ src, alt, kind, className, fallback = "Preview not available" }: MediaPreviewProps) {
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const [failedVideo, setFailedVideo] = useState<string | null>(null);
  if (!src) return null;

  const retryAsVideo = failedImage === src && !IMAGE_EXTENSIONS.test(src);
  const asVideo = kind === "video" || (kind === undefined && (looksLikeVideo(src) || retryAsVideo));
  const frame = cn("overflow-hidden rounded-lg border border-cream-200 bg-cream-100", className);
  if (asVideo ? failedVideo === src : failedImage === src) {
    return <div className={cn(frame, "flex items-center justify-center p-3 text-center text-sm text-stone-600")}>{fallback}</div>;
  }
  if (asVideo) {
    return (
      <video
        src={src}
        className={cn(frame, "object-cover")}
        muted
        controls
        playsInline
        preload="metadata"
        aria-label={alt}
        onError={() => setFailedVideo(src)}
      />
    );
  }
  return <img src={src} alt={alt} className={cn(frame, "object-cover")} onError={() => setFailedImage(src)} />;
}
