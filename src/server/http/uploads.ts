import type { IncomingMessage, ServerResponse } from "node:http";
import type { Db } from "../../../db/client";
import { validateSessionToken } from "../auth/session";
import { getMediaSettings } from "../services/content";
import type { ObjectStorage } from "../storage/storage";
import { CONTENT_TYPES, checkUpload, sniff, type UploadGrants } from "../storage/uploads";
import { readSessionToken } from "../trpc/context";
import { BodyError, readBody } from "./body";

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" }).end(JSON.stringify(body));
}

/**
 * The storage side of a signed upload URL: PUT the bytes, and they are kept only if the signature,
 * the admin, the type (read from the bytes) and the size all pass.
 */
export async function handleUpload(
  deps: { db: Db; storage: ObjectStorage; grants: UploadGrants },
  req: IncomingMessage,
  res: ServerResponse,
  key: string,
  url: URL,
): Promise<void> {
  const found = readSessionToken(req);
  const user = found ? validateSessionToken(deps.db, found.token).user : null;
  const grant = deps.grants.redeem(key, url.searchParams.get("expires"), url.searchParams.get("signature"), user?.role === "admin" ? user.id : null);
  if (typeof grant === "string") {
    req.resume();
    json(res, grant === "Request has expired" || grant.startsWith("This upload") ? 403 : 404, { message: grant });
    return;
  }
  const media = getMediaSettings(deps.db);
  const limit = Math.max(media.maxImageSizeMB, grant.kind === "image" ? 0 : media.maxVideoSizeMB) * 1024 * 1024;
  let data: Buffer;
  try {
    data = await readBody(req, limit);
  } catch (err) {
    if (err instanceof BodyError && err.status === 413) {
      json(res, 413, { message: `File too large. Please select a file (max ${Math.round(limit / 1024 / 1024)} MB)` });
      return;
    }
    throw err;
  }
  const type = sniff(data.subarray(0, 16));
  const verdict = checkUpload(grant.kind, type, data.length, media);
  if (!verdict.ok) {
    json(res, verdict.status, { message: verdict.message });
    return;
  }
  await deps.storage.put(key, data, CONTENT_TYPES[type!]);
  json(res, 200, { objectPath: `/objects/uploads/${key}` });
}

export async function serveObject(storage: ObjectStorage, req: IncomingMessage, res: ServerResponse, key: string): Promise<void> {
  const object = await storage.get(key);
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
