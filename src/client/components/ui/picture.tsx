import type { ImgHTMLAttributes } from "react";
import { pictureSources, preloadPicture } from "../../lib/picture";

export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes" | "width" | "height" | "onError" | "decoding"> {
  src: string;
  alt: string;
  /** How wide the picture is drawn (`IMAGE_SIZES`): which copy the browser fetches. */
  sizes: string;
  /** The shape of the box it is drawn in (e.g. 800 × 600 for a 4:3 card): the page keeps its place before it arrives. */
  width: number;
  height: number;
  /** The page's largest picture: fetched first (preloaded, high priority, never lazy). */
  priority?: boolean;
  onError?: () => void;
}

/**
 * A picture in the size and format the screen needs: an upload as AVIF, WebP or JPEG copies with
 * `srcset`, anything else as it is. Renders the same on the server and in the browser.
 */
export function Picture({ src, alt, sizes, width, height, priority = false, loading = "lazy", fetchPriority, onError, ...rest }: PictureProps) {
  if (priority) preloadPicture(src, sizes);
  const sources = pictureSources(src);
  const img = (
    <img
      src={sources?.fallback ?? src}
      srcSet={sources?.jpeg}
      sizes={sources ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : loading}
      fetchPriority={priority ? "high" : fetchPriority}
      decoding="async"
      onError={onError}
      {...rest}
    />
  );
  if (!sources) return img;
  return (
    // `contents`: the <picture> adds no box, so the <img> sits in the layout exactly as it would alone;
    // its <source>s (boxes of their own in Chromium) are hidden, or a grid would space them out as items.
    <picture className="contents">
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} className="hidden" />
      <source type="image/webp" srcSet={sources.webp} sizes={sizes} className="hidden" />
      {img}
    </picture>
  );
}
