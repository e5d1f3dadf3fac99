import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Public reads answered from memory. Every entry remembers the data version it was computed at;
 * any successful write bumps the version, so a read after a write is never stale. ETags let
 * browsers and proxies revalidate with a 304.
 */
export class ResponseCache {
  private version = 0;
  private readonly entries = new Map<string, { version: number; body: Buffer; etag: string }>();

  invalidate(): void {
    this.version++;
    if (this.entries.size > 5000) this.entries.clear();
  }

  /** Answers from the cache (computing on a miss); returns false to let the caller handle it. */
  async serve(req: IncomingMessage, res: ServerResponse, key: string, compute: () => Promise<unknown>): Promise<boolean> {
    let entry = this.entries.get(key);
    if (!entry || entry.version !== this.version) {
      const version = this.version;
      let value: unknown;
      try {
        value = await compute();
      } catch {
        return false; // not found, bad id…: the normal handler answers with its error
      }
      const body = Buffer.from(JSON.stringify(value));
      entry = { version, body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
      this.entries.set(key, entry);
    }
    res.setHeader("ETag", entry.etag);
    res.setHeader("Cache-Control", "public, no-cache");
    if (req.headers["if-none-match"] === entry.etag) {
      res.writeHead(304).end();
      return true;
    }
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": entry.body.length });
    res.end(req.method === "HEAD" ? undefined : entry.body);
    return true;
  }
}
