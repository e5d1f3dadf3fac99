import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Public reads answered from memory. Every entry remembers the data version it was computed at;
 * any successful write bumps the version, so a read after a write is never stale. ETags let
 * browsers and proxies revalidate with a 304.
 */
interface Entry {
  version: number;
  body: Buffer;
  etag: string;
}

const MAX_ENTRIES = 5000;

export class ResponseCache {
  private version = 0;
  private readonly entries = new Map<string, Entry>();
  /** Computations under way: readers arriving meanwhile wait for the same one (no stampede). */
  private readonly pending = new Map<string, { version: number; promise: Promise<Entry | null> }>();

  invalidate(): void {
    this.version++;
    if (this.entries.size > 5000) this.entries.clear();
  }

  /** Answers from the cache (computing on a miss); returns false to let the caller handle it. */
  async serve(req: IncomingMessage, res: ServerResponse, key: string, compute: () => Promise<unknown>): Promise<boolean> {
    let entry = this.entries.get(key);
    if (!entry || entry.version !== this.version) {
      entry = (await this.computeOnce(key, compute)) ?? undefined;
      // Not found, a bad id…: the normal handler answers with its error.
      if (!entry) return false;
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

  private computeOnce(key: string, compute: () => Promise<unknown>): Promise<Entry | null> {
    const version = this.version;
    const running = this.pending.get(key);
    if (running && running.version === version) return running.promise;
    const promise = compute().then(
      (value) => {
        const body = Buffer.from(JSON.stringify(value));
        const entry = { version, body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
        // Keys follow what clients ask for; a bound keeps odd inputs from growing memory.
        if (this.entries.size >= MAX_ENTRIES && !this.entries.has(key)) this.entries.clear();
        this.entries.set(key, entry);
        return entry;
      },
      () => null,
    );
    const job = { version, promise };
    this.pending.set(key, job);
    void promise.finally(() => {
      if (this.pending.get(key) === job) this.pending.delete(key);
    });
    return promise;
  }
}
