import { randomUUID } from "node:crypto";
import { Readable, Writable } from "node:stream";
import type pg from "pg";
import { putThroughBegin, type ObjectMeta, type ObjectStorage, type PendingObject } from "./storage";

const KEY = /^[a-z0-9-]{8,80}$/;
/** Bytes per row: an upload streams in a chunk at a time, and a reader reads one at a time. */
export const CHUNK_BYTES = 512 * 1024;

/**
 * Uploaded media in the PostgreSQL database (tables media_objects and media_chunks, db/schema/media.ts),
 * for a shop on PostgreSQL, where every process must serve the same files; what the local disk does for
 * one process (docs/decisions/015-postgresql-beside-sqlite.md). The same guarantees as LocalDiskStorage:
 * an upload streams in without being held in memory, a reader sees a whole object or none, and a failed
 * or abandoned upload leaves nothing a reader can find.
 */
export class PostgresObjectStorage implements ObjectStorage {
  constructor(private readonly pool: pg.Pool) {}

  put(key: string, data: Buffer, contentType: string, extra: Omit<ObjectMeta, "contentType"> = {}): Promise<void> {
    return putThroughBegin(this, key, data, contentType, extra);
  }

  /**
   * Chunks are written under a new upload id as they come; commit points the key at that upload (and drops
   * the key's previous bytes) in one transaction, so a reader finds the object only once it is whole.
   */
  async begin(key: string): Promise<PendingObject> {
    if (!KEY.test(key)) throw new Error("invalid object key");
    const uploadId = randomUUID();
    let seq = 0;
    let size = 0;
    let held: Buffer[] = [];
    let heldBytes = 0;
    const writeChunk = async (chunk: Buffer) => {
      await this.pool.query("INSERT INTO media_chunks (upload_id, seq, data) VALUES ($1, $2, $3)", [uploadId, seq++, chunk]);
    };
    const stream = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        held.push(chunk);
        heldBytes += chunk.length;
        size += chunk.length;
        if (heldBytes < CHUNK_BYTES) return done();
        const whole = Buffer.concat(held);
        held = [];
        heldBytes = 0;
        // Whole chunks now, the rest held for the next write: the callback waits for the rows, so a fast
        // sender is slowed to the database's pace instead of filling memory.
        const rows = [];
        for (let at = 0; at + CHUNK_BYTES <= whole.length; at += CHUNK_BYTES) rows.push(whole.subarray(at, at + CHUNK_BYTES));
        const rest = whole.subarray(rows.length * CHUNK_BYTES);
        if (rest.length) {
          held = [rest];
          heldBytes = rest.length;
        }
        rows.reduce((p, row) => p.then(() => writeChunk(row)), Promise.resolve()).then(() => done(), done);
      },
      final: (done) => {
        const rest = Buffer.concat(held);
        held = [];
        if (!rest.length) return done();
        writeChunk(rest).then(() => done(), done);
      },
    });
    stream.on("error", () => {}); // reported to whoever is writing; abort() cleans up
    const finished = new Promise<void>((resolve, reject) => {
      stream.once("finish", resolve);
      stream.once("close", () => (stream.writableFinished ? resolve() : reject(new Error("upload was not finished"))));
    });
    finished.catch(() => {});
    let settled = false;
    const dropChunks = () => this.pool.query("DELETE FROM media_chunks WHERE upload_id = $1", [uploadId]).then(() => undefined);
    return {
      stream,
      commit: async (contentType, extra = {}) => {
        if (settled) throw new Error("upload already settled");
        settled = true;
        await finished;
        const client = await this.pool.connect();
        try {
          await client.query("BEGIN");
          const previous = await client.query<{ upload_id: string }>("SELECT upload_id FROM media_objects WHERE key = $1 FOR UPDATE", [key]);
          await client.query(
            `INSERT INTO media_objects (key, upload_id, content_type, cleaned, size, created_at) VALUES ($1, $2, $3, $4, $5, now())
             ON CONFLICT (key) DO UPDATE SET upload_id = EXCLUDED.upload_id, content_type = EXCLUDED.content_type, cleaned = EXCLUDED.cleaned, size = EXCLUDED.size, created_at = EXCLUDED.created_at`,
            [key, uploadId, contentType, extra.cleaned === true, size],
          );
          if (previous.rows[0]) await client.query("DELETE FROM media_chunks WHERE upload_id = $1", [previous.rows[0].upload_id]);
          await client.query("COMMIT");
        } catch (err) {
          await client.query("ROLLBACK").catch(() => {});
          await dropChunks().catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      },
      abort: async () => {
        if (settled) return;
        settled = true;
        stream.destroy();
        await finished.catch(() => {});
        await dropChunks();
      },
    };
  }

  async get(key: string) {
    if (!KEY.test(key)) return null;
    const found = await this.pool.query<{ upload_id: string; content_type: string; cleaned: boolean; size: string }>(
      "SELECT upload_id, content_type, cleaned, size FROM media_objects WHERE key = $1",
      [key],
    );
    const meta = found.rows[0];
    if (!meta) return null;
    const pool = this.pool;
    // One chunk at a time, as the reader asks for it.
    async function* chunks() {
      for (let seq = 0; ; seq++) {
        const row = await pool.query<{ data: Buffer }>("SELECT data FROM media_chunks WHERE upload_id = $1 AND seq = $2", [meta!.upload_id, seq]);
        if (!row.rows[0]) return;
        yield row.rows[0].data;
      }
    }
    return { stream: Readable.from(chunks()), contentType: meta.content_type, size: Number(meta.size), ...(meta.cleaned ? { cleaned: true } : {}) };
  }

  async remove(key: string): Promise<void> {
    if (!KEY.test(key)) throw new Error("invalid object key");
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const gone = await client.query<{ upload_id: string }>("DELETE FROM media_objects WHERE key = $1 RETURNING upload_id", [key]);
      if (gone.rows[0]) await client.query("DELETE FROM media_chunks WHERE upload_id = $1", [gone.rows[0].upload_id]);
      await client.query("COMMIT");
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
}
