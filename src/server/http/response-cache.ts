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
const MAX_BYTES = 64 * 1024 * 1024;

export class ResponseCache {
  private version = 0;
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Computations under way: readers arriving meanwhile wait for the same one (no stampede). */
  private readonly pending = new Map<string, { version: number; promise: Promise<Entry | null> }>();

  /** What the cache holds now, for tests and diagnostics. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private listener: (() => void) | null = null;

  /** A write here: what is cached is stale (and the listener tells the shop's other processes, if any). */
  invalidate(): void {
    this.version++;
    this.listener?.();
  }

  /** Another process of the shop wrote: what is cached is stale, and nobody else needs telling. */
  invalidateFromElsewhere(): void {
    this.version++;
  }

  /** Told of every write in this process (invalidate), to tell the shop's other processes. */
  onInvalidate(listener: () => void): void {
    this.listener = listener;
  }

  /** The data version: bumped by every write, so anything computed at an older one is stale (server-drawn pages too). */
  get currentVersion(): number {
    return this.version;
  }

  private clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** Answers from the cache (computing on a miss); returns false to let the caller handle it. */
  async serve(req: IncomingMessage, res: ServerResponse, key: string, compute: () => Promise<unknown>): Promise<boolean> {
    // A hit is answered without waiting on a promise: the hottest path of a launch night.
    const fresh = this.entries.get(key);
    const entry = fresh && fresh.version === this.version ? fresh : await this.computeOnce(key, compute);
    if (!entry) return false;
    this.send(req, res, entry.body, entry.etag);
    return true;
  }

  /**
   * Answers a response made of several cached parts (a tRPC batch of public reads): each part is
   * cached on its own, under the same key whichever batch asked for it, so no combination of calls
   * makes a new entry, and the parts are joined by `assemble` on the way out.
   */
  async serveParts(
    req: IncomingMessage,
    res: ServerResponse,
    parts: Array<{ key: string; compute: () => Promise<unknown> }>,
    assemble: (bodies: Buffer[]) => Buffer,
  ): Promise<boolean> {
    const entries = await Promise.all(parts.map((p) => Promise.resolve(this.entryFor(p.key, p.compute))));
    if (entries.some((e) => !e)) return false;
    const etag = `"${createHash("sha1")
      .update(entries.map((e) => e!.etag).join(","))
      .digest("base64url")}"`;
    this.send(req, res, assemble(entries.map((e) => e!.body)), etag);
    return true;
  }

  /** Not found, a bad id…: null, and the normal handler answers with its error. */
  private entryFor(key: string, compute: () => Promise<unknown>): Entry | Promise<Entry | null> {
    const entry = this.entries.get(key);
    return entry && entry.version === this.version ? entry : this.computeOnce(key, compute);
  }

  private send(req: IncomingMessage, res: ServerResponse, body: Buffer, etag: string): void {
    res.setHeader("ETag", etag);
    res.setHeader("Cache-Control", "public, no-cache");
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "Content-Length": body.length });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  private computeOnce(key: string, compute: () => Promise<unknown>): Promise<Entry | null> {
    const version = this.version;
    const running = this.pending.get(key);
    if (running && running.version === version) return running.promise;
    const promise = compute().then(
      (value) => {
        const body = Buffer.from(JSON.stringify(value));
        const entry = { version, body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
        // Keys follow what clients ask for; bounds on entries and bytes keep odd inputs from growing memory.
        const previous = this.entries.get(key);
        if (previous) this.bytes -= previous.body.length;
        if ((this.entries.size >= MAX_ENTRIES || this.bytes + body.length > MAX_BYTES) && !previous) this.clear();
        this.entries.set(key, entry);
        this.bytes += body.length;
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
