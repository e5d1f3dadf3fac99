import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { brotli, gzip, worthCompressing } from "./compress";

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

interface Asset {
  type: string;
  raw: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  cacheControl: string;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/**
 * The built SPA, loaded into memory at start-up with its brotli and gzip copies (written by the
 * build, or made here once), so a page load costs no disk read and no compression. Hashed assets are immutable; any other path without
 * a file gets index.html so client-side routes work on reload.
 */
export function createStaticHandler(root: string) {
  const assets = new Map<string, Asset>();
  let files: string[] = [];
  try {
    if (statSync(root).isDirectory()) files = walk(root);
  } catch {
    files = [];
  }
  for (const file of files) {
    const rel = "/" + relative(root, file).split(sep).join("/");
    if (rel.startsWith("/.vite/")) continue;
    // Compressed copies written by the build are read with their originals, not served on their own.
    if ((file.endsWith(".br") || file.endsWith(".gz")) && existsSync(file.slice(0, -3))) continue;
    const raw = readFileSync(file);
    const compress = worthCompressing(file, raw.length);
    const prebuilt = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
    assets.set(rel, {
      type: contentTypeFor(file),
      raw,
      gzip: compress ? (prebuilt(".gz") ?? gzip(raw)) : undefined,
      br: compress ? (prebuilt(".br") ?? brotli(raw)) : undefined,
      cacheControl: rel.startsWith("/assets/") ? "public, max-age=31536000, immutable" : rel === "/index.html" ? "no-cache" : "public, max-age=3600",
    });
  }
  const index = assets.get("/index.html");

  const send = (req: IncomingMessage, res: ServerResponse, asset: Asset) => {
    const accept = String(req.headers["accept-encoding"] ?? "");
    const [body, encoding] =
      asset.br && /\bbr\b/.test(accept) ? [asset.br, "br"] : asset.gzip && /\bgzip\b/.test(accept) ? [asset.gzip, "gzip"] : [asset.raw, undefined];
    const headers: Record<string, string | number> = { "Content-Type": asset.type, "Content-Length": body.length, "Cache-Control": asset.cacheControl };
    if (asset.gzip) headers.Vary = "Accept-Encoding";
    if (encoding) headers["Content-Encoding"] = encoding;
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  };

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
    const asset = decoded === "/" ? undefined : assets.get(decoded);
    if (asset) return send(req, res, asset);
    if (extname(decoded) && decoded !== "/") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not Found");
      return;
    }
    if (!index) {
      res
        .writeHead(503, { "Content-Type": "text/plain; charset=utf-8" })
        .end("The storefront has not been built. Run `npm run build` (npm start does this for you).");
      return;
    }
    send(req, res, index);
  };
}
