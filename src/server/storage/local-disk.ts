import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { putThroughBegin, type ObjectMeta, type ObjectStorage, type PendingObject } from "./storage";

const KEY = /^[a-z0-9-]{8,80}$/;
/** Files being written; the leading dot keeps them out of KEY, so they can never be served. */
const TEMP = /^\.upload-.+\.tmp$/;
/** A temporary file this old was left by a crash, not by an upload still running. */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

export class LocalDiskStorage implements ObjectStorage {
  private swept = false;

  constructor(private readonly dir: string) {}

  private path(key: string): string {
    if (!KEY.test(key)) throw new Error("invalid object key");
    return join(this.dir, key);
  }

  put(key: string, data: Buffer, contentType: string, extra: Omit<ObjectMeta, "contentType"> = {}): Promise<void> {
    return putThroughBegin(this, key, data, contentType, extra);
  }

  /**
   * Writes to a temporary file in the same folder, then renames it into place on commit: a reader
   * sees the whole object or none of it, and a failed or abandoned upload leaves nothing behind.
   */
  async begin(key: string): Promise<PendingObject> {
    const target = this.path(key);
    await mkdir(this.dir, { recursive: true });
    if (!this.swept) {
      this.swept = true;
      await this.sweepStaleTemp();
    }
    const temp = join(this.dir, `.upload-${key}-${randomBytes(6).toString("hex")}.tmp`);
    const stream = createWriteStream(temp, { flags: "wx" });
    const closed = new Promise<void>((resolve) => stream.once("close", resolve));
    stream.on("error", () => {}); // reported to whoever is writing; abort() cleans up
    let settled = false;
    return {
      stream,
      commit: async (contentType, extra = {}) => {
        if (settled) throw new Error("upload already settled");
        settled = true;
        await closed;
        try {
          // Metadata first: get() finds an object only once its bytes are renamed into place.
          await writeFile(`${target}.json`, JSON.stringify({ contentType, ...extra }));
          await rename(temp, target);
        } catch (err) {
          await Promise.all([rm(temp, { force: true }), rm(`${target}.json`, { force: true })]);
          throw err;
        }
      },
      abort: async () => {
        if (settled) return;
        settled = true;
        stream.destroy();
        await closed; // the file may be created by an open still in flight: remove it after
        await rm(temp, { force: true });
      },
    };
  }

  private async sweepStaleTemp(): Promise<void> {
    const now = Date.now();
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      if (!TEMP.test(name)) continue;
      const info = await stat(join(this.dir, name)).catch(() => null);
      if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(join(this.dir, name), { force: true });
    }
  }

  async get(key: string) {
    if (!KEY.test(key)) return null;
    try {
      const [meta, info] = await Promise.all([readFile(`${this.path(key)}.json`, "utf8"), stat(this.path(key))]);
      const { contentType, cleaned } = JSON.parse(meta) as ObjectMeta;
      return { stream: createReadStream(this.path(key)), contentType, size: info.size, ...(cleaned ? { cleaned } : {}) };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
    await rm(`${this.path(key)}.json`, { force: true });
  }
}
