import sharp from "sharp";
import { UploadRefused } from "./uploads";

/*
 * An uploaded photo is served to everyone: a phone's photo carries its EXIF block (the camera, its
 * serial number, the time and often the GPS position where it was taken: a winner's farm). Every
 * image is decoded and written again before it is kept, turned upright as its orientation says,
 * with no metadata at all. Decoding is bounded: a file claiming more pixels than any camera takes
 * (a decompression bomb) is refused before it is decoded, and one that cannot be decoded is refused.
 */

/** Larger than any phone or camera photo an operator uploads (a 50 MP camera), far below what would exhaust a small server. */
export const MAX_IMAGE_PIXELS = 60_000_000;

// One image at a time, nothing cached between uploads: an admin's upload never competes with the shop for memory.
sharp.cache(false);
sharp.concurrency(1);

export const IMAGE_TOO_LARGE_MESSAGE = "This image is too large to use (at most 60 megapixels). Please resize it and upload it again.";
export const IMAGE_UNREADABLE_MESSAGE = "This image could not be read. It may be damaged; please choose another file.";

/**
 * Images are decoded one after another (cleaning an upload, making a picture's sized copies): a 50 MP
 * photo decoded takes about 150 MB, and two at once would double it.
 */
let queue: Promise<unknown> = Promise.resolve();

/** Runs `work` once every image work queued before it has finished. */
export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work);
  queue = turn.catch(() => undefined);
  return turn;
}

/** The image as it will be served: upright, re-encoded in its own format, without EXIF, GPS, XMP or IPTC. Throws UploadRefused. */
export function cleanImage(input: Buffer, type: "jpeg" | "png"): Promise<Buffer> {
  return oneAtATime(() => reencode(input, type));
}

async function reencode(input: Buffer, type: "jpeg" | "png"): Promise<Buffer> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", sequentialRead: true }).rotate();
    return type === "jpeg" ? await image.jpeg({ quality: 88, mozjpeg: true }).toBuffer() : await image.png({ compressionLevel: 9 }).toBuffer();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(message)) throw new UploadRefused(413, IMAGE_TOO_LARGE_MESSAGE);
    throw new UploadRefused(415, IMAGE_UNREADABLE_MESSAGE);
  }
}
