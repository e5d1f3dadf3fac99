import type { IncomingMessage } from "node:http";

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Reads the whole body up to `limit` bytes, refusing early on a declared or actual overflow. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > limit) {
    req.resume();
    return Promise.reject(new BodyError(413, "PAYLOAD_TOO_LARGE", `Request body is larger than ${limit} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyError(413, "PAYLOAD_TOO_LARGE", `Request body is larger than ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on("error", (err) => {
      if (!failed) reject(err);
    });
  });
}

/**
 * Parses a JSON request body; an empty body is `undefined`. A route that declares it (a mail
 * client's one-click unsubscribe) may also be posted a form, read as an object of its fields.
 */
export async function readJsonBody(req: IncomingMessage, limit: number, acceptForm = false): Promise<unknown> {
  const raw = await readBody(req, limit);
  if (raw.length === 0) return undefined;
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  if (acceptForm && type === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new BodyError(415, "UNSUPPORTED_MEDIA_TYPE", "Request body must be JSON (Content-Type: application/json)");
  }
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw new BodyError(400, "PARSE_ERROR", "Malformed JSON in request body");
  }
}
