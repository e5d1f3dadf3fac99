import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable, Writable } from "node:stream";
import type { Db } from "../../../db/client";
import type { Logger } from "../logger";
import { validateSessionToken } from "../auth/session";
import { getMediaSettings } from "../services/content/storefront";
import type { ObjectStorage } from "../storage/storage";
import { CONTENT_TYPES, IMAGE_TYPES, UploadInspector, UploadRefused, type SniffedType, type UploadGrants } from "../storage/uploads";
import { readSessionToken } from "../trpc/context";

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" }).end(JSON.stringify(body));
}

/** The client went away before sending the whole file. */
class UploadAborted extends Error {}

/**
 * Streams the request body into `out`, showing each chunk to `inspect` first (which throws to
 * refuse); resolves once `out` holds every byte. Backpressure from the disk pauses the request, so
 * memory stays flat whatever the size. On refusal the request is left unread for the caller.
 */
function receive(req: IncomingMessage, out: Writable, inspect: (chunk: Buffer) => void, end: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.pause();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      try {
        inspect(chunk);
      } catch (err) {
        fail(err);
        return;
      }
      if (!out.write(chunk)) req.pause();
    };
    out.on("drain", () => {
      if (!settled) req.resume();
    });
    out.on("error", fail);
    out.once("finish", () => {
      if (settled) return;
      settled = true;
      resolve();
    });
    req.on("data", onData);
    req.once("end", () => {
      try {
        end();
      } catch (err) {
        fail(err);
        return;
      }
      if (!settled) out.end();
    });
    req.on("error", () => fail(new UploadAborted()));
    req.once("close", () => {
      if (!req.complete) fail(new UploadAborted());
    });
  });
}

/**
 * Where the body goes as it arrives: a video's bytes straight on to storage (it can be large), an
 * image's held (at most its size limit, which the inspector enforces) to be cleaned of its metadata
 * before anything is stored. The type is known from the first bytes, before they are written here.
 */
class ByType extends Writable {
  readonly held: Buffer[] = [];

  constructor(
    private readonly target: Writable,
    private readonly typeOf: () => SniffedType | null,
  ) {
    super();
    target.on("error", (err) => this.destroy(err));
  }

  private get passesThrough(): boolean {
    const type = this.typeOf();
    return type !== null && !IMAGE_TYPES.has(type);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void): void {
    if (!this.passesThrough) {
      this.held.push(chunk);
      done();
      return;
    }
    // A first few bytes held before the type was known go first.
    const pending = this.held.splice(0).concat(chunk);
    if (this.target.write(Buffer.concat(pending))) done();
    else this.target.once("drain", () => done());
  }

  override _final(done: (err?: Error | null) => void): void {
    if (!this.passesThrough) {
      done();
      return;
    }
    if (this.held.length) this.target.write(Buffer.concat(this.held.splice(0)));
    this.target.end(() => done());
  }
}

/** Writes a cleaned image to its pending object and closes it. */
function writeAll(out: Writable, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    out.once("error", reject);
    out.end(data, () => resolve());
  });
}

/** How long a refused upload's remaining bytes are read (and dropped) before the connection is cut. */
const REFUSED_DRAIN_MS = 10_000;

/**
 * Answers a refused upload. What the client is still sending is read and dropped, never kept:
 * closing at once would reset the connection under the client before it could read the answer.
 * A client that keeps on sending is cut off after a while.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string) {
  json(res, status, { message });
  if (req.complete) return;
  const cutOff = setTimeout(() => req.socket.destroy(), REFUSED_DRAIN_MS);
  cutOff.unref();
  req.once("close", () => clearTimeout(cutOff));
  req.resume();
}

/**
 * The storage side of a signed upload URL: PUT the bytes, and they are kept only if the signature,
 * the admin, the type (read from the first bytes) and the size (counted as they arrive) all pass.
 * The body streams to a temporary file and is renamed into place only when complete.
 */
export async function handleUpload(
  deps: { db: Db; storage: ObjectStorage; grants: UploadGrants },
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  url: URL,
): Promise<void> {
  const found = readSessionToken(req);
  const user = found ? (await validateSessionToken(deps.db, found.token)).user : null;
  const grant = deps.grants.redeem(key, url.searchParams.get("expires"), url.searchParams.get("signature"), user?.role === "admin" ? user.id : null);
  if (typeof grant === "string") {
    req.resume();
    json(res, grant === "Request has expired" || grant.startsWith("This upload") ? 403 : 404, { message: grant });
    return;
  }
  const declared = req.headers["content-length"] === undefined ? null : Number(req.headers["content-length"]);
  const inspector = new UploadInspector(grant.kind, await getMediaSettings(deps.db), Number.isFinite(declared) ? declared : null);
  const pending = await deps.storage.begin(key);
  const body = new ByType(pending.stream, () => inspector.type);
  try {
    await receive(
      req,
      body,
      (chunk) => inspector.inspect(chunk),
      () => inspector.end(),
    );
    const type = inspector.type!;
    // An image is kept only as it will be served: upright, re-encoded, without EXIF or GPS.
    // The image library is loaded with the first image upload: a shop serving buyers never pays its memory.
    if (type === "jpeg" || type === "png") {
      const { cleanImage } = await import("../storage/clean-image");
      await writeAll(pending.stream, await cleanImage(Buffer.concat(body.held.splice(0)), type));
    }
  } catch (err) {
    await pending.abort();
    if (err instanceof UploadRefused) refuse(req, res, err.status, err.message);
    else if (!(err instanceof UploadAborted)) throw err;
    return;
  }
  await pending.commit(CONTENT_TYPES[inspector.type!], IMAGE_TYPES.has(inspector.type!) ? { cleaned: true } : {});
  json(res, 200, { objectPath: `/objects/uploads/${key}` });
}

const IMAGE_CONTENT_TYPES: Record<string, "jpeg" | "png"> = { "image/jpeg": "jpeg", "image/png": "png" };

/**
 * An image stored before uploads were cleaned (it may carry a phone's EXIF and GPS) is cleaned the
 * first time it is asked for, and kept cleaned: later requests read the cleaned file. One that cannot
 * be decoded is served as it is, as before.
 */
async function cleanedOnce(storage: ObjectStorage, key: string, object: NonNullable<Awaited<ReturnType<ObjectStorage["get"]>>>, logger?: Logger) {
  const type = IMAGE_CONTENT_TYPES[object.contentType];
  if (!type || object.cleaned) return object;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  const original = Buffer.concat(chunks);
  try {
    const { cleanImage } = await import("../storage/clean-image");
    const cleaned = await cleanImage(original, type);
    await storage.put(key, cleaned, object.contentType, { cleaned: true });
  } catch (err) {
    logger?.warn("an image stored before uploads were cleaned could not be cleaned; served as stored", {
      key,
      err: err instanceof Error ? err.message : String(err),
    });
    return { ...object, stream: Readable.from([original]) };
  }
  return (await storage.get(key)) ?? null;
}

export async function serveObject(storage: ObjectStorage, req: IncomingMessage, res: ServerResponse, key: string, logger?: Logger): Promise<void> {
  const stored = await storage.get(key);
  const object = stored ? await cleanedOnce(storage, key, stored, logger) : null;
  if (!object) {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found");
    return;
  }
  res.writeHead(200, {
    "Content-Type": object.contentType,
    "Content-Length": object.size,
    // Keys are random and never reused, so the bytes behind one never change.
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  });
  if (req.method === "HEAD") {
    object.stream.destroy();
    res.end();
  } else object.stream.pipe(res);
}
