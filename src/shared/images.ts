/**
 * Where the sized copies of a picture are served (issue #31): one description shared by the server
 * that makes them, the components that ask for them and the link previews that name them.
 *
 * An uploaded picture (`/objects/uploads/{id}`) is stored once; its copies are served at
 * `/objects/uploads/{id}/w{width}.{avif|webp|jpg}`, each a fixed size and format, never changing
 * (an upload's id names its bytes), so they are cached for a year. A picture shipped with the shop
 * (`/images/*.svg`) is drawn at any size already and is served as it is. Any other address (an
 * operator's own CDN) is used unchanged.
 */

/** Widths made for an uploaded picture, smallest first: cards on a phone up to a hero on a wide screen. */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export type ImageFormat = "avif" | "webp" | "jpeg";

/** The link preview's picture: Facebook, WhatsApp and X ask for 1200 × 630. */
export const PREVIEW_IMAGE = { width: 1200, height: 630 } as const;

const UPLOAD = /^\/objects\/uploads\/([a-z0-9-]{8,80})$/;

/** The upload id of a picture's address, or null when it is not an upload. */
export function uploadIdOf(src: string | null | undefined): string | null {
  return src ? (UPLOAD.exec(src)?.[1] ?? null) : null;
}

const EXTENSION: Record<ImageFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

/** The address of one sized copy of an uploaded picture; null for a picture without copies. */
export function variantUrl(src: string, width: ImageWidth, format: ImageFormat): string | null {
  const id = uploadIdOf(src);
  return id ? `/objects/uploads/${id}/w${width}.${EXTENSION[format]}` : null;
}

/**
 * The 1200 × 630 JPEG a link preview shows for a picture, as a path on the shop (made from an upload
 * or from one of the shop's own pictures), or the address itself when it is elsewhere; null without one.
 */
export function previewImagePath(src: string | null | undefined): string | null {
  if (!src) return null;
  if (/^https?:\/\//i.test(src)) return src;
  if (!src.startsWith("/")) return null;
  return `/objects/preview.jpg?src=${encodeURIComponent(src)}`;
}
