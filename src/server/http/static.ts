import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

export function contentTypeFor(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/**
 * Serves the built SPA. Hashed assets are immutable; any other path without a file falls back to
 * index.html so client-side routes work on reload.
 */
export function createStaticHandler(root: string) {
  const indexPath = join(root, "index.html");
  const hasBuild = existsSync(indexPath);
  const indexHtml = hasBuild ? readFileSync(indexPath) : null;

  return (req: IncomingMessage, res: ServerResponse, pathname: string): void => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" }).end("Method Not Allowed");
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end("Bad Request");
      return;
    }
    const filePath = normalize(join(root, decoded));
    if (filePath.startsWith(root + sep) && decoded !== "/") {
      const stat = statSafe(filePath);
      if (stat?.isFile()) {
        const immutable = decoded.startsWith("/assets/");
        res.writeHead(200, {
          "Content-Type": contentTypeFor(filePath),
          "Content-Length": stat.size,
          "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        });
        if (req.method === "HEAD") res.end();
        else createReadStream(filePath).pipe(res);
        return;
      }
      if (extname(decoded)) {
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found");
        return;
      }
    }
    if (!indexHtml) {
      res
        .writeHead(503, { "Content-Type": "text/plain; charset=utf-8" })
        .end("The storefront has not been built. Run `npm run build` (npm start does this for you).");
      return;
    }
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": indexHtml.length,
      "Cache-Control": "no-cache",
    });
    res.end(req.method === "HEAD" ? undefined : indexHtml);
  };
}

function statSafe(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
