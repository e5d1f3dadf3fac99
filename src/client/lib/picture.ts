import { preload } from "react-dom";
import { IMAGE_WIDTHS, uploadIdOf, variantUrl, type ImageFormat } from "../../shared/images";

/**
 * What a browser chooses from for an uploaded picture: each width in each format (the server makes
 * them, src/shared/images.ts), and the JPEG a browser without `srcset` shows. Null for any other
 * picture (the shop's own drawings, which are sharp at any size, or an address elsewhere).
 */
export interface PictureSources {
  avif: string;
  webp: string;
  jpeg: string;
  /** The `src` of the `<img>`: a mid-sized JPEG. */
  fallback: string;
}

function srcSet(src: string, format: ImageFormat): string {
  return IMAGE_WIDTHS.map((w) => `${variantUrl(src, w, format)} ${w}w`).join(", ");
}

export function pictureSources(src: string): PictureSources | null {
  if (!uploadIdOf(src)) return null;
  return { avif: srcSet(src, "avif"), webp: srcSet(src, "webp"), jpeg: srcSet(src, "jpeg"), fallback: variantUrl(src, 960, "jpeg")! };
}

/*
 * How wide each place draws its picture (`sizes`), from the layouts' own classes: the page container
 * is at most 72rem (1152 px) with 16 / 24 / 32 px of padding on a phone / from `sm` / from `lg`.
 * The browser picks the smallest copy at least that many device pixels wide.
 */
export const IMAGE_SIZES = {
  /** The full width of the screen: the home page's hero. */
  full: "100vw",
  /** A card in a grid of one / two (`sm`) / three (`lg`) columns, 24 px apart: competitions, winners. */
  card: "(min-width: 1152px) 347px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)",
  /** Half of the page from `lg` (40 px apart), the whole of it below: a competition's main picture, the About picture. */
  half: "(min-width: 1152px) 524px, (min-width: 1024px) calc((100vw - 104px) / 2), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)",
  /** A tile in a grid of two / three (`sm`) / four (`lg`) columns, 16 px apart: the home page's recent winners. */
  tile: "(min-width: 1152px) 260px, (min-width: 1024px) calc((100vw - 112px) / 4), (min-width: 640px) calc((100vw - 80px) / 3), calc((100vw - 48px) / 2)",
  /** A dialog at most 28rem (448 px) wide: pop-ups. */
  dialog: "(min-width: 480px) 448px, calc(100vw - 32px)",
  /** A picture beside its text from `sm` (14rem), full width on a phone: the live draw's running order, a claim. */
  side: "(min-width: 640px) 224px, calc(100vw - 32px)",
  /** A thumbnail in a basket or an order summary. */
  thumb: "80px",
} as const;

/**
 * Asks the browser to fetch the page's largest picture first, before any script runs: React puts a
 * `<link rel="preload">` in the server-rendered `<head>` (and in the document's on the client). For an
 * upload it names the AVIF copies with the same `sizes` the picture uses, so the copy preloaded is the
 * copy drawn; a browser without AVIF skips it (`type`). Called during render; React keeps one per picture.
 */
export function preloadPicture(src: string, sizes: string): void {
  const sources = pictureSources(src);
  if (sources) {
    preload(variantUrl(src, 960, "avif")!, { as: "image", imageSrcSet: sources.avif, imageSizes: sizes, type: "image/avif", fetchPriority: "high" });
  } else if (src) {
    preload(src, { as: "image", fetchPriority: "high" });
  }
}
