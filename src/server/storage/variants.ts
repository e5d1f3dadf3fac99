import sharp, { type Sharp } from "sharp";
import { PREVIEW_IMAGE, type ImageFormat, type ImageWidth } from "../../shared/images";
import { MAX_IMAGE_PIXELS, oneAtATime } from "./clean-image";
import type { ObjectStorage } from "./storage";

/*
 * The sized copies of an uploaded picture and the link preview's picture, made with sharp from the
 * stored (cleaned) image the first time one is asked for and kept in storage beside it: every later
 * request is a plain read. Making one waits its turn in the same one-at-a-time queue as cleaning
 * uploads (libvips decodes in its own threads, never on the event loop), and every copy is written
 * without any metadata: no EXIF, GPS, XMP, IPTC, nor an ICC profile (pixels are converted to sRGB).
 */

export const FORMAT_CONTENT_TYPES: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };

/** What the copy is: one width in one format, or the 1200 × 630 link-preview card. */
export type Derivation = { kind: "variant"; width: ImageWidth; format: ImageFormat } | { kind: "preview" };

/** The original could not be decoded (damaged, or more pixels than the shop decodes). */
export class UnusableImage extends Error {}

/** Quality chosen per format for photos on a phone screen: about the same look at the smallest size. */
function encode(image: Sharp, format: ImageFormat): Sharp {
  if (format === "avif") return image.avif({ quality: 50, effort: 2, chromaSubsampling: "4:2:0" });
  if (format === "webp") return image.webp({ quality: 75, effort: 4 });
  // JPEG has no transparency: a PNG's transparent parts become white, as on the page's cards.
  return image.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true });
}

/** An SVG is drawn at its own size (72 dpi); this is the density that draws it at least `width` × `height`. */
async function svgDensity(input: Buffer, width: number, height: number): Promise<number | undefined> {
  const meta = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  if (meta.format !== "svg" || !meta.width || !meta.height) return undefined;
  const scale = Math.max(width / meta.width, height / meta.height, 1);
  return Math.min(Math.ceil(72 * scale), 2400);
}

/** Makes one copy from an original's bytes. Throws UnusableImage when they cannot be decoded. */
export async function derive(input: Buffer, what: Derivation): Promise<Buffer> {
  try {
    const density = what.kind === "preview" ? await svgDensity(input, PREVIEW_IMAGE.width, PREVIEW_IMAGE.height) : undefined;
    const image = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", sequentialRead: true, ...(density ? { density } : {}) })
      .rotate()
      .toColourspace("srgb");
    if (what.kind === "preview") {
      return await encode(image.resize(PREVIEW_IMAGE.width, PREVIEW_IMAGE.height, { fit: "cover", position: "centre" }), "jpeg").toBuffer();
    }
    return await encode(image.resize({ width: what.width, withoutEnlargement: true }), what.format).toBuffer();
  } catch (err) {
    throw new UnusableImage(err instanceof Error ? err.message : String(err));
  }
}

/** The most originals remembered as undecodable, so a damaged file is not decoded again on every request. */
const UNUSABLE_REMEMBERED = 1000;

/**
 * Makes derived pictures into storage, each once: requests for a copy being made wait for that one
 * making instead of starting another, and an original that could not be decoded is not tried again.
 */
export class DerivedImages {
  private readonly making = new Map<string, Promise<void>>();
  private readonly unusable = new Set<string>();

  constructor(private readonly storage: ObjectStorage) {}

  /**
   * Ensures `key` holds the copy of `source` (read only when it has to be made). Resolves false when
   * there is nothing to make it from; throws UnusableImage when the source cannot be decoded.
   */
  async ensure(key: string, what: Derivation, source: () => Promise<Buffer | null>): Promise<boolean> {
    if (this.unusable.has(key)) throw new UnusableImage("already found undecodable");
    let made = this.making.get(key);
    if (!made) {
      made = this.make(key, what, source).finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    try {
      await made;
      return true;
    } catch (err) {
      if (err instanceof NothingToMake) return false;
      throw err;
    }
  }

  private async make(key: string, what: Derivation, source: () => Promise<Buffer | null>): Promise<void> {
    // Another request may have finished it between this one's read and now.
    const existing = await this.storage.get(key);
    if (existing) {
      existing.stream.destroy();
      return;
    }
    const input = await source();
    if (!input) throw new NothingToMake();
    let output: Buffer;
    try {
      output = await oneAtATime(() => derive(input, what));
    } catch (err) {
      if (err instanceof UnusableImage) {
        if (this.unusable.size >= UNUSABLE_REMEMBERED) this.unusable.clear();
        this.unusable.add(key);
      }
      throw err;
    }
    await this.storage.put(key, output, what.kind === "preview" ? FORMAT_CONTENT_TYPES.jpeg : FORMAT_CONTENT_TYPES[what.format], { cleaned: true });
  }
}

class NothingToMake extends Error {}
