import { createHash } from "node:crypto";
import { readFile, realpath } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { IMAGE_WIDTHS, uploadIdOf, type ImageFormat, type ImageWidth } from "../../shared/images";
import type { Logger } from "../logger";
import type { ObjectStorage } from "../storage/storage";
import type { Derivation } from "../storage/variants";

/*
 * GET/HEAD /objects/uploads/{id}/w{width}.{avif|webp|jpg}: one sized copy of an uploaded picture.
 * GET/HEAD /objects/preview.jpg?src=<path>: the 1200 × 630 JPEG a link preview shows for a picture
 * (an upload, or one of the shop's own pictures under /images/).
 * A copy already made is read from storage as it is (the image library is not even loaded); one not
 * made yet is made once, whoever else asks for it meanwhile, and kept.
 */

const IMMUTABLE = "public, max-age=31536000, immutable";
const ONE_DAY = "public, max-age=86400";
/** The same rule as the storage's keys: a derived key that would break it is never made. */
const KEY = /^[a-z0-9-]{8,80}$/;
/** The keys copies are kept under: a copy is never made from a copy (no chain of copies of copies filling the disk). */
const DERIVED = /^preview-|-preview$|-w\d+-(avif|webp|jpg)$/;
const VARIANT_NAME = /^w(\d{3,4})\.(avif|webp|jpg)$/;
const FORMATS: Record<string, ImageFormat> = { avif: "avif", webp: "webp", jpg: "jpeg" };
/** Originals the copies are made from: what an upload is stored as once cleaned. */
const SOURCE_TYPES = new Set(["image/jpeg", "image/png"]);
/** The shop's own pictures a preview may be made from. */
const OWN_PICTURE_TYPES = new Set([".svg", ".png", ".jpg", ".jpeg", ".webp"]);
/** Said when a stored picture cannot be decoded: the same words as the upload that would have refused it. */
const UNREADABLE = "This image could not be read. It may be damaged; please choose another file.";

type Stored = NonNullable<Awaited<ReturnType<ObjectStorage["get"]>>>;

function json(res: ServerResponse, status: number, message: string) {
  const text = JSON.stringify({ message });
  res
    .writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text), "Cache-Control": "no-store" })
    .end(text);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function send(req: IncomingMessage, res: ServerResponse, object: Stored, cacheControl: string, etag: string): Promise<void> {
  const headers = { "Cache-Control": cacheControl, ETag: etag, "X-Content-Type-Options": "nosniff" };
  if (req.headers["if-none-match"] === etag) {
    object.stream.destroy();
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(200, { ...headers, "Content-Type": object.contentType, "Content-Length": object.size });
  if (req.method === "HEAD") {
    object.stream.destroy();
    res.end();
    return;
  }
  await pipeline(object.stream, res).catch(() => res.destroy());
}

export interface ImageDeps {
  storage: ObjectStorage;
  /** The built storefront's folder: the shop's own pictures are in its `images/`. */
  clientDir?: string;
  logger?: Logger;
}

export function createImageHandler({ storage, clientDir, logger }: ImageDeps) {
  // The image library is loaded with the first copy to make: a shop whose copies are all made never pays for it.
  let maker: ReturnType<typeof loadMaker> | null = null;
  const loadMaker = () => import("../storage/variants").then((m) => ({ images: new m.DerivedImages(storage), UnusableImage: m.UnusableImage }));

  /** An upload's stored bytes, when it is a picture copies can be made from (never a copy itself). */
  const original = (id: string) => async (): Promise<Buffer | null> => {
    if (DERIVED.test(id)) return null;
    const object = await storage.get(id);
    if (!object || !SOURCE_TYPES.has(object.contentType)) {
      object?.stream.destroy();
      return null;
    }
    return readAll(object.stream);
  };

  /** Serves the copy kept under `key`, making it first when it is not there yet. */
  async function serveDerived(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    what: Derivation,
    source: () => Promise<Buffer | null>,
    cacheControl: string,
  ): Promise<void> {
    let object = await storage.get(key);
    if (!object) {
      const { images, UnusableImage } = await (maker ??= loadMaker());
      try {
        if (!(await images.ensure(key, what, source))) return json(res, 404, "Not found");
      } catch (err) {
        if (!(err instanceof UnusableImage)) throw err;
        logger?.warn("a stored picture could not be decoded to make its copy", { key, err: err.message });
        return json(res, 404, UNREADABLE);
      }
      object = await storage.get(key);
      if (!object) return json(res, 404, "Not found");
    }
    await send(req, res, object, cacheControl, `"${key}"`);
  }

  /** The shop's own picture named by `/images/...`, when it is one: its bytes and a key naming them. */
  const ownPictures = new Map<string, { key: string; bytes: Buffer }>();
  async function ownPicture(src: string): Promise<{ key: string; bytes: Buffer } | null> {
    if (!clientDir || !src.startsWith("/images/")) return null;
    const known = ownPictures.get(src);
    if (known) return known;
    const rest = src.slice("/images/".length);
    if (!rest || /[\\\0]/.test(rest) || rest.split("/").some((part) => part === "" || part === "." || part === "..")) return null;
    if (!OWN_PICTURE_TYPES.has(extname(rest).toLowerCase())) return null;
    const root = resolve(clientDir, "images");
    const file = resolve(root, rest);
    if (!file.startsWith(root + sep)) return null;
    // A link inside the folder must not lead out of it either.
    const [realRoot, realFile] = await Promise.all([realpath(root).catch(() => null), realpath(file).catch(() => null)]);
    if (!realRoot || !realFile || !realFile.startsWith(realRoot + sep)) return null;
    const bytes = await readFile(realFile).catch(() => null);
    if (!bytes) return null;
    // Named by its content: a new build with different artwork gets a new preview, never a stale one.
    const found = { key: `preview-${createHash("sha256").update(bytes).digest("hex").slice(0, 40)}`, bytes };
    ownPictures.set(src, found);
    return found;
  }

  return async function serveImage(req: IncomingMessage, res: ServerResponse, pathname: string, url: URL): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") return json(res, 405, "Method not allowed");
    if (pathname === "/objects/preview.jpg") {
      const src = url.searchParams.get("src") ?? "";
      const id = uploadIdOf(src);
      if (id) {
        const key = `${id}-preview`;
        if (!KEY.test(key)) return json(res, 404, "Not found");
        return serveDerived(req, res, key, { kind: "preview" }, original(id), ONE_DAY);
      }
      const own = await ownPicture(src);
      if (!own) return json(res, 404, "Not found");
      return serveDerived(req, res, own.key, { kind: "preview" }, async () => own.bytes, ONE_DAY);
    }
    const variant = /^\/objects\/uploads\/([a-z0-9-]{8,80})\/([^/]+)$/.exec(pathname);
    const name = variant ? VARIANT_NAME.exec(variant[2]!) : null;
    const width = Number(name?.[1]) as ImageWidth;
    if (!variant || !name || !IMAGE_WIDTHS.includes(width)) return json(res, 404, "Not found");
    const id = variant[1]!;
    const key = `${id}-w${width}-${name[2]}`;
    if (!KEY.test(key)) return json(res, 404, "Not found");
    return serveDerived(req, res, key, { kind: "variant", width, format: FORMATS[name[2]!]! }, original(id), IMMUTABLE);
  };
}
